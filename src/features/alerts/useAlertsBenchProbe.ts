/**
 * With `?bench=1` in the address, the alert view reports to the bench suite
 * (bench/scenarios/alerts.ts, window.__pegelBench.alerts): when its first rows were on
 * screen, and how long a text filter takes from the request to the narrowed rows painted.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FilterGroup } from '../../domain/filters.ts';
import type { AlertViewFrame } from '../../live/index.ts';
import { afterPaint } from '../../ui/afterPaint.ts';

/** A row of the table (not its head, not a placeholder): AlertTable's row id. */
const ROW = '[id^="alert-row-"]';

/**
 * Calls `onPainted` with the time the first alert row was on screen: in the document, and
 * the frame that holds it painted. Rows in the view's frame are not yet rows on screen: the
 * table places them in its own commit, and that commit still has to be painted.
 */
function watchFirstRowPainted(onPainted: (at: number) => void): () => void {
  let cancelPaint: (() => void) | null = null;
  const observer = new MutationObserver(() => {
    if (document.querySelector(ROW)) seen();
  });
  function seen(): void {
    observer.disconnect();
    cancelPaint ??= afterPaint(() => onPainted(performance.now()), null);
  }
  if (document.querySelector(ROW)) seen();
  else observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    cancelPaint?.();
  };
}

/** A filter that narrows nothing never yields a new total; the bench then gets this bound. */
const FILTER_GIVE_UP_MS = 5000;

interface Pending {
  started: number;
  total: number;
  resolve: (ms: number) => void;
}

export function useAlertsBenchProbe(
  frame: AlertViewFrame,
  applyFilter: (filter: FilterGroup) => void,
): void {
  const firstRowsAt = useRef<number | null>(null);
  const pending = useRef<Pending | null>(null);
  const total = useRef(frame.total);
  total.current = frame.total;

  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('bench')) return;
    const host = window as Window & { __pegelBench?: object };
    const probe = {
      firstRowsMs: () => firstRowsAt.current,
      filter: (text: string) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          pending.current = { started, total: total.current, resolve };
          setTimeout(() => {
            if (pending.current?.started !== started) return;
            pending.current = null;
            resolve(performance.now() - started);
          }, FILTER_GIVE_UP_MS);
          applyFilter({
            logic: 'and',
            filters: [{ field: 'text', operator: 'contains', value: text }],
          });
        }),
    };
    host.__pegelBench = Object.assign(host.__pegelBench ?? {}, { alerts: probe });
    const stopWatch = watchFirstRowPainted((at) => (firstRowsAt.current ??= at));
    return () => {
      stopWatch();
      if (host.__pegelBench) Reflect.deleteProperty(host.__pegelBench, 'alerts');
    };
  }, [applyFilter]);

  // In the commit of the narrowed rows (a passive effect may run only after that commit was
  // painted, and a frame it then waits for is one the eye did not need): the filter is done
  // when the frame that holds the commit is painted, as first rows are.
  useLayoutEffect(() => {
    const p = pending.current;
    if (p && frame.state === 'ready' && frame.total !== p.total) {
      pending.current = null;
      afterPaint(() => p.resolve(performance.now() - p.started), null);
    }
  }, [frame]);
}
