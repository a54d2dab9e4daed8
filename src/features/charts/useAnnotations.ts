/**
 * An annotation store (SPEC §4 "Annotations") for one view: loaded on mount, re-rendering on
 * every change (entries, busy). `pvs` limits it to a chart's PVs; undefined means all.
 * Changes that come while chart data drawn on arrival waits for its frame render after that
 * frame (drawnFrame.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { pvKey } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import { AnnotationStore, type AnnotationEntry } from '../../live/charts.ts';
import { annotationApi } from './chartsApi.ts';
import { afterDrawnFrame } from './drawnFrame.ts';

export interface AnnotationsState {
  store: AnnotationStore;
  entries: readonly AnnotationEntry[];
  busy: boolean;
  /** Set when the last load failed. */
  loadError: string | null;
  loaded: boolean;
  reload: () => void;
}

export function useAnnotations(pvs?: readonly PvRef[]): AnnotationsState {
  const pvsKey = pvs ? pvs.map(pvKey).join(',') : '*';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the PV list is keyed by pvsKey
  const store = useMemo(() => new AnnotationStore(annotationApi(pvs)), [pvsKey]);
  const [, setVersion] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => store.subscribe(() => afterDrawnFrame(() => setVersion((v) => v + 1))), [store]);
  useEffect(() => {
    let live = true;
    void store.load().then((result) =>
      afterDrawnFrame(() => {
        if (!live) return;
        setLoaded(true);
        setLoadError(result.status === 'error' ? result.message : null);
      }),
    );
    return () => {
      live = false;
    };
  }, [store, attempt]);
  return {
    store,
    entries: store.all,
    busy: store.busy,
    loadError,
    loaded,
    reload: () => setAttempt((a) => a + 1),
  };
}
