/** Polling for the tiles that refresh on their own (weather, webcam). */
import { useEffect } from 'react';

/**
 * Polls while the component shows `key`: `start(signal)` sets up one round (its own state
 * included) and returns the poll, called now and every `periodMs`. The signal aborts when
 * `key` changes or the component unmounts. `key` undefined: nothing polls.
 */
export function usePolling<K>(
  key: K | undefined,
  periodMs: number,
  start: (key: K, signal: AbortSignal) => () => Promise<unknown>,
): void {
  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    const poll = start(key, controller.signal);
    void poll();
    const timer = setInterval(() => void poll(), periodMs);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what `start` reads
  }, [key, periodMs]);
}
