/** What the bench reads from a baseline tab (window.__baseline). */
export interface BaselineStats {
  state: 'connecting' | 'connected' | 'failed';
  error: string | null;
  /** Hub messages and PV values received since the page loaded. */
  messages: number;
  values: number;
  /** React commits of the dashboard. */
  renders: number;
  /** Server-to-screen latency samples (ms, Date.now() at commit − value timestamp). */
  latenciesMs: number[];
  /** performance.now() of the last reset (or the page's start): what the counters cover. */
  since: number;
  /** Empties the counters and samples, for a measurement window. */
  reset(): void;
}

/** Latency samples kept per window; enough for p95 without growing without bound. */
export const LATENCY_SAMPLE_CAP = 20_000;

export function createBaselineStats(): BaselineStats {
  const stats: BaselineStats = {
    state: 'connecting',
    error: null,
    messages: 0,
    values: 0,
    renders: 0,
    latenciesMs: [],
    since: performance.now(),
    reset() {
      stats.messages = 0;
      stats.values = 0;
      stats.renders = 0;
      stats.latenciesMs = [];
      stats.since = performance.now();
    },
  };
  return stats;
}
