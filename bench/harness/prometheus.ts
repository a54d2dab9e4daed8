/**
 * Parser for the Prometheus text exposition format (0.0.4) that the server serves at
 * GET /metrics. Scenarios read counters and gauges such as open WebSockets, leases and
 * subscriptions before, during and after a run.
 */

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricsSnapshot {
  samples: MetricSample[];
  types: Map<string, string>;
  /** Sum of every sample of `name` whose labels include all of `labels`; 0 when absent. */
  sum(name: string, labels?: Record<string, string>): number;
  /** The samples of `name` whose labels include all of `labels`. */
  find(name: string, labels?: Record<string, string>): MetricSample[];
  has(name: string): boolean;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(?:\s+\S+)?$/;

function unescapeLabel(value: string): string {
  return value.replace(/\\(["\\n])/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  // NOTE: label values may contain commas, braces and escaped quotes, so scan quoted strings.
  const re = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*,?/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) labels[m[1]!] = unescapeLabel(m[2]!);
  return labels;
}

function parseValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

function matches(sample: MetricSample, labels: Record<string, string>): boolean {
  return Object.entries(labels).every(([k, v]) => sample.labels[k] === v);
}

export function parsePrometheusText(text: string): MetricsSnapshot {
  const samples: MetricSample[] = [];
  const types = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const t = /^#\s*TYPE\s+(\S+)\s+(\S+)/.exec(line);
      if (t) types.set(t[1]!, t[2]!);
      continue;
    }
    const m = SAMPLE_LINE.exec(line);
    if (!m) continue;
    samples.push({ name: m[1]!, labels: m[3] ? parseLabels(m[3]) : {}, value: parseValue(m[4]!) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && matches(s, labels));
  return {
    samples,
    types,
    find,
    sum: (name, labels) => find(name, labels).reduce((a, s) => a + s.value, 0),
    has: (name) => samples.some((s) => s.name === name),
  };
}

/** Fetches and parses GET /metrics of a server. */
export async function scrapeMetrics(baseUrl: string): Promise<MetricsSnapshot> {
  const res = await fetch(new URL('/metrics', baseUrl));
  if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
  return parsePrometheusText(await res.text());
}
