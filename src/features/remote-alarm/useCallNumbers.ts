/**
 * The call numbers as the server holds them (SPEC §3 "Alarm call numbers result"): one load
 * with the load states of SPEC §4 (shared/pageData.ts), replaced by the answer of each
 * switch, and loaded again — the list stays while it updates — when the tab comes back into
 * view or `changedElsewhere` changes. The page passes a fingerprint of the live plans'
 * recipients, which the server pushes whenever a number they call is switched.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { AlarmCallNumber, AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import { invalidatePageData, pageWrite, setPageData, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';

const KEY = pageKeys.callNumbers('activation');

export function useCallNumbers(
  load: (signal: AbortSignal) => Promise<AlarmCallNumbersResult>,
  /** null until the live plans are there; their first fingerprint loads nothing. */
  changedElsewhere: string | null,
) {
  const [loaded, reload] = usePageQuery(KEY, load, {
    keepPrevious: true,
    refetchOnWindowFocus: true,
  });

  const seen = useRef(changedElsewhere);
  useEffect(() => {
    if (changedElsewhere === null || seen.current === changedElsewhere) return;
    const first = seen.current === null;
    seen.current = changedElsewhere;
    if (!first) void invalidatePageData([KEY]);
  }, [changedElsewhere]);

  /**
   * Sends a switch and takes the numbers of its answer (the server's state after it); a read
   * on its way meanwhile is dropped, so it cannot put the numbers from before back.
   */
  const write = useCallback(
    <R extends { alarmCallnumbers: AlarmCallNumber[] }>(send: () => Promise<R>) =>
      pageWrite(
        send,
        {
          writes: () => [KEY],
          answer: (result: R) =>
            setPageData<AlarmCallNumbersResult>(KEY, (old) =>
              old ? { ...old, alarmCallnumbers: result.alarmCallnumbers } : old,
            ),
        },
        undefined,
      ),
    [],
  );

  return { loaded, reload, write };
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
