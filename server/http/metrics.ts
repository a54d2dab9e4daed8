/**
 * A minimal Prometheus registry (text exposition format 0.0.4): counters and gauges with
 * labels. Gauges may be computed on scrape through a collect callback.
 */

type Labels = Record<string, string>;

function labelKey(labels: Labels): string {
  const parts = Object.keys(labels)
    .sort()
    .map(
      (k) =>
        `${k}="${String(labels[k]).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
    );
  return parts.length ? `{${parts.join(',')}}` : '';
}

abstract class Metric {
  protected readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly kind: 'counter' | 'gauge',
  ) {}

  get(labels: Labels = {}): number {
    return this.values.get(labelKey(labels)) ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.kind}`];
    for (const [key, value] of this.values) lines.push(`${this.name}${key} ${value}`);
    return lines.join('\n');
  }
}

export class Counter extends Metric {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1): void {
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
}

export class Gauge extends Metric {
  constructor(
    name: string,
    help: string,
    private readonly collect?: (set: (labels: Labels, value: number) => void) => void,
  ) {
    super(name, help, 'gauge');
  }
  set(labels: Labels, value: number): void {
    this.values.set(labelKey(labels), value);
  }
  override render(): string {
    if (this.collect) {
      this.values.clear();
      this.collect((labels, value) => this.set(labels, value));
    }
    return super.render();
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help));
  }

  gauge(
    name: string,
    help: string,
    collect?: (set: (labels: Labels, value: number) => void) => void,
  ): Gauge {
    return this.add(new Gauge(name, help, collect));
  }

  private add<M extends Metric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`Metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  render(): string {
    return [...this.metrics.values()].map((m) => m.render()).join('\n') + '\n';
  }
}
