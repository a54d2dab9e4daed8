/** One REST load of a view with the load states of SPEC §4 and a retry; aborted on unmount. */
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../../app/failureText.ts';

export type Loaded<T> =
  | { state: 'loading'; data?: undefined }
  | { state: 'ready'; data: T }
  | { state: 'updating'; data: T }
  | { state: 'error'; data?: undefined; error: string };

export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): { loaded: Loaded<T>; reload: () => void; set: (data: T) => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    setLoaded((l) => (l.state === 'ready' ? { state: 'updating', data: l.data } : l));
    load(abort.signal).then(
      (data) => !abort.signal.aborted && setLoaded({ state: 'ready', data }),
      (err: unknown) =>
        !abort.signal.aborted && setLoaded({ state: 'error', error: failureText(err) }),
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what reloads
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  const set = useCallback((data: T) => setLoaded({ state: 'ready', data }), []);
  return { loaded, reload, set };
}
