/**
 * The call numbers as the server holds them (SPEC §3 "Alarm call numbers result"): loaded
 * once, replaced by the answer of each switch or save, and fetched again quietly when the tab
 * comes back into view or `changedElsewhere` changes — the pages pass a fingerprint of the
 * live plans' recipients, which the server pushes whenever a number they call is switched.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AlarmCallNumber, AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';

export type CallNumbersState =
  | { state: 'loading' }
  | { state: 'error'; error: string }
  | { state: 'ready'; data: AlarmCallNumbersResult };

export function useCallNumbers(
  load: (signal: AbortSignal) => Promise<AlarmCallNumbersResult>,
  /** null until the live plans are there; their first fingerprint fetches nothing. */
  changedElsewhere: string | null,
) {
  const [value, setValue] = useState<CallNumbersState>({ state: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  // `load` is one of the module's call functions: stable, so loaded once per mount.
  const fetchNow = useCallback(
    (quiet: boolean) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      if (!quiet) setValue({ state: 'loading' });
      load(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setValue({ state: 'ready', data });
        },
        (err: unknown) => {
          // A quiet refresh that fails keeps what is shown; the next one may work.
          if (controller.signal.aborted || quiet) return;
          setValue({ state: 'error', error: err instanceof Error ? err.message : String(err) });
        },
      );
    },
    [load],
  );

  useEffect(() => {
    fetchNow(false);
    const onVisible = () => {
      if (document.visibilityState === 'visible') fetchNow(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      inFlight.current?.abort();
    };
  }, [fetchNow]);

  const seen = useRef(changedElsewhere);
  useEffect(() => {
    if (changedElsewhere === null || seen.current === changedElsewhere) return;
    const first = seen.current === null;
    seen.current = changedElsewhere;
    if (!first) fetchNow(true);
  }, [changedElsewhere, fetchNow]);

  /** Takes the numbers of a switch's or save's answer (the server's state after it). */
  const replace = useCallback((numbers: AlarmCallNumber[]) => {
    inFlight.current?.abort();
    setValue((held) =>
      held.state === 'ready'
        ? { state: 'ready', data: { ...held.data, alarmCallnumbers: numbers } }
        : held,
    );
  }, []);

  const retry = useCallback(() => fetchNow(false), [fetchNow]);
  return { value, retry, replace };
}

/** A fingerprint of who the live plans call and whether each is on call. */
export function recipientsFingerprint(
  plans: readonly { recipients: readonly ({ callNumberId: number; active: boolean } | null)[] }[],
): string {
  const on = new Map<number, boolean>();
  for (const p of plans) for (const r of p.recipients) if (r) on.set(r.callNumberId, r.active);
  return [...on]
    .sort(([a], [b]) => a - b)
    .map(([id, active]) => `${id}${active ? '+' : '-'}`)
    .join(',');
}
