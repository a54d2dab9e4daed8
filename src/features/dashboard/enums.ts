/**
 * Checks of the dashboard enumerations (SPEC §2: each admits Unspecified; SPEC §4: an
 * unknown case is an error). A tile with an unusable value shows a clear tile error.
 */
export function knownCase<T extends string>(
  all: readonly T[],
  value: string | undefined,
): T | null {
  if (value === undefined || value === 'Unspecified') return null;
  return (all as readonly string[]).includes(value) ? (value as T) : null;
}

/** Only web URLs (SPEC §2 'Fehlerhafter Pfad'): http(s), relative ones against this origin. */
export function webUrl(text: string | undefined, origin: string): string | null {
  if (!text) return null;
  try {
    const url = new URL(text, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
