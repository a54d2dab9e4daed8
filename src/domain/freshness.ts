/**
 * Freshness (issue 12 item 7): data is stale when its age exceeds the interval in which new
 * data is expected, not when it simply has not changed. The live link pushes only changes;
 * what proves that a quiet value is still current is the hub's keep-alive: the server pings
 * every HUB_KEEP_ALIVE_MS when it has nothing else to send, and the SignalR client drops the
 * connection when no frame at all arrived for HUB_SERVER_TIMEOUT_MS. So while the link is
 * connected, every value it carries is at most HUB_SERVER_TIMEOUT_MS behind the plant,
 * however long ago it last changed; once it is not connected, the age since the last data is
 * what the user must see.
 */

/** server/hubs/HubServer.ts keepAliveIntervalMs (the SignalR default). */
export const HUB_KEEP_ALIVE_MS = 15_000;
/** The @microsoft/signalr client's serverTimeoutInMilliseconds default. */
export const HUB_SERVER_TIMEOUT_MS = 30_000;

export interface FreshnessInput {
  /** True while the link (every hub) is connected. */
  connected: boolean;
  /** When data last arrived; null when none has. */
  lastDataAt: number | null;
  now: number;
  /** The interval in which new data is expected (a station's polling); none for pushed data. */
  expectedIntervalMs?: number;
}

/** True when the data shown may be older than the plant's state by more than expected. */
export function isStale({ connected, lastDataAt, now, expectedIntervalMs }: FreshnessInput) {
  if (lastDataAt === null) return false;
  const age = now - lastDataAt;
  if (!connected) return age > 0;
  // Connected: the keep-alive vouches for pushed values; polled data must keep its pace.
  if (expectedIntervalMs === undefined) return false;
  return age > expectedIntervalMs + HUB_SERVER_TIMEOUT_MS;
}
