/**
 * When a tab may load a new version, and which version the tabs of a browser run (README
 * "Offline start and updates"). Pure rules; src/app/update/updates.ts applies them.
 */
import type { AlertCounts } from '../../live/index.ts';

/** What the page is doing now, as far as a reload could lose it. */
export interface PageMoment {
  /** A dialog is open (a command being confirmed, a form, the navigation drawer). */
  dialogOpen: boolean;
  /** An input holds text or a choice the operator has not sent yet. */
  unsentInput: boolean;
  /**
   * An alarm of priority 0 or 1 (0 is the highest) waits for acknowledgement, active or
   * returned; null while the tab does not know the alerts yet (no engine, no server).
   */
  urgentAlarm: boolean | null;
}

/**
 * Who asks for the reload: the operator (the update prompt's button), or the tab itself
 * (a wall monitor, or a tab whose engine an other version has replaced).
 */
export type ReloadTrigger = 'operator' | 'automatic';

/**
 * PWA1: a reload never throws away an open dialog or an unsent input. One the tab starts by
 * itself also waits while an urgent alarm waits for acknowledgement, and while it cannot tell
 * (the reload would blank the alarm banner the room is looking at). The operator who chose to
 * reload has seen the alarms.
 */
export function mayReloadNow(moment: PageMoment, trigger: ReloadTrigger): boolean {
  if (moment.dialogOpen || moment.unsentInput) return false;
  if (trigger === 'operator') return true;
  return moment.urgentAlarm === false;
}

/** The most important priorities: an unacknowledged active alarm of these holds a reload. */
export const URGENT_PRIORITY_MAX = 1;

/**
 * PWA1: whether an alarm of priority 0 or 1 waits for acknowledgement, from the alert counts
 * (the newest unacknowledged alert of the most important priority); null until the pending
 * alerts are known. A returned one counts too: the room has not seen it yet (and the newest of
 * a priority may have returned while an older one of it is still active).
 */
export function urgentAlarmOf(counts: AlertCounts | null): boolean | null {
  if (!counts?.ready) return null;
  const top = counts.top;
  return top !== null && top.priority <= URGENT_PRIORITY_MAX;
}

/** The version a tab runs: its build (an ISO time, so later builds sort later) and engine. */
export interface RunningVersion {
  build: string;
  /** The engine worker's script (its name carries a hash of its code). */
  engine: string;
}

/**
 * What a tab does about the version another tab of the browser announced:
 * - `same`: nothing;
 * - `newerPage`: a newer build with the same engine code: the prompt offers it (the operator
 *   chooses the moment; a wall monitor takes the next quiet one);
 * - `newerEngine`: a newer build whose engine is another: this tab still talks to the old
 *   engine, which the newer tabs have left; it reloads by itself at the next quiet moment;
 * - `older`: an older build (a tab opened from a stale cache, or a version taken back on the
 *   server): this tab keeps running; the older tab follows the newer one.
 */
export type VersionVerdict = 'same' | 'newerPage' | 'newerEngine' | 'older';

/** PWA2: the version rule. */
export function compareVersions(mine: RunningVersion, other: RunningVersion): VersionVerdict {
  if (other.build === mine.build) return 'same';
  if (other.build < mine.build) return 'older';
  return other.engine === mine.engine ? 'newerPage' : 'newerEngine';
}

/** A version as another tab announced it (storage, broadcast): checked, never trusted. */
export function parseVersion(value: unknown): RunningVersion | null {
  if (typeof value !== 'object' || value === null) return null;
  const { build, engine } = value as Record<string, unknown>;
  return typeof build === 'string' && typeof engine === 'string' && build && engine
    ? { build, engine }
    : null;
}
