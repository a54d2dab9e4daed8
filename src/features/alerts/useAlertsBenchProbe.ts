/**
 * With `?bench=1` in the address, the alert view reports to the bench suite
 * (bench/scenarios/alerts.ts, window.__pegelBench.alerts): when its first rows were on
 * screen, and how long a text filter takes from the request to the narrowed rows.
 */
import { useEffect, useRef } from 'react';
import type { FilterGroup } from '../../domain/filters.ts';
import type { AlertViewFrame } from '../../live/index.ts';

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
    return () => {
      if (host.__pegelBench) Reflect.deleteProperty(host.__pegelBench, 'alerts');
    };
  }, [applyFilter]);

  useEffect(() => {
    if (firstRowsAt.current === null && frame.rows.length > 0)
      firstRowsAt.current = performance.now();
    const p = pending.current;
    if (p && frame.state === 'ready' && frame.total !== p.total) {
      pending.current = null;
      // The rows are committed; the next animation frame is when they are on screen.
      requestAnimationFrame(() => p.resolve(performance.now() - p.started));
    }
  }, [frame]);
}
