import { useEffect, useRef, useState } from 'react';
import type { AlertView } from '../../workers/engineApi.ts';
import type { AlertViewFrame } from '../../workers/engineProtocol.ts';
import { useLiveClient } from './LiveContext.ts';

const LOADING: AlertViewFrame = {
  state: 'loading',
  error: null,
  from: 0,
  rows: [],
  total: 0,
  storeSize: 0,
  remainingCount: 0,
};

/**
 * One alert view leased in the engine (live store or an archive query): the rows of the
 * visible window plus a margin, and the totals. Sorting and filtering happen in the engine.
 */
export function useAlertWindow(view: AlertView): AlertViewFrame {
  const client = useLiveClient();
  const [frame, setFrame] = useState<AlertViewFrame>(LOADING);
  const handle = useRef<ReturnType<typeof client.watchAlertView> | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  // The source picks the store; the view's other fields move through update() below.
  const sourceKey = JSON.stringify(view.source);
  useEffect(() => {
    setFrame(LOADING);
    const h = client.watchAlertView(viewRef.current, setFrame);
    handle.current = h;
    return () => {
      h.release();
      handle.current = null;
    };
  }, [client, sourceKey]);
  const viewKey = JSON.stringify(view);
  useEffect(() => {
    handle.current?.update(viewRef.current);
  }, [viewKey]);
  return frame;
}
