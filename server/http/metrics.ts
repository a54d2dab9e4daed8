/**
 * The server's Prometheus metrics through prom-client, the ecosystem's standard: the
 * application's counters and gauges beside the default process metrics (event-loop lag, heap,
 * GC pauses, open handles, CPU), so an overloaded server shows why. One registry per server
 * (tests run several in one process); gauges may be computed on scrape.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
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
      client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
      this.eventLoopDelay();
    }
  }

  /**
   * The event loop's delay since the previous scrape, from `monitorEventLoopDelay`: p50, p99
   * and the longest stall, as a summary's quantiles (max = quantile 1) with the sample count.
   * A hub frame, a sign-in and a chart read all wait behind a stall; the bench holds p99
   * ≤ 20 ms while sign-ins and archive reads run (bench/scenarios/serverStall.ts).
   */
  private eventLoopDelay(): void {
    const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    histogram.enable();
    this.delay = histogram;
    const seconds = (ns: number) => delayBeyondInterval(ns);
    const quantiles = new client.Gauge({
      name: 'pegel_event_loop_delay_seconds',
      help: 'Event-loop delay since the previous scrape (monitorEventLoopDelay, its 10 ms interval taken off): quantile 0.5, 0.99 and 1 (the longest)',
      labelNames: ['quantile'],
      registers: [this.registry],
    });
    const samples = new client.Gauge({
      name: 'pegel_event_loop_delay_samples',
      help: 'Samples of the event-loop delay since the previous scrape; the histogram restarts after each scrape',
      registers: [this.registry],
    });
    // One snapshot per scrape, taken before any gauge is read, then the histogram restarts.
    this.beforeRender = () => {
      quantiles.set({ quantile: '0.5' }, seconds(histogram.percentile(50)));
      quantiles.set({ quantile: '0.99' }, seconds(histogram.percentile(99)));
      quantiles.set({ quantile: '1' }, seconds(histogram.max));
      samples.set(histogram.count);
      histogram.reset();
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
