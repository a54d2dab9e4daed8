/**
 * A read that follows a changing count without following every change: the first change
 * after a quiet spell reads at once, later ones within `gapMs` of the last read's start are
 * taken together into one read at the gap's end, and a read in flight is never cancelled for
 * a newer change (its answer is shown, the next read follows). Under an alarm flood, where
 * the remote alarms' count changes with every alarm, the rows above the current alert list
 * are read about once per gap instead of once per alarm, each read cancelled by the next
 * (RemoteAlarmRows.tsx; bench/README.md "The current alert list at rest and at low rates").
 */
export class ThrottledRead<T> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;
  private wanted = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  /** Answers of an earlier generation (before `cancel`) are dropped. */
  private generation = 0;
  private readonly controller = new AbortController();

  constructor(
    private readonly read: (signal: AbortSignal) => Promise<T>,
    private readonly onData: (data: T) => void,
    private readonly gapMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** What was read is out of date: read again, now or at the gap's end. */
  request(): void {
    this.wanted = true;
    this.pump();
  }

  /** Nothing to read any more (the count fell to 0): no read follows, no answer is taken. */
  cancel(): void {
    this.wanted = false;
    this.generation++;
    this.clearTimer();
  }

  dispose(): void {
    this.cancel();
    this.controller.abort();
  }

  private pump(): void {
    if (!this.wanted || this.busy || this.timer !== null || this.controller.signal.aborted) return;
    const wait = this.lastStart + this.gapMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    this.wanted = false;
    this.busy = true;
    this.lastStart = this.now();
    const generation = this.generation;
    this.read(this.controller.signal)
      .then(
        (data) => {
          if (generation === this.generation && !this.controller.signal.aborted) this.onData(data);
        },
        () => undefined,
      )
      .finally(() => {
        this.busy = false;
        this.pump();
      });
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
