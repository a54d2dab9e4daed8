/** Loads data once per dependency change with abort on unmount; the view renders the state. */
import { useCallback, useEffect, useState } from 'react';
import { failureKind, failureText } from '../../app/failureText.ts';

export type AsyncState<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'error'; error: string; kind: ReturnType<typeof failureKind> };

export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [result, setResult] = useState<AsyncState<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ state: 'ready', data });
      },
      (err: unknown) => {
        if (!controller.signal.aborted)
          setResult({ state: 'error', error: failureText(err), kind: failureKind(err) });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names the dependencies
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return [result, retry] as const;
}
