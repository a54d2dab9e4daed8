/**
 * Sliced work that shares the event loop (issue 58 item 5): one slice per turn of the loop over
 * all jobs, first come first served. A job that yields with `setImmediate` of its own lets the
 * loop turn between its slices, but Node runs every immediate queued before a check phase in
 * that phase: eight stations' history writers, each yielding on its own, ran eight 8 ms slices
 * back to back in one turn and held the loop 50-60 ms. Through this queue the turn holds one.
 */

interface Job {
  slice: () => boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class SliceQueue {
  private readonly jobs: Job[] = [];
  private scheduled = false;

  /** `schedule` runs its function on a later turn of the event loop (setImmediate). */
  constructor(
    private readonly schedule: (fn: () => void) => void = (fn) => {
      setImmediate(fn);
    },
  ) {}

  /** Jobs not finished yet, the running one included. */
  get pending(): number {
    return this.jobs.length;
  }

  /**
   * Runs `slice` once per turn, after the slices of every job queued before it, until it
   * returns true (done); resolves then. A slice that throws rejects its own job only.
   */
  run(slice: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ slice, resolve, reject });
      this.wake();
    });
  }

  private wake(): void {
    if (this.scheduled || this.jobs.length === 0) return;
    this.scheduled = true;
    this.schedule(this.turn);
  }

  private readonly turn = (): void => {
    this.scheduled = false;
    const job = this.jobs[0];
    if (!job) return;
    let done: boolean;
    try {
      done = job.slice();
    } catch (error) {
      this.jobs.shift();
      job.reject(error);
      this.wake();
      return;
    }
    if (done) {
      this.jobs.shift();
      job.resolve();
    }
    this.wake();
  };
}
