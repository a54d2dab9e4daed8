// @vitest-environment happy-dom
/**
 * The priorities' colours (src/features/shared/alarm/usePriorities.ts): loaded once per tab, from the
 * answer the page's first script asked for when there is one (`EARLY_PATHS`); a component
 * mounted once they are in draws them in its first render, not empty and then again.
 */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PATHS, EARLY_REQUESTS_KEY } from '../../../src/api/earlyRequests.ts';
import { API } from '../../../src/contract/paths.ts';
import type { Priority } from '../../../src/contract/alerts.ts';
import {
  prefetchPriorityStyles,
  resetPriorityStyles,
  usePriorityStyles,
  type PriorityStyle,
} from '../../../src/features/shared/alarm/usePriorities.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

const PRIORITIES: Priority[] = [
  { level: 1, name: 'Alarm', color: 0xffcc0000 },
  { level: 2, name: 'Warnung', color: 0xffffcc00 },
];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('priority styles', () => {
  let mounted: TestRoot | null = null;
  /** Every render's styles, per component name. */
  const renders: { name: string; styles: ReadonlyMap<number, PriorityStyle> }[] = [];
  function Styled({ name }: { name: string }) {
    renders.push({ name, styles: usePriorityStyles() });
    return null;
  }
  let fetched: string[];

  beforeEach(() => {
    resetPriorityStyles();
    renders.length = 0;
    fetched = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      fetched.push(new URL(String(input), 'http://pegel.test').pathname);
      return Promise.resolve(json(PRIORITIES));
    });
  });
  afterEach(async () => {
    await mounted?.unmount();
    mounted = null;
    Reflect.deleteProperty(globalThis, EARLY_REQUESTS_KEY);
    vi.unstubAllGlobals();
  });

  it("PS1: the page's first script asks for the priorities; the tab takes that answer and asks nothing more", async () => {
    expect(EARLY_PATHS).toContain(API.system.priorities);
    let answer = (_: Response): void => undefined;
    Object.assign(globalThis, {
      [EARLY_REQUESTS_KEY]: {
        [API.system.priorities]: new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    prefetchPriorityStyles();
    mounted = mountRoot();
    await mounted.render(createElement(Styled, { name: 'banner' }));
    expect(renders.at(-1)!.styles.size).toBe(0);
    answer(json(PRIORITIES));
    await vi.waitFor(() => expect(renders.at(-1)!.styles.size).toBe(2));
    expect(renders.at(-1)!.styles.get(1)).toMatchObject({
      name: 'Alarm',
      fill: 'rgba(204, 0, 0, 1)',
    });
    expect(fetched).toEqual([]);
  });

  it('PS2: once loaded, a component draws the colours in its first render', async () => {
    prefetchPriorityStyles();
    await vi.waitFor(() => expect(fetched).toEqual([API.system.priorities]));
    mounted = mountRoot();
    await mounted.render(createElement(Styled, { name: 'banner' }));
    await vi.waitFor(() => expect(renders.at(-1)!.styles.size).toBe(2));
    await mounted.render(
      createElement('div', null, [
        createElement(Styled, { key: 'b', name: 'banner' }),
        createElement(Styled, { key: 'r', name: 'row' }),
      ]),
    );
    const row = renders.filter((r) => r.name === 'row');
    expect(row.length).toBeGreaterThan(0);
    expect(row.every((r) => r.styles.size === 2)).toBe(true);
    expect(fetched).toEqual([API.system.priorities]);
  });

  it('PS3: a failed load leaves the colours empty, and the next component asks again', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls++;
      return calls === 1
        ? Promise.reject(new TypeError('offline'))
        : Promise.resolve(json(PRIORITIES));
    });
    mounted = mountRoot();
    await mounted.render(createElement(Styled, { key: 'a', name: 'first' }));
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(renders.at(-1)!.styles.size).toBe(0);
    await mounted.render(
      createElement('div', null, [
        createElement(Styled, { key: 'a', name: 'first' }),
        createElement(Styled, { key: 'b', name: 'second' }),
      ]),
    );
    await vi.waitFor(() =>
      expect(renders.filter((r) => r.name === 'second').at(-1)!.styles.size).toBe(2),
    );
    expect(calls).toBe(2);
  });
});
