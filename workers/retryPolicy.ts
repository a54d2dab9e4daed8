/**
 * When to try a hub connection again (SignalR `IRetryPolicy` semantics: a delay in ms, or
 * null to stop). A wall monitor must come back after a server restart however long it
 * takes, so the default policy never stops; it backs off to a cap instead.
 */
export interface RetryPolicy {
  /** `attempt` counts the failed tries so far, starting at 0. */
  nextRetryDelayMs(attempt: number): number | null;
}

/** 0, 1, 2, 5, 10 s, then every 30 s forever. */
export const RECONNECT_DELAYS_MS = [0, 1_000, 2_000, 5_000, 10_000] as const;
export const RECONNECT_MAX_DELAY_MS = 30_000;

export const foreverRetryPolicy: RetryPolicy = {
  nextRetryDelayMs(attempt) {
    return RECONNECT_DELAYS_MS[attempt] ?? RECONNECT_MAX_DELAY_MS;
  },
};
