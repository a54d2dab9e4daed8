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
