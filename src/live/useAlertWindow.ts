import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AlertView } from '../../workers/engineApi.ts';
import type { AlertViewFrame } from '../../workers/engineProtocol.ts';
import { keepUnchangedRows } from './keptRows.ts';
import { useLiveClient } from './LiveContext.ts';
import { awaitEarlyAlertFrame, dropEarlyAlertFrame, earlyAlertFrame } from './earlyAlertFrame.ts';

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
 * An archive range loads its first page, and the whole range once this tab has drawn that
 * page (AV3h): the whole range's load does not take the machine from the first rows.
 */
export function useAlertWindow(view: AlertView): AlertViewFrame {
  const client = useLiveClient();
  // AV3i: a page opened directly draws the rows the engine answered at boot, if of this view.
  const [frame, setFrame] = useState<AlertViewFrame>(() => earlyAlertFrame(view) ?? LOADING);
  const handle = useRef<ReturnType<typeof client.watchAlertView> | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  /** The first frame of this source with its first page (or its failure) was committed. */
  const drawn = useRef(false);
  const sent = () => ({ ...viewRef.current, firstRowsDrawn: drawn.current });
  // The source picks the store; the view's other fields move through update() below.
  const sourceKey = JSON.stringify(view.source);
  /** The source whose rows the frame holds (the first render's may hold them already). */
  const shown = useRef<string | null>(null);
  /** The engine sent this view rows of its own (a boot answer is then of no use, AV3l). */
  const ownRows = useRef(false);
  const shownFrame = useRef(frame);
  shownFrame.current = frame;
  useEffect(() => {
    if (shown.current !== null && shown.current !== sourceKey) setFrame(LOADING);
    shown.current = sourceKey;
    // AV3l: the boot's answer, come since the first render or still on its way, is drawn
    // while this view has no rows of its own: one engine round trip sooner.
    const loading = (frame: AlertViewFrame) => frame.state === 'loading';
    const stopWaiting =
      !ownRows.current && loading(shownFrame.current)
        ? awaitEarlyAlertFrame(viewRef.current, (early) =>
            setFrame((prev) => (loading(prev) ? early : prev)),
          )
        : () => undefined;
    dropEarlyAlertFrame();
    drawn.current = false;
    const h = client.watchAlertView(sent(), (next) => {
      if (!loading(next)) {
        ownRows.current = true;
        stopWaiting();
      }
      setFrame((prev) => keepUnchangedRows(prev, next));
    });
    handle.current = h;
    return () => {
      stopWaiting();
      h.release();
      handle.current = null;
    };
  }, [client, sourceKey]);
  const viewKey = JSON.stringify(view);
  // Sent in the commit, before the frame is painted: a filter, sort or scroll set outside a
  // discrete event (a timer, a scroll's window) has its passive effects run after the paint,
  // and the engine would hear of it only then. A new source is leased by the effect above
  // (after this one), under a new id: the handle it replaces is not told of it.
  useLayoutEffect(() => {
    if (shown.current === sourceKey) handle.current?.update(sent());
  }, [viewKey, sourceKey]);
  // Effects run after the commit: the first page is on screen when the engine hears of it.
  useEffect(() => {
    if (drawn.current || frame.state === 'loading' || viewRef.current.source.kind !== 'archive')
      return;
    drawn.current = true;
    handle.current?.update(sent());
  }, [frame]);
  return frame;
}
