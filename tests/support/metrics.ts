/**
 * Reads one metric of a Prometheus text exposition into a map from label set to value, through
 * the one parser of tests and bench (bench/harness/prometheus.ts).
 */
import { parsePrometheusText } from '../../bench/harness/prometheus.ts';

/** Label sets as `name=value,name=value` in the exposition's order; `''` for none. */
export function metricValues(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const sample of parsePrometheusText(text).find(name))
    out.set(
      Object.entries(sample.labels)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
      sample.value,
    );
  return out;
}
