// @vitest-environment happy-dom
/**
 * A page opened directly renders in the first commit once its code and texts are in
 * (src/app/lazyPage.tsx): a page that suspends shows its loading state, and React then holds
 * the page's reveal for 300 ms after that state appeared (its Suspense throttle). The first
 * render waits a little for the page opened directly (firstRenderReady).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, createElement, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firstRenderReady,
  lazyPage,
  PageSuspense,
  preloadPages,
  type PageRoute,
} from '../../../src/app/lazyPage.tsx';
import { mountRoot, setActEnvironment, type TestRoot } from '../../support/reactRoot.ts';
import { CONDITION_WAIT_MS } from '../../support/testSize.ts';

const roots: TestRoot[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await root.unmount();
});
/** A root unmounted after the test. */
function mount(): TestRoot {
  const root = mountRoot();
  roots.push(root);
  return root;
}

function Page() {
  return createElement('p', null, 'page');
}

/** Renders `element` under a Suspense boundary; records each state the container showed. */
function renderRecording(element: ReturnType<typeof lazyPage>) {
  const { container, root } = mount();
  const seen: string[] = [];
  new MutationObserver(() => seen.push(container.textContent ?? '')).observe(container, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  root.render(createElement(Suspense, { fallback: 'loading' }, element));
  return { container, seen };
}

describe('lazyPage', () => {
  it('LP1: a page preloaded before the first render shows at once, without its loading state', async () => {
    const element = lazyPage(
      [],
      () => Promise.resolve({ Page }),
      (m) => m.Page,
    );
    const routes: PageRoute[] = [{ path: '/p', element, handle: { label: null } }];
    await preloadPages(routes, '/p');
    let view!: ReturnType<typeof renderRecording>;
    // One synchronous act: a page that suspended would show 'loading' here.
    act(() => {
      view = renderRecording(element);
    });
    await act(async () => undefined);
    expect(view.container.textContent).toBe('page');
    expect(view.seen).not.toContain('loading');
  });

  it('LP2: a page not loaded yet shows its loading state, then the page', async () => {
    let resolve!: (m: { Page: typeof Page }) => void;
    const element = lazyPage(
      [],
      () => new Promise<{ Page: typeof Page }>((r) => (resolve = r)),
      (m) => m.Page,
    );
    let view!: ReturnType<typeof renderRecording>;
    act(() => {
      view = renderRecording(element);
    });
    expect(view.container.textContent).toBe('loading');
    await act(async () => resolve({ Page }));
    await act(async () => new Promise((r) => setTimeout(r, 350)));
    expect(view.container.textContent).toBe('page');
  });

  it('LP4: under PageSuspense a page that suspended shows as soon as it has loaded, not after the 300 ms Suspense throttle', async () => {
    // Outside act(): act() flushes React's work at once, and the throttle never shows there.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      let resolve!: (m: { Page: typeof Page }) => void;
      const element = lazyPage(
        [],
        () => new Promise<{ Page: typeof Page }>((r) => (resolve = r)),
        (m) => m.Page,
      );
      const { container, root } = mount();
      setActEnvironment(false);
      root.render(createElement(PageSuspense, null, element));
      await vi.waitFor(
        () => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull(),
        CONDITION_WAIT_MS,
      );
      await sleep(20);
      resolve({ Page });
      await sleep(60);
      expect(container.textContent).toBe('page');
    } finally {
      setActEnvironment(true);
    }
  });

  it('LP5: the first render waits for the texts and the page opened directly, for the page at most the given time', async () => {
    vi.useFakeTimers();
    try {
      const deferred = () => {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        return { promise, resolve };
      };
      /** A first render asked for with texts and page still pending; `ready()` says if it may start. */
      const start = () => {
        const texts = deferred();
        const page = deferred();
        let started = false;
        void firstRenderReady(texts.promise, page.promise, 150).then(() => (started = true));
        return { texts, page, ready: () => started };
      };
      // The page first, then the texts: the render waits for the texts, then starts at once.
      let r = start();
      r.page.resolve();
      await vi.advanceTimersByTimeAsync(1000);
      expect(r.ready()).toBe(false);
      r.texts.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(r.ready()).toBe(true);

      // The texts first: the page that comes within the time is waited for.
      r = start();
      r.texts.resolve();
      await vi.advanceTimersByTimeAsync(100);
      expect(r.ready()).toBe(false);
      r.page.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(r.ready()).toBe(true);

      // A page still loading after the time: the shell renders without it.
      r = start();
      r.texts.resolve();
      await vi.advanceTimersByTimeAsync(149);
      expect(r.ready()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(r.ready()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('LP3: main.tsx has no top-level await: the page chunk imports from its chunk, and would wait for the render it is meant to precede', () => {
    const source = readFileSync(join(import.meta.dirname, '../../../src/main.tsx'), 'utf8');
    expect(source).not.toMatch(/^(?:(?:const|let|var)\s+\w+\s*=\s*)?await\s/m);
  });
});
