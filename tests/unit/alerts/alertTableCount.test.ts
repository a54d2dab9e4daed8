// @vitest-environment happy-dom
/**
 * AV11: the count the current list's virtualizer is given follows the list only near the view.
 * @tanstack/virtual-core lays out every row again when its count changes, and in a flood the
 * count changes with every new alert while the operator looks at the top (bench/README.md
 * "The virtualizer's count in a flood"). The table's height, its row count for assistive
 * technology and a key to the end still follow the whole list.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ReactVirtual from '@tanstack/react-virtual';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { AlertViewFrame } from '../../../src/live/index.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import { de } from '../i18n/allTexts.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';
import { alertTableProps, makeAlert } from './alertFixtures.ts';

/** The count of every render's virtualizer, in order. */
const counts: number[] = [];
vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  const lib = await importOriginal<typeof ReactVirtual>();
  return {
    ...lib,
    useVirtualizer: ((options: Parameters<typeof lib.useVirtualizer>[0]) => {
      counts.push(options.count);
      return lib.useVirtualizer(options);
    }) as typeof lib.useVirtualizer,
  };
});

const { AlertTable, NEAR_END_ROWS, ROW_HEIGHT_PX, virtualCount } =
  await import('../../../src/features/alerts/AlertTable.tsx');

beforeAll(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  addTexts('de', de);
});

/** The engine's frame of the current list, newest first, `total` alerts, its first 60 rows. */
function frameOf(total: number): AlertViewFrame {
  const rows: Alert[] = [];
  for (let id = total; id > Math.max(0, total - 60); id--) rows.push(makeAlert(id));
  return { state: 'ready', error: null, from: 0, rows, total, storeSize: total, remainingCount: 0 };
}

function table(frame: AlertViewFrame, onFocusIndex: (i: number) => void = () => undefined) {
  return createElement(AlertTable, alertTableProps(frame, { onFocusIndex }));
}

describe('AV11: the virtualizer count in a flood', () => {
  it('AV11: the count follows a list that shrinks, and one that grows only near the view', () => {
    expect(virtualCount(1_000, 900, 30)).toBe(900);
    expect(virtualCount(1_000, 1_500, 30)).toBe(1_000);
    expect(virtualCount(1_000, 1_500, 1_000 - NEAR_END_ROWS)).toBe(1_500);
    // A short list: its end is always near the view.
    expect(virtualCount(12, 13, 11)).toBe(13);
  });

  let mounted: TestRoot | null = null;
  afterEach(async () => {
    await mounted?.unmount();
    mounted = null;
    counts.length = 0;
  });

  it('AV11: new alerts at the top of a long list leave the count as it was; the height and the row count are the whole list', async () => {
    mounted = mountRoot();
    await mounted.render(table(frameOf(1_000)));
    expect(counts.at(-1)).toBe(1_000);
    for (const total of [1_001, 1_050, 1_400]) {
      counts.length = 0;
      await mounted.render(table(frameOf(total)));
      expect(new Set(counts)).toEqual(new Set([1_000]));
      const grid = mounted.container.querySelector<HTMLElement>('[role="grid"]')!;
      expect(grid.getAttribute('aria-rowcount')).toBe(String(total + 1));
      const inner = mounted.container.querySelector<HTMLElement>('.alert-scroll > div')!;
      expect(inner.style.height).toBe(`${total * ROW_HEIGHT_PX}px`);
      expect(
        mounted.container.querySelector('[data-index="0"]')?.getAttribute('data-alert-id'),
      ).toBe(String(total));
    }
    // Fewer alerts (some acknowledged and gone): the count follows at once.
    await mounted.render(table(frameOf(800)));
    expect(counts.at(-1)).toBe(800);
  });

  it('AV11: End on a long list reaches its last row: the count follows before the list scrolls', async () => {
    mounted = mountRoot();
    await mounted.render(table(frameOf(1_000)));
    const focused: number[] = [];
    await mounted.render(table(frameOf(1_400), (i) => focused.push(i)));
    expect(counts.at(-1)).toBe(1_000);
    const grid = mounted.container.querySelector<HTMLElement>('[role="grid"]')!;
    await act(async () => {
      grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    });
    expect(focused).toEqual([1_399]);
    expect(counts.at(-1)).toBe(1_400);
  });
});
