/**
 * The server's Prometheus metrics through prom-client, the ecosystem's standard: the
 * application's counters and gauges beside the default process metrics (event-loop lag, heap,
 * GC pauses, open handles, CPU), so an overloaded server shows why. One registry per server
 * (tests run several in one process); gauges may be computed on scrape.
 *
 * One event-loop delay histogram per registry: prom-client's default collector starts its own
 * (`nodejs_eventloop_lag_*`) beside ours, and each wakes the idle server on its own timer
 * (bench/README.md "One event-loop histogram"). Its default metrics are registered here one by
 * one, as `collectDefaultMetrics` does, all but `eventLoopLag`, whose gauges ours feeds.
 */
import { createRequire } from 'node:module';
import perfHooks, { type IntervalHistogram } from 'node:perf_hooks';
import client from 'prom-client';

/** The delay histogram's timer: 10 ms finds a stall of a frame or more (issue 58 item 5). */
export const EVENT_LOOP_RESOLUTION_MS = 10;

/**
 * How late the histogram's timer fired, in seconds: `monitorEventLoopDelay` records the whole
 * time between two of its turns, the timer's own interval included (an idle loop reads
 * 9.6-10.3 ms at a 10 ms resolution), so the interval comes off. An early turn counts as 0.
 */
export function delayBeyondInterval(ns: number, resolutionMs = EVENT_LOOP_RESOLUTION_MS): number {
  if (!Number.isFinite(ns)) return 0;
  return Math.max(0, ns / 1e9 - resolutionMs / 1000);
}

/** One of prom-client's default metrics: `lib/metrics/<name>.js`, as its collector calls it. */
type DefaultMetric = (registry: client.Registry, config: Record<string, unknown>) => void;

const requireHere = createRequire(import.meta.url);

/**
 * prom-client's default metrics but its event-loop lag, registered into `registry` exactly as
 * `collectDefaultMetrics` does (its `metricsList`, each module with the same config). prom-client
 * 15 has no option to leave one out (prometheus/client_js#689 is open), so its modules are
 * taken one by one; `nodejs_eventloop_lag_*` come from our histogram instead.
 */
function defaultMetricsButLag(registry: client.Registry): void {
  const config = { register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS };
  for (const name of client.collectDefaultMetrics.metricsList) {
    if (name === 'eventLoopLag') continue;
    const metric = requireHere(`prom-client/lib/metrics/${name}.js`) as DefaultMetric;
    metric(registry, config);
  }
}

type Labels = Record<string, string>;

/** A counter whose label names are declared with it. */
export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export class MetricsRegistry {
  readonly registry = new client.Registry();
  private delay: IntervalHistogram | null = null;
  private beforeRender: () => void = () => {};

  /** `defaults: false` leaves out the process metrics (unit tests of one piece). */
  constructor(options: { defaults?: boolean } = {}) {
    if (options.defaults ?? true) {
      defaultMetricsButLag(this.registry);
      this.eventLoopDelay();
    }
  }

  /**
   * The event loop's delay since the previous scrape, from `monitorEventLoopDelay`: p50, p99
   * and the longest stall, as a summary's quantiles (max = quantile 1) with the sample count.
   * A hub frame, a sign-in and a chart read all wait behind a stall; the bench holds p99
   * ≤ 20 ms while sign-ins and archive reads run (bench/scenarios/serverStall.ts).
   *
   * The same snapshot feeds prom-client's `nodejs_eventloop_lag_*` gauges, with their meaning
   * (the histogram's raw figures, the timer's interval in them, as prom-client's own collector
   * gives them at its default precision of 10 ms), and `nodejs_eventloop_lag_seconds` as
   * prom-client measures it: how long the previous scrape's `setImmediate` waited.
   */
  private eventLoopDelay(): void {
    // Through the module object, not a named import: one place to count the histograms started.
    const histogram = perfHooks.monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    histogram.enable();
    this.delay = histogram;
    const seconds = (ns: number) => delayBeyondInterval(ns);
    const registers = [this.registry];
    const quantiles = new client.Gauge({
      name: 'pegel_event_loop_delay_seconds',
      help: 'Event-loop delay since the previous scrape (monitorEventLoopDelay, its 10 ms interval taken off): quantile 0.5, 0.99 and 1 (the longest)',
      labelNames: ['quantile'],
      registers,
    });
    const samples = new client.Gauge({
      name: 'pegel_event_loop_delay_samples',
      help: 'Samples of the event-loop delay since the previous scrape; the histogram restarts after each scrape',
      registers,
    });
    const lag = (name: string, help: string) =>
      new client.Gauge({ name: `nodejs_eventloop_lag_${name}_seconds`, help, registers });
    const lagMin = lag('min', 'The minimum recorded event loop delay.');
    const lagMax = lag('max', 'The maximum recorded event loop delay.');
    const lagMean = lag('mean', 'The mean of the recorded event loop delays.');
    const lagStddev = lag('stddev', 'The standard deviation of the recorded event loop delays.');
    const lagP50 = lag('p50', 'The 50th percentile of the recorded event loop delays.');
    const lagP90 = lag('p90', 'The 90th percentile of the recorded event loop delays.');
    const lagP99 = lag('p99', 'The 99th percentile of the recorded event loop delays.');
    let immediateStart = 0n;
    const immediateLag = new client.Gauge({
      name: 'nodejs_eventloop_lag_seconds',
      help: 'Lag of event loop in seconds.',
      registers,
      aggregator: 'average',
    });
    const immediateDone = () => {
      immediateLag.set(Number(process.hrtime.bigint() - immediateStart) / 1e9);
    };
    // One snapshot per scrape, taken before any gauge is read, then the histogram restarts.
    this.beforeRender = () => {
      const p50 = histogram.percentile(50);
      const p99 = histogram.percentile(99);
      quantiles.set({ quantile: '0.5' }, seconds(p50));
      quantiles.set({ quantile: '0.99' }, seconds(p99));
      quantiles.set({ quantile: '1' }, seconds(histogram.max));
      samples.set(histogram.count);
      lagMin.set(histogram.min / 1e9);
      lagMax.set(histogram.max / 1e9);
      lagMean.set(histogram.mean / 1e9);
      lagStddev.set(histogram.stddev / 1e9);
      lagP50.set(p50 / 1e9);
      lagP90.set(histogram.percentile(90) / 1e9);
      lagP99.set(p99 / 1e9);
      histogram.reset();
      immediateStart = process.hrtime.bigint();
      setImmediate(immediateDone);
    };
  }

  /** Stops the delay histogram's timer (the server closes). */
  close(): void {
    this.delay?.disable();
    this.delay = null;
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    const counter = new client.Counter({
      name,
      help,
      labelNames,
      registers: [this.registry],
    });
    return {
      inc: (labels = {}, by = 1) => {
        if (by > 0) counter.inc(labels, by);
      },
    };
  }

  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    collect: (set: (labels: Labels, value: number) => void) => void,
  ): void {
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        // Label sets that are gone (a closed hub) must not linger with their last value.
        this.reset();
        collect((labels, value) => this.set(labels, value));
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    this.beforeRender();
    return this.registry.metrics();
  }
}
