import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from '../../../bench/harness/prometheus.ts';

const TEXT = `# HELP pegel_http_requests_total HTTP requests by route and status
# TYPE pegel_http_requests_total counter
pegel_http_requests_total{method="GET",route="/api/a",status="200"} 3
pegel_http_requests_total{method="GET",route="/api/b, \\"odd\\" {x}",status="404"} 2
# TYPE pegel_hub_connections gauge
pegel_hub_connections{hub="pv"} 1
pegel_hub_connections{hub="alert"} 2
pegel_uptime_seconds 12.5 1700000000000
pegel_weird +Inf
`;

describe('bench metrics parser', () => {
  it('BENCH-MET1: reads samples with labels, escaped quotes, commas and braces in values', () => {
    const m = parsePrometheusText(TEXT);
    expect(m.find('pegel_http_requests_total')).toHaveLength(2);
    expect(m.find('pegel_http_requests_total', { status: '404' })[0]?.labels.route).toBe(
      '/api/b, "odd" {x}',
    );
    expect(m.types.get('pegel_hub_connections')).toBe('gauge');
  });

  it('BENCH-MET2: sums over matching label sets; absent series sum to 0', () => {
    const m = parsePrometheusText(TEXT);
    expect(m.sum('pegel_hub_connections')).toBe(3);
    expect(m.sum('pegel_hub_connections', { hub: 'pv' })).toBe(1);
    expect(m.sum('pegel_nothing')).toBe(0);
    expect(m.has('pegel_nothing')).toBe(false);
  });

  it('BENCH-MET3: reads samples without labels, with timestamps and infinities', () => {
    const m = parsePrometheusText(TEXT);
    expect(m.sum('pegel_uptime_seconds')).toBe(12.5);
    expect(m.sum('pegel_weird')).toBe(Number.POSITIVE_INFINITY);
  });
});
