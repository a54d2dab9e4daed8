// @vitest-environment happy-dom
/**
 * FR5c (workers/SPEC.md): a dashboard asks the engine for frames at most every
 * DASHBOARD_FLUSH_INTERVAL_MS while it is shown, and gives the tab its own interval back when
 * it goes (src/live/useFlushInterval.ts).
 */
import { createElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import {
  DASHBOARD_FLUSH_INTERVAL_MS,
  DashboardPage,
} from '../../../src/features/dashboard/DashboardPage.tsx';
import { DEFAULT_FLUSH_INTERVAL_MS } from '../../../workers/flushInterval.ts';
import { de } from '../i18n/allTexts.ts';
import { rootPerTest } from '../../support/reactRoot.ts';

beforeAll(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  addTexts('de', de);
});

/** A client that records the intervals asked for, as LiveClient keeps them. */
function recordingClient() {
  const asked: number[] = [];
  let current: number | undefined;
  const client = {
    store: new TabLiveStore(),
    lease: () => () => undefined,
    flushInterval: () => current ?? DEFAULT_FLUSH_INTERVAL_MS,
    setFlushInterval: (ms: number) => {
      current = ms;
      asked.push(ms);
      return Promise.resolve();
    },
  } as unknown as LiveClient;
  return { client, asked, current: () => current };
}

describe('the dashboard flush interval', () => {
  const mount = rootPerTest();

  it('FR5c: a dashboard takes frames at most every 250 ms while shown and gives the tab its interval back when it goes', async () => {
    const { client, asked, current } = recordingClient();
    const mounted = mount();
    await mounted.render(
      createElement(
        LiveContext.Provider,
        { value: client },
        createElement(
          MemoryRouter,
          { initialEntries: ['/dashboard/1'] },
          createElement(
            Routes,
            null,
            createElement(Route, {
              path: '/dashboard/:id',
              element: createElement(DashboardPage),
            }),
          ),
        ),
      ),
    );
    expect(DASHBOARD_FLUSH_INTERVAL_MS).toBe(250);
    expect(current()).toBe(DASHBOARD_FLUSH_INTERVAL_MS);
    await mounted.unmount();
    expect(asked).toEqual([DASHBOARD_FLUSH_INTERVAL_MS, DEFAULT_FLUSH_INTERVAL_MS]);
    expect(current()).toBe(DEFAULT_FLUSH_INTERVAL_MS);
  });
});
