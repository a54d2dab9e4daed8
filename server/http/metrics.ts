/**
 * The server's Prometheus metrics through prom-client, the ecosystem's standard: the
 * application's counters and gauges beside the default process metrics (event-loop lag, heap,
 * GC pauses, open handles, CPU), so an overloaded server shows why. One registry per server
 * (tests run several in one process); gauges may be computed on scrape.
 */
import client from 'prom-client';

type Labels = Record<string, string>;

/** A counter whose label names are declared with it. */
export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export class MetricsRegistry {
  readonly registry = new client.Registry();

  /** `defaults: false` leaves out the process metrics (unit tests of one piece). */
  constructor(options: { defaults?: boolean } = {}) {
    if (options.defaults ?? true)
      client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
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
    return this.registry.metrics();
  }
}
