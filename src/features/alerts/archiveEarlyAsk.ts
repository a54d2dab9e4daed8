/**
 * The archive opened directly, with the plant's zone already in: the page's first script read
 * it from the settings' answer (`EARLY_ZONE_KEY`, vite.config.ts), usually long before the
 * main chunk has streamed and compiled. The engine is then asked for the archive's first page
 * (AV3f, AV3i) as this module evaluates, first of the main chunk's modules (main.tsx imports
 * it first), instead of from main.tsx's body once React, the router, i18next and the shell
 * have evaluated (40-60 ms of a second tab's main thread, more under load). Without the zone
 * yet, main.tsx asks once the settings are in, as before.
 */
import { EARLY_REQUESTS_KEY, EARLY_ZONE_KEY } from '../../api/earlyRequests.ts';
import { prestartEngine } from '../../live/connectEngine.ts';
import { ARCHIVE_PATH } from './archivePath.ts';
import { prefetchDefaultArchive } from './archiveQuery.ts';

/** The zone the page's first script read, if it has by now. */
function earlyZone(): string | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_REQUESTS_KEY];
  const zone =
    early && typeof early === 'object'
      ? (early as Record<string, unknown>)[EARLY_ZONE_KEY]
      : undefined;
  return typeof zone === 'string' ? zone : undefined;
}

/** Asks now if this tab opens the archive and the zone is in; whether it asked. */
export function askArchiveEarly(pathname: string): boolean {
  const zone = pathname === ARCHIVE_PATH ? earlyZone() : undefined;
  if (zone === undefined) return false;
  try {
    prestartEngine();
    prefetchDefaultArchive(zone);
    return true;
  } catch {
    // A zone the clock cannot use: main.tsx asks as before, and the page shows the error.
    return false;
  }
}

export const archiveAskedEarly: boolean =
  typeof window !== 'undefined' && askArchiveEarly(window.location.pathname);
