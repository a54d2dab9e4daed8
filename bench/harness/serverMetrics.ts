/**
 * Names of the server's Prometheus series that scenarios read. One place, so a rename on
 * the server is a one-line change here.
 */
export const SERVER_METRICS = {
  /** Gauge: hub WebSocket connections open now. */
  hubConnections: 'pegel_hub_connections',
  /** Gauge: keys subscribed on the server, across hubs and connections. */
  hubSubscriptions: 'pegel_hub_subscribed_keys',
  /** Counter: values pushed to clients. */
  valuesSent: 'pegel_hub_values_sent_total',
} as const;
