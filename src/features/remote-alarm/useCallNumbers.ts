/**
 * The call numbers as the server holds them (SPEC §3 "Alarm call numbers result"): one load
 * with the load states of SPEC §4 (maintenance's useLoad), replaced by the answer of each
 * switch, and loaded again — the list stays while it updates — when the tab comes back into
 * view or `changedElsewhere` changes. The page passes a fingerprint of the live plans'
 * recipients, which the server pushes whenever a number they call is switched.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { AlarmCallNumber, AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import { useLoad } from '../maintenance/useLoad.ts';

export function useCallNumbers(
  load: (signal: AbortSignal) => Promise<AlarmCallNumbersResult>,
  /** null until the live plans are there; their first fingerprint loads nothing. */
  changedElsewhere: string | null,
) {
  const { loaded, reload, set } = useLoad(load, [load]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  const seen = useRef(changedElsewhere);
  useEffect(() => {
    if (changedElsewhere === null || seen.current === changedElsewhere) return;
    const first = seen.current === null;
    seen.current = changedElsewhere;
    if (!first) reload();
  }, [changedElsewhere, reload]);

  /** Takes the numbers of a switch's answer (the server's state after it). */
  const data = loaded.data;
  const replace = useCallback(
    (numbers: AlarmCallNumber[]) => {
      if (data) set({ ...data, alarmCallnumbers: numbers });
    },
    [data, set],
  );

  return { loaded, reload, replace };
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
