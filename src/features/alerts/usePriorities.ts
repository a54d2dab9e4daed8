import { useEffect, useState } from 'react';
import { argbToCss, type Priority } from '../../contract/alerts.ts';
import { fetchPriorities } from './alertsApi.ts';

let cache: Promise<Priority[]> | null = null;

/** Priority colours (CSS) by level, loaded once per tab; empty until loaded. */
export function usePriorityColors(): ReadonlyMap<number, string> {
  const [colors, setColors] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    let live = true;
    cache ??= fetchPriorities().catch((error: unknown) => {
      cache = null;
      throw error;
    });
    cache.then(
      (list) => {
        if (live) setColors(new Map(list.map((p) => [p.level, argbToCss(p.color)])));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return colors;
}
