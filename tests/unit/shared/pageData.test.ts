// @vitest-environment happy-dom
/**
 * The page-data hooks (src/features/shared/pageData.ts) on TanStack Query: views of one key
 * share one read, a write invalidates exactly the keys it changed, an older read never
 * overwrites a newer write, a view left aborts its read, and a failure keeps its text.
 */
import { createElement, Fragment } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/api/http.ts';
import { failureText } from '../../../src/app/failureText.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import {
  clearPageData,
  pageWrite,
  setPageData,
  usePageQuery,
  type PageState,
} from '../../../src/features/shared/pageData.ts';
import { de } from '../i18n/allTexts.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

/** A read the test answers when it wants to; keeps each call with its signal. */
function heldReads<T>() {
  const calls: { signal: AbortSignal; answer: (v: T) => void; fail: (e: unknown) => void }[] = [];
  const read = (signal: AbortSignal) =>
    new Promise<T>((answer, fail) => calls.push({ signal, answer, fail }));
  return { calls, read };
}

const seen = new Map<string, PageState<unknown>>();

function View({
  name,
  pageKey,
  read,
}: {
  name: string;
  pageKey: readonly unknown[];
  read: (signal: AbortSignal) => Promise<unknown>;
}) {
  const [state] = usePageQuery(pageKey, read);
  seen.set(name, state);
  return null;
}

const view = (
  name: string,
  pageKey: readonly unknown[],
  read: (signal: AbortSignal) => Promise<unknown>,
) => createElement(View, { key: name, name, pageKey, read });

describe('page data', () => {
  let mounted: TestRoot | null = null;
  beforeEach(() => {
    addTexts('de', de);
    clearPageData();
    seen.clear();
  });
  afterEach(async () => {
    await mounted?.unmount();
    mounted = null;
  });

  it('PD1: two views of one key send one request and both show its answer', async () => {
    const stations = heldReads<string[]>();
    mounted = mountRoot();
    await mounted.render(
      createElement(
        Fragment,
        null,
        view('board', ['stations'], stations.read),
        view('overview', ['stations'], stations.read),
      ),
    );
    expect(stations.calls).toHaveLength(1);
    expect(seen.get('board')?.state).toBe('loading');
    stations.calls[0]!.answer(['Pumpwerk']);
    await expect.poll(() => seen.get('overview')?.data).toEqual(['Pumpwerk']);
    expect(seen.get('board')?.data).toEqual(['Pumpwerk']);
    expect(stations.calls).toHaveLength(1);
  });

  it('PD2: a write invalidates the keys it names and no other', async () => {
    const plans = heldReads<number>();
    const numbers = heldReads<number>();
    mounted = mountRoot();
    await mounted.render(
      createElement(
        Fragment,
        null,
        view('plans', ['remoteAlarm', 'plans'], plans.read),
        view('numbers', ['remoteAlarm', 'numbers'], numbers.read),
      ),
    );
    plans.calls[0]!.answer(1);
    numbers.calls[0]!.answer(1);
    await expect.poll(() => seen.get('numbers')?.data).toBe(1);
    const written = pageWrite(
      () => Promise.resolve('ok'),
      { writes: () => [['remoteAlarm', 'plans']] },
      undefined,
    );
    await expect.poll(() => plans.calls.length).toBe(2);
    // The view keeps the data it has while its key is read again.
    await expect
      .poll(() => seen.get('plans'))
      .toMatchObject({ state: 'ready', data: 1, updating: true });
    plans.calls[1]!.answer(2);
    await written;
    await expect.poll(() => seen.get('plans')?.data).toBe(2);
    expect(numbers.calls).toHaveLength(1);
  });

  it('PD3: a read on its way when a write is sent never overwrites the write’s answer', async () => {
    const lists = heldReads<string[]>();
    mounted = mountRoot();
    await mounted.render(view('favorites', ['userPages'], lists.read));
    expect(lists.calls).toHaveLength(1);
    await pageWrite(
      () => Promise.resolve(['/energy', '/stations/2']),
      {
        writes: () => [['userPages']],
        answer: (next) => setPageData(['userPages'], () => next),
      },
      undefined,
    );
    await expect.poll(() => seen.get('favorites')?.data).toEqual(['/energy', '/stations/2']);
    // The first read was cancelled (its signal aborted) and answers late with the old order.
    expect(lists.calls[0]!.signal.aborted).toBe(true);
    lists.calls[0]!.answer(['/stations/2', '/energy']);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.get('favorites')?.data).toEqual(['/energy', '/stations/2']);
  });

  it('PD4: a view left aborts its read; a failure shows the text of its kind', async () => {
    const webcams = heldReads<string[]>();
    mounted = mountRoot();
    await mounted.render(view('webcams', ['webcams'], webcams.read));
    await mounted.unmount();
    mounted = null;
    expect(webcams.calls[0]!.signal.aborted).toBe(true);

    const failing = heldReads<string[]>();
    mounted = mountRoot();
    await mounted.render(view('energy', ['energy', 'stations'], failing.read));
    const error = new HttpError(500, 'internal', 'Internal Server Error');
    failing.calls[0]!.fail(error);
    await expect.poll(() => seen.get('energy')?.state).toBe('error');
    expect(seen.get('energy')).toMatchObject({ error: failureText(error) });
  });

  it('PD5: a read that fails after an answer keeps that answer beside the failure', async () => {
    const stations = heldReads<string[]>();
    mounted = mountRoot();
    await mounted.render(view('board', ['stations'], stations.read));
    stations.calls[0]!.answer(['Pumpwerk']);
    await expect.poll(() => seen.get('board')?.state).toBe('ready');
    // The server goes away; the next read (a write elsewhere asked for it) fails.
    void pageWrite(() => Promise.resolve(null), { writes: () => [['stations']] }, undefined);
    await expect.poll(() => stations.calls.length).toBe(2);
    stations.calls[1]!.fail(new TypeError('Failed to fetch'));
    await expect.poll(() => seen.get('board')?.state).toBe('error');
    expect(seen.get('board')).toMatchObject({ data: ['Pumpwerk'] });
    expect(seen.get('board')).toHaveProperty('error');
  });
});
