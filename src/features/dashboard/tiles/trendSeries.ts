/**
 * The data of a compact live trend: per PV its archived history and the live values since,
 * trimmed to the window, and handed to uPlot as aligned columns `[xs, ...ys]`.
 */
export class TrendSeries {
  private readonly series: { t: number[]; v: (number | null)[] }[];

  constructor(
    count: number,
    private readonly windowMs: number,
  ) {
    this.series = Array.from({ length: count }, () => ({ t: [], v: [] }));
  }

  /** Archived points of one series (ascending); live points already there stay after them. */
  setHistory(index: number, t: readonly number[], v: readonly (number | null)[]): void {
    const s = this.series[index];
    if (!s) return;
    const firstLive = s.t[0] ?? Number.POSITIVE_INFINITY;
    const keep = t.findIndex((x) => x >= firstLive);
    const end = keep === -1 ? t.length : keep;
    s.t = [...t.slice(0, end), ...s.t];
    s.v = [...v.slice(0, end), ...s.v];
  }

  append(index: number, time: number, value: number | null): void {
    const s = this.series[index];
    if (!s) return;
    const last = s.t.length - 1;
    if (last >= 0 && s.t[last]! >= time) {
      if (s.t[last] === time) s.v[last] = value;
      return;
    }
    s.t.push(time);
    s.v.push(value);
  }

  /** Drops points older than the window, keeping one before the cut so the line enters. */
  trim(now: number): void {
    const cut = now - this.windowMs;
    for (const s of this.series) {
      let i = 0;
      while (i + 1 < s.t.length && s.t[i + 1]! < cut) i++;
      if (i > 0) {
        s.t.splice(0, i);
        s.v.splice(0, i);
      }
    }
  }

  get size(): number {
    return this.series.reduce((n, s) => n + s.t.length, 0);
  }

  /**
   * Columns for uPlot: seconds on x, one y per series. A gap (a null from the archive, a bad
   * live value) stays null and breaks the line; a time only another series has is undefined,
   * which uPlot bridges (LINE_GAPS).
   */
  columns(): [number[], ...(number | null | undefined)[][]] {
    const times = [...new Set(this.series.flatMap((s) => s.t))].sort((a, b) => a - b);
    const index = new Map(times.map((t, i) => [t, i]));
    const ys = this.series.map((s) => {
      const y: (number | null | undefined)[] = new Array<undefined>(times.length).fill(undefined);
      s.t.forEach((t, i) => (y[index.get(t)!] = s.v[i] ?? null));
      return y;
    });
    return [times.map((t) => t / 1000), ...ys];
  }
}
