/**
 * Names of the server's Prometheus series that scenarios read. One place, so a rename on
 * the server is a one-line change here.
 */
import type { BenchServer } from './context.ts';
import type { MetricsSnapshot } from './prometheus.ts';

export const SERVER_METRICS = {
  /** Gauge: hub WebSocket connections open now. */
  hubConnections: 'pegel_hub_connections',
  /** Gauge: keys subscribed on the server, across hubs and connections. */
  hubSubscriptions: 'pegel_hub_subscribed_keys',
  /** Counter: values pushed to clients. */
  valuesSent: 'pegel_hub_values_sent_total',
} as const;

/** PV values the server has pushed to all its clients so far (PV hub). */
export async function pvValuesSent(server: BenchServer): Promise<number> {
  const m = await server.metrics();
  if (!m.has(SERVER_METRICS.valuesSent))
    throw new Error(`the server's /metrics has no ${SERVER_METRICS.valuesSent}`);
  return m.sum(SERVER_METRICS.valuesSent, { hub: 'pv' });
}

/**
 * The soak runs' leak figures of the server: hub WebSockets and subscribed keys gained from
 * `start` to `end` (a tab that keeps its leases gains none).
 */
export function hubGrowthFigures(start: MetricsSnapshot, end: MetricsSnapshot) {
  const growth = (name: string) => end.sum(name) - start.sum(name);
  return {
    socketGrowth: { value: [growth(SERVER_METRICS.hubConnections)] },
    subscriptionGrowth: { value: [growth(SERVER_METRICS.hubSubscriptions)] },
  };
}
