/** Anything thrown or rejected, as an Error (a rejected value need not be one). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
