// @vitest-environment happy-dom
/**
 * An idle view renders nothing per second (issue 44, src/ui/useNow.ts `useNowAt`): a view
 * whose look changes at a known moment (a station's data turning stale) renders at that
 * moment only, with one timeout and no interval.
 */
import { act, createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNowAt } from '../../../src/ui/useNow.ts';
import { rootPerTest } from '../../support/reactRoot.ts';

describe('useNowAt', () => {
  // Registered first, so it runs after the roots are unmounted (after-hooks run in reverse).
  afterEach(() => void vi.useRealTimers());
  const mount = rootPerTest();

  it('ID1: renders once when its moment passes and never per second; a moment already past runs no timer', async () => {
    vi.useFakeTimers();
    const t0 = Date.now();
    const seen: number[] = [];
    function View({ at }: { at: number | null }) {
      const now = useNowAt(at);
      seen.push(now);
      return createElement('span', null, at !== null && now >= at ? 'stale' : 'fresh');
    }
    const mounted = mount();
    await mounted.render(createElement(View, { at: t0 + 60_000 }));
    const text = () => mounted.container.textContent;
    expect(text()).toBe('fresh');
    const renders = seen.length;
    await act(() => vi.advanceTimersByTime(59_000));
    expect(seen.length).toBe(renders);
    expect(text()).toBe('fresh');
    await act(() => vi.advanceTimersByTime(1_500));
    expect(text()).toBe('stale');
    const after = seen.length;
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTime(10_000));
    expect(seen.length).toBe(after);
    // A moment before the last render needs no timer; no moment, none either.
    await mounted.render(createElement(View, { at: t0 }));
    expect(vi.getTimerCount()).toBe(0);
    await mounted.render(createElement(View, { at: null }));
    expect(vi.getTimerCount()).toBe(0);
  });
});
