// @vitest-environment happy-dom
/**
 * AV3h on the tab's side: an archive view tells the engine when its first page is drawn, so
 * the whole range loads only then (src/live/useAlertWindow.ts).
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { useAlertWindow } from '../../../src/live/useAlertWindow.ts';
import type { AlertView } from '../../../workers/engineApi.ts';
import type { AlertViewFrame } from '../../../workers/engineProtocol.ts';
import { makeAlerts } from '../alerts/alertFixtures.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
  let root: Root;
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

  function View({ view }: { view: AlertView }) {
    useAlertWindow(view);
    return null;
  }
  const render = (view: AlertView) =>
    act(() =>
      root.render(
        createElement(LiveContext.Provider, { value: client }, createElement(View, { view })),
      ),
    );
  const deliver = (frame: AlertViewFrame) => act(() => onFrame!(frame));

  beforeEach(() => {
    root = createRoot(document.createElement('div'));
    sent = [];
    onFrame = null;
  });
  afterEach(() => act(() => root.unmount()));

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

  it('AV3h: a view of the current list sends nothing more when its rows arrive', async () => {
    const live: AlertView = { source: { kind: 'live' }, start: 0, count: 20 };
    await render(live);
    const before = sent.length;
    await deliver(frameOf('ready', 5));
    expect(sent.length).toBe(before);
  });
});
