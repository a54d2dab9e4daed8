/**
 * Hub errors of SPEC §8 as a closed set of codes. `disconnected` and `connectFailed` are
 * retriable (the channel recovers by itself); `unknownHub` is a programming error.
 */
export type HubErrorCode = 'connectFailed' | 'acquireFailed' | 'unknownHub' | 'disconnected';

export class HubError extends Error {
  readonly code: HubErrorCode;
  constructor(code: HubErrorCode, message: string) {
    super(message);
    this.name = 'HubError';
    this.code = code;
  }
}

export const hubErrors = {
  connectFailed: (handle: string) => new HubError('connectFailed', `Failed to connect ${handle}`),
  acquireFailed: (client: string) => new HubError('acquireFailed', `Failed to acquire ${client}`),
  unknownHub: () => new HubError('unknownHub', 'unknown hub connection request'),
  disconnected: () => new HubError('disconnected', 'connection disconnected'),
};

/**
 * SIGNALR.md "401 on negotiate": the client gives no status code, only the message
 * "...Unauthorized: Status code '401'", so it is spotted by text.
 */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.includes("Status code '401'");
}
