/**
 * When to try a hub connection again (SignalR `IRetryPolicy` semantics: a delay in ms, or
 * null to stop). A wall monitor must come back after a server restart however long it
 * takes, so the default policy never stops; it backs off to a cap instead.
 */
export interface RetryPolicy {
  /** `attempt` counts the failed tries so far, starting at 0. */
  nextRetryDelayMs(attempt: number): number | null;
}

/**
 * 0, 1, 2, 5 s, then every 10 s forever. The cap is what a restarted server waits for its
 * control room: with 30 s, a restart of more than 18 s left live values stale (and marked
 * so) for up to 30 s after the server was back. One engine per browser means one try per
 * browser every 10 s, a negotiate and a socket: nothing to a server, and operators get their
 * values back within 10 s of its return.
 */
export const RECONNECT_DELAYS_MS = [0, 1_000, 2_000, 5_000] as const;
export const RECONNECT_MAX_DELAY_MS = 10_000;

export const foreverRetryPolicy: RetryPolicy = {
  nextRetryDelayMs(attempt) {
    return RECONNECT_DELAYS_MS[attempt] ?? RECONNECT_MAX_DELAY_MS;
  },
};
