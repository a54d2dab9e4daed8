/** Updates per second over a sliding window of simulated time, for the metrics gauge. */
const WINDOW_MS = 5_000;
const SLOTS = 512;

export class UpdateRate {
  private readonly times = new Float64Array(SLOTS);
  private readonly counts = new Float64Array(SLOTS);
  private next = 0;
  private size = 0;

  record(time: number, count: number): void {
    this.times[this.next] = time;
    this.counts[this.next] = count;
    this.next = (this.next + 1) % SLOTS;
    this.size = Math.min(SLOTS, this.size + 1);
  }

  perSecond(now: number): number {
    let sum = 0;
    let oldest = now;
    for (let k = 1; k <= this.size; k++) {
      const i = (this.next - k + SLOTS) % SLOTS;
      const t = this.times[i]!;
      if (t <= now - WINDOW_MS) break;
      sum += this.counts[i]!;
      oldest = t;
    }
    // The oldest tick in the window covered the time since its predecessor, about one tick.
    const span = Math.max(now - oldest + this.tickGuess(), 1);
    return Math.round((sum * 1000) / Math.min(span, WINDOW_MS));
  }

  private tickGuess(): number {
    if (this.size < 2) return 1000;
    const a = this.times[(this.next - 1 + SLOTS) % SLOTS]!;
    const b = this.times[(this.next - 2 + SLOTS) % SLOTS]!;
    return Math.max(1, a - b);
  }
}
