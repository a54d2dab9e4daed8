// @vitest-environment happy-dom
/**
 * AV3h on the tab's side: an archive view tells the engine when its first page is drawn, so
 * the whole range loads only then; AV3i: the first frame the engine answered at boot is drawn
 * in the view's first render (src/live/useAlertWindow.ts, src/live/earlyAlertFrame.ts), and
 * AV3l: one that comes after that render is drawn while the view has no rows of its own.
 */
import { act, createElement, useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { useAlertWindow } from '../../../src/live/useAlertWindow.ts';
import {
  awaitEarlyAlertFrame,
  dropEarlyAlertFrame,
  earlyAlertFrameKeeper,
} from '../../../src/live/earlyAlertFrame.ts';
import type { AlertView } from '../../../workers/engineApi.ts';
import type { AlertViewFrame } from '../../../workers/engineProtocol.ts';
import { makeAlerts } from '../alerts/alertFixtures.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

const frameOf = (state: AlertViewFrame['state'], rows: number): AlertViewFrame => ({
  state,
  error: null,
  from: 0,
  rows: makeAlerts(rows),
  total: rows,
  storeSize: rows,
  remainingCount: 0,
});

describe('useAlertWindow', () => {
  let mounted: TestRoot;
  /** Every view the hook sent to the engine, in order (watch, then updates). */
  let sent: AlertView[];
  let onFrame: ((frame: AlertViewFrame) => void) | null;
  const client = {
    watchAlertView: (view: AlertView, listener: (frame: AlertViewFrame) => void) => {
      sent.push(view);
      onFrame = listener;
      return { update: (v: AlertView) => void sent.push(v), release: () => undefined };
    },
  } as unknown as LiveClient;

  /** Every frame the hook returned, render by render. */
  const frames: AlertViewFrame[] = [];
  function View({ view }: { view: AlertView }) {
    frames.push(useAlertWindow(view));
    return null;
  }
  const render = (view: AlertView) =>
    mounted.render(
      createElement(LiveContext.Provider, { value: client }, createElement(View, { view })),
    );
  const deliver = (frame: AlertViewFrame) => act(() => onFrame!(frame));
  /** The view goes and a new root takes its place, with no frames yet. */
  const remount = async () => {
    await mounted.unmount();
    mounted = mountRoot();
    frames.length = 0;
  };

  beforeEach(() => {
    mounted = mountRoot();
    sent = [];
    onFrame = null;
    frames.length = 0;
    dropEarlyAlertFrame();
  });
  afterEach(() => mounted.unmount());

  const archive: AlertView = {
    source: { kind: 'archive', query: { start: 'a', end: 'b', limit: 5000 } },
    start: 0,
    count: 20,
  };

  it('AV3h: an archive view says it has drawn its first rows once the first page is committed, once', async () => {
    await render(archive);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((v) => v.firstRowsDrawn === false)).toBe(true);
    await deliver(frameOf('loading', 0));
    expect(sent.every((v) => v.firstRowsDrawn === false)).toBe(true);
    const before = sent.length;
    await deliver(frameOf('partial', 20));
    expect(sent.slice(before)).toEqual([{ ...archive, firstRowsDrawn: true }]);
    await deliver(frameOf('ready', 40));
    await render({ ...archive, start: 10 });
    expect(sent.slice(before + 1)).toEqual([{ ...archive, start: 10, firstRowsDrawn: true }]);
  });

  it('AV3h: a failed first page counts as drawn (the whole range reports for itself); a new range waits again', async () => {
    await render(archive);
    await deliver(frameOf('error', 0));
    expect(sent.at(-1)).toMatchObject({ firstRowsDrawn: true });
    const other: AlertView = {
      ...archive,
      source: { kind: 'archive', query: { start: 'a', end: 'c', limit: 5000 } },
    };
    await render(other);
    expect(sent.at(-1)).toMatchObject({ source: other.source, firstRowsDrawn: false });
  });

  it('AV3i: the rows the engine answered at boot for this very view are in its first render; another view starts loading', async () => {
    const early = frameOf('partial', 30);
    earlyAlertFrameKeeper()(archive, early);
    await render({ ...archive, hold: null });
    expect(frames[0]).toBe(early);
    // Drawn: the engine hears so at once, and the kept frame is not shown again.
    expect(sent.at(-1)).toMatchObject({ firstRowsDrawn: true });
    await remount();
    await render(archive);
    expect(frames[0]!.state).toBe('loading');

    // The view above still waits for rows of its own (AV3l) and takes this answer too.
    await act(() => earlyAlertFrameKeeper()(archive, early));
    await remount();
    await render({ ...archive, sort: { column: 'text', direction: 'asc' } });
    expect(frames[0]!.state).toBe('loading');
    expect(sent.at(-1)).toMatchObject({ firstRowsDrawn: false });
  });

  it('AV3i: an answer asked for before a view began to watch, and arriving after, is not kept', async () => {
    const keep = earlyAlertFrameKeeper();
    await render(archive);
    // The view that watches draws it (AV3l); a later one does not get it.
    await act(() => keep(archive, frameOf('partial', 30)));
    expect(frames.at(-1)!.rows).toHaveLength(30);
    await remount();
    await render(archive);
    expect(frames[0]!.state).toBe('loading');
  });

  it('AV3i: a view whose first frame came early keeps its rows until the engine sends newer ones; a new range starts loading', async () => {
    earlyAlertFrameKeeper()(archive, frameOf('partial', 30));
    await render(archive);
    expect(frames.at(-1)!.rows).toHaveLength(30);
    await deliver(frameOf('ready', 40));
    expect(frames.at(-1)!.rows).toHaveLength(40);
    const other: AlertView = {
      ...archive,
      source: { kind: 'archive', query: { start: 'a', end: 'c', limit: 5000 } },
    };
    await render(other);
    expect(frames.at(-1)!.state).toBe('loading');
  });

  it("AV3l: the boot's answer that comes after the first render is drawn while the view has no rows; its own rows follow", async () => {
    const keep = earlyAlertFrameKeeper();
    await render(archive);
    expect(frames.at(-1)!.state).toBe('loading');
    // The engine's own first frame of the view: the range's first page is not in yet.
    await deliver(frameOf('loading', 0));
    const early = frameOf('partial', 30);
    await act(() => keep(archive, early));
    expect(frames.at(-1)).toBe(early);
    // Drawn: the engine hears so, as for rows of the first render (AV3h).
    expect(sent.at(-1)).toMatchObject({ firstRowsDrawn: true });
    await deliver(frameOf('ready', 40));
    expect(frames.at(-1)!.rows).toHaveLength(40);
    // Not kept for a later view of the same list: it has frames of its own (AV3i).
    await remount();
    await render(archive);
    expect(frames[0]!.state).toBe('loading');
  });

  it("AV3l: an answer after the view's own rows, or of another view, changes nothing", async () => {
    const keep = earlyAlertFrameKeeper();
    await render(archive);
    await deliver(frameOf('partial', 12));
    const count = frames.length;
    await act(() => keep(archive, frameOf('partial', 30)));
    expect(frames.length).toBe(count);
    expect(frames.at(-1)!.rows).toHaveLength(12);

    await remount();
    const keepOther = earlyAlertFrameKeeper();
    await render({ ...archive, sort: { column: 'text', direction: 'asc' } });
    await act(() => keepOther(archive, frameOf('partial', 30)));
    expect(frames.at(-1)!.state).toBe('loading');
    // A view that went stops waiting: a later answer reaches nobody.
    const keepLate = earlyAlertFrameKeeper();
    await render(archive);
    await remount();
    expect(() => keepLate(archive, frameOf('partial', 30))).not.toThrow();
    expect(frames).toHaveLength(0);
  });

  it('AV3l: an answer kept before the view began to wait is taken at once; stopping twice is harmless', () => {
    const early = frameOf('partial', 30);
    earlyAlertFrameKeeper()(archive, early);
    const taken: AlertViewFrame[] = [];
    const stop = awaitEarlyAlertFrame(archive, (f) => taken.push(f));
    expect(taken).toEqual([early]);
    stop();
    stop();
    dropEarlyAlertFrame();
    const keep = earlyAlertFrameKeeper();
    const stopWaiting = awaitEarlyAlertFrame(archive, (f) => taken.push(f));
    stopWaiting();
    keep(archive, frameOf('partial', 5));
    expect(taken).toHaveLength(1);
  });

  it('a changed view (a filter) reaches the engine in its commit, before the frame is painted', async () => {
    // A sibling after the view: its layout effect runs in the same commit, after the view's
    // own layout effects and before any passive effect (which may run after the paint).
    let sentAtCommit = -1;
    function Commit({ view }: { view: AlertView }) {
      useLayoutEffect(() => {
        sentAtCommit = sent.length;
      }, [view]);
      return null;
    }
    const both = (view: AlertView) =>
      mounted.render(
        createElement(
          LiveContext.Provider,
          { value: client },
          createElement(View, { view }),
          createElement(Commit, { view }),
        ),
      );
    await both(archive);
    const before = sent.length;
    const filtered: AlertView = {
      ...archive,
      filter: { logic: 'and', filters: [{ field: 'text', operator: 'contains', value: 'Druck' }] },
    };
    await both(filtered);
    expect(sentAtCommit).toBe(before + 1);
    expect(sent.at(-1)?.filter).toEqual(filtered.filter);
  });

  it('a view of another source is leased anew; the lease it replaces is not told of it', async () => {
    const told: [number, AlertView][] = [];
    let leases = 0;
    const counting = {
      watchAlertView: (view: AlertView) => {
        const lease = leases++;
        told.push([lease, view]);
        return { update: (v: AlertView) => void told.push([lease, v]), release: () => undefined };
      },
    } as unknown as LiveClient;
    const show = (view: AlertView) =>
      mounted.render(
        createElement(LiveContext.Provider, { value: counting }, createElement(View, { view })),
      );
    await show(archive);
    const other: AlertView = {
      ...archive,
      source: { kind: 'archive', query: { start: 'c', end: 'd', limit: 5000 } },
    };
    await show(other);
    expect(told.filter(([lease]) => lease === 0).map(([, v]) => v.source)).toEqual([
      archive.source,
    ]);
    expect(told.filter(([lease]) => lease === 1).map(([, v]) => v.source)).toEqual([other.source]);
  });

  it('AV3h: a view of the current list sends nothing more when its rows arrive', async () => {
    const live: AlertView = { source: { kind: 'live' }, start: 0, count: 20 };
    await render(live);
    const before = sent.length;
    await deliver(frameOf('ready', 5));
    expect(sent.length).toBe(before);
  });
});
