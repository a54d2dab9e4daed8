/**
 * Where an archive chart has data (SPEC §7 first-date and last-date): the first and the last
 * archived time of its series in the source it reads, so the range picker can say where data
 * exists and a jump can go there. Reloaded when the target or the source changes. An extent
 * that comes while chart data drawn on arrival waits for its frame follows that frame
 * (drawnFrame.ts).
 */
import { useEffect, useState } from 'react';
import type { DataSourceType } from '../../contract/charts.ts';
import type { ChartTarget } from '../../live/charts.ts';
import { failureText } from '../../app/failureText.ts';
import { fetchDataEdge } from './chartsApi.ts';
import { afterDrawnFrame } from './drawnFrame.ts';

export type DataExtent =
  | { status: 'off' }
  | { status: 'loading' }
  /** `first` and `last` are null when the source holds no data of the series. */
  | { status: 'ready'; first: number | null; last: number | null }
  | { status: 'error'; error: string };

export function useDataExtent(
  target: ChartTarget,
  targetKey: string,
  source: DataSourceType,
  enabled: boolean,
): DataExtent {
  const [extent, setExtent] = useState<DataExtent>({ status: enabled ? 'loading' : 'off' });
  useEffect(() => {
    if (!enabled) {
      setExtent({ status: 'off' });
      return;
    }
    const controller = new AbortController();
    setExtent({ status: 'loading' });
    Promise.all([
      fetchDataEdge(target, source, 'first', controller.signal),
      fetchDataEdge(target, source, 'last', controller.signal),
    ]).then(
      ([first, last]) =>
        afterDrawnFrame(() => {
          if (!controller.signal.aborted) setExtent({ status: 'ready', first, last });
        }),
      (error: unknown) =>
        afterDrawnFrame(() => {
          if (!controller.signal.aborted) setExtent({ status: 'error', error: failureText(error) });
        }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target is keyed by targetKey
  }, [targetKey, source, enabled]);
  return extent;
}
