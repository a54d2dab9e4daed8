/**
 * The inactivity clock of the auto-logout (SPEC §9): local activity counts at most once per
 * second, activity reported by other tabs or frames always counts. Pure: the caller passes
 * the time, so tests run it with fake time.
 */
export const ACTIVITY_THROTTLE_MS = 1000;
/** The countdown dialog shows for the last minute. */
export const WARNING_MS = 60_000;

export type InactivityPhase = 'active' | 'warning' | 'expired';

export class InactivityTimer {
  private lastActivity: number;
  private lastCounted = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly timeoutMs: number,
    nowMs: number,
  ) {
    this.lastActivity = nowMs;
  }

  /** A local input event. True when it counted, so the caller tells the other tabs. */
  activity(nowMs: number): boolean {
    if (nowMs - this.lastCounted < ACTIVITY_THROTTLE_MS) return false;
    this.lastCounted = nowMs;
    this.lastActivity = Math.max(this.lastActivity, nowMs);
    return true;
  }

  /** Activity seen elsewhere (another tab, an embedded frame, "stay signed in"). */
  reset(atMs: number): void {
    this.lastActivity = Math.max(this.lastActivity, atMs);
  }

  remainingMs(nowMs: number): number {
    return Math.max(0, this.lastActivity + this.timeoutMs - nowMs);
  }

  phase(nowMs: number): InactivityPhase {
    const remaining = this.remainingMs(nowMs);
    if (remaining <= 0) return 'expired';
    return remaining <= WARNING_MS ? 'warning' : 'active';
  }

  lastActivityAt(): number {
    return this.lastActivity;
  }
}

/** The countdown's step while the dialog shows. */
export const COUNTDOWN_TICK_MS = 1000;
/** The longest the logout clock sleeps (a wake that finds nothing due sleeps again). */
export const MAX_SLEEP_MS = 60_000;

/**
 * How long the logout clock may sleep from `nowMs` (issue 44: an idle tab wakes only when
 * something is due, not once a second): until the warning starts, each second of the
 * countdown, until a renewal of the session lease falls due when one is wanted (the user was
 * active since the last, or a kiosk), never longer than MAX_SLEEP_MS. Null: nothing to wait
 * for (no timeout and no renewal wanted), the next activity wakes it again.
 */
export function logoutClockSleepMs(
  nowMs: number,
  timer: InactivityTimer | null,
  renewal: { wanted: boolean; dueAt: number },
): number | null {
  let sleep = Number.POSITIVE_INFINITY;
  if (timer) {
    const remaining = timer.remainingMs(nowMs);
    sleep =
      remaining <= WARNING_MS ? Math.min(COUNTDOWN_TICK_MS, remaining) : remaining - WARNING_MS;
  }
  if (renewal.wanted) sleep = Math.min(sleep, renewal.dueAt - nowMs);
  return Number.isFinite(sleep) ? Math.min(MAX_SLEEP_MS, Math.max(0, sleep)) : null;
}
