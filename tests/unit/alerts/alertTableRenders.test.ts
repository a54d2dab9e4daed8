// @vitest-environment happy-dom
/**
 * AV9: in a flood, a new alert at the top of the current list renders its own row's cells
 * only; the rows it pushes down keep their cells (memoised by the alert object, which
 * src/live/keptRows.ts keeps for an unchanged alert) and only move. A row's cells render
 * once per render of its time, so the formatter counts them.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { AlertViewFrame } from '../../../src/live/index.ts';
import { keepUnchangedRows } from '../../../src/live/keptRows.ts';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { de, ru } from '../i18n/allTexts.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';
import { alertTableProps, makeAlert } from './alertFixtures.ts';
import type * as UiModule from '../../../src/ui/index.ts';

const formatted: number[] = [];
vi.mock('../../../src/app/useFormat.ts', () => {
  const format = {
    locale: 'de',
    timeZone: undefined,
    number: (value: number) => String(value),
    dateTime: (at: number | Date) => {
      formatted.push(Number(at));
      return new Date(at).toISOString();
    },
    age: (ms: number) => `${ms} ms`,
  };
  return { useFormat: () => format };
});

/** Rows rendered: a row element's classes are made once per render of its row (`cx`). */
let rowRenders = 0;
vi.mock('../../../src/ui/index.ts', async (importOriginal) => {
  const ui = await importOriginal<typeof UiModule>();
  return {
    ...ui,
    cx: (...parts: Parameters<typeof ui.cx>) => {
      rowRenders++;
      return ui.cx(...parts);
    },
  };
});

const { AlertTable } = await import('../../../src/features/alerts/AlertTable.tsx');

beforeAll(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  addTexts('de', de);
  addTexts('ru', ru);
});

/** How many listeners i18next holds for the events react-i18next binds (languageChanged, added). */
function i18nListeners(): number {
  type Emitter = { observers: Record<string, Map<unknown, number> | undefined> };
  const count = (e: unknown, name: string) =>
    [...((e as Emitter).observers[name]?.values() ?? [])].reduce((a, n) => a + n, 0);
  return count(i18n, 'languageChanged') + count(i18n.store, 'added');
}

/** The engine's frame of the current list, newest first: ids `top` down to 1. */
function frameOf(top: number): AlertViewFrame {
  const rows: Alert[] = [];
  for (let id = top; id >= 1; id--) rows.push(makeAlert(id));
  return {
    state: 'ready',
    error: null,
    from: 0,
    rows,
    total: rows.length,
    storeSize: rows.length,
    remainingCount: 0,
  };
}

function table(frame: AlertViewFrame) {
  return createElement(AlertTable, alertTableProps(frame));
}

const shownIds = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-alert-id]')].map((r) =>
    Number(r.dataset.alertId),
  );

describe('AV9: the current list in a flood', () => {
  let mounted: TestRoot | null = null;
  afterEach(async () => {
    await mounted?.unmount();
    mounted = null;
    formatted.length = 0;
  });

  it('AV9: a new alert at the top renders only its own row; the rows below move and keep their cells', async () => {
    mounted = mountRoot();
    let frame = frameOf(12);
    await mounted.render(table(frame));
    expect(shownIds(mounted.container).slice(0, 3)).toEqual([12, 11, 10]);
    expect(formatted.length).toBe(12);

    formatted.length = 0;
    // The engine sends the whole window again, as new objects; the tab keeps the unchanged ones.
    frame = keepUnchangedRows(frame, frameOf(13));
    await mounted.render(table(frame));
    const rows = [...mounted.container.querySelectorAll<HTMLElement>('[data-alert-id]')];
    expect(rows.map((r) => Number(r.dataset.alertId)).slice(0, 3)).toEqual([13, 12, 11]);
    expect(rows.find((r) => r.dataset.alertId === '12')?.getAttribute('aria-rowindex')).toBe('3');
    expect(formatted).toEqual([makeAlert(13).timestamp]);

    // An alert that changes (acknowledged) renders its row again, and only that row.
    formatted.length = 0;
    const next = frameOf(13);
    next.rows[3] = { ...next.rows[3]!, state: 'acknowledged', acknowledgedBy: 'schmidt' };
    frame = keepUnchangedRows(frame, next);
    await mounted.render(table(frame));
    expect(formatted).toEqual([makeAlert(10).timestamp]);
    const acked = mounted.container.querySelector<HTMLElement>('[data-alert-id="10"]');
    expect(acked?.classList.contains('is-pending')).toBe(false);
    expect(acked?.querySelector('.col-ackby')?.textContent).toBe('schmidt');
  });

  it('AV9: the rows pushed down do not render again; the table writes their new places (data-index, aria-rowindex)', async () => {
    mounted = mountRoot();
    let frame = frameOf(12);
    await mounted.render(table(frame));
    rowRenders = 0;
    frame = keepUnchangedRows(frame, frameOf(13));
    await mounted.render(table(frame));
    // The new row, and the row that had the focus (index 0) and lost it; none of the 11 others.
    expect(rowRenders).toBe(2);
    const rows = [...mounted.container.querySelectorAll<HTMLElement>('.alert-rows > .alert-row')];
    expect(
      rows.map((r) => [
        Number(r.dataset.alertId),
        r.dataset.index,
        r.getAttribute('aria-rowindex'),
      ]),
    ).toEqual(Array.from({ length: 13 }, (_, i) => [13 - i, String(i), String(i + 2)]));
    expect(rows[0]?.classList.contains('is-focused')).toBe(true);
    expect(rows[1]?.classList.contains('is-focused')).toBe(false);
  });

  it('AV9: the rows pushed down keep their elements and get no style written; only the new row is added', async () => {
    mounted = mountRoot();
    let frame = frameOf(12);
    await mounted.render(table(frame));
    const row = (id: number) =>
      mounted!.container.querySelector<HTMLElement>(`[data-alert-id="${id}"]`);
    const before = new Map([12, 11, 5].map((id) => [id, row(id)!]));
    const styles = new Map([...before].map(([id, el]) => [id, el.getAttribute('style')]));
    const block = mounted.container.querySelector<HTMLElement>('.alert-rows')!;
    const blockStyle = block.getAttribute('style');
    const added: Node[] = [];
    const styled: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList') added.push(...r.addedNodes);
        // The list's own height grows with the count; rows and their block get no style.
        else if (r.attributeName === 'style' && (r.target as HTMLElement).closest('.alert-rows'))
          styled.push(r.target);
      }
    });
    observer.observe(mounted.container, { subtree: true, childList: true, attributes: true });

    frame = keepUnchangedRows(frame, frameOf(13));
    await mounted.render(table(frame));
    await Promise.resolve();
    observer.disconnect();
    for (const [id, el] of before) {
      expect(row(id)).toBe(el);
      expect(el.getAttribute('style')).toBe(styles.get(id));
    }
    expect(row(12)?.getAttribute('data-index')).toBe('1');
    // The rows stand in the block's flow, newest first; the block itself stays where it was.
    expect([...block.children].map((r) => Number((r as HTMLElement).dataset.alertId))).toEqual(
      Array.from({ length: 13 }, (_, i) => 13 - i),
    );
    expect(block.getAttribute('style')).toBe(blockStyle);
    expect(styled).toEqual([]);
    expect(added).toEqual([row(13)]);
  });

  it('AV9c: a window that shares no alert with the one before (a filter) keeps the row elements and rewrites their cells', async () => {
    mounted = mountRoot();
    await mounted.render(table(frameOf(12)));
    const block = mounted.container.querySelector<HTMLElement>('.alert-rows')!;
    const before = [...block.children];
    const changed: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records)
        if (r.target === block) changed.push(...r.addedNodes, ...r.removedNodes);
    });
    observer.observe(block, { childList: true });

    // The filtered list: other alerts (ids 101 down to 90), as many rows.
    const filtered = frameOf(101);
    filtered.rows = filtered.rows.slice(0, 12);
    filtered.total = 12;
    await mounted.render(table(filtered));
    await Promise.resolve();
    observer.disconnect();
    expect(changed).toEqual([]);
    expect([...block.children]).toEqual(before);
    expect(shownIds(mounted.container)).toEqual(Array.from({ length: 12 }, (_, i) => 101 - i));
    for (const id of [101, 90]) {
      const row = mounted.container.querySelector<HTMLElement>(`[data-alert-id="${id}"]`);
      expect(row?.id).toBe(`alert-row-${id}`);
      expect(row?.querySelector('.col-time')?.textContent).toBe(
        new Date(makeAlert(id).timestamp).toISOString(),
      );
    }

    // Back to the whole list: again the same elements, now with the first alerts.
    await mounted.render(table(frameOf(12)));
    expect([...block.children]).toEqual(before);
    expect(shownIds(mounted.container)).toEqual(Array.from({ length: 12 }, (_, i) => 12 - i));
  });

  it('AV9b: the rows take their words from the table: no i18next listener of their own, and a language switch renders every row in it', async () => {
    mounted = mountRoot();
    await mounted.render(table(frameOf(1)));
    const forOne = i18nListeners();
    await mounted.render(table(frameOf(30)));
    expect(i18nListeners()).toBe(forOne);
    const state = (id: number) =>
      mounted!.container.querySelector(`[data-alert-id="${id}"] .col-state`)?.textContent;
    const cleared = (id: number) =>
      mounted!.container.querySelector(`[data-alert-id="${id}"] .col-cleared`)?.textContent;
    const phase = makeAlert(30).cleared ? 'returned' : 'unacknowledged';
    expect(state(30)).toBe(de.alerts.phase[phase]);
    expect(cleared(30)).toBe(makeAlert(30).cleared ? de.alerts.cleared.yes : de.alerts.cleared.no);
    try {
      await act(() => i18n.changeLanguage('ru'));
      for (const id of [30, 1]) {
        const a = makeAlert(id);
        expect(state(id)).toBe(ru.alerts.phase[a.cleared ? 'returned' : 'unacknowledged']);
        expect(cleared(id)).toBe(a.cleared ? ru.alerts.cleared.yes : ru.alerts.cleared.no);
      }
    } finally {
      await act(() => i18n.changeLanguage('de'));
    }
  });
});

/** Widths the ruler's cells report (getComputedStyle), in px. */
const rulerWidths = {
  time: 200,
  station: 100,
  source: 100,
  text: 300,
  state: 200,
  ackby: 100,
  cleared: 100,
};

/** A ResizeObserver that reports only when told (`report`), as the browser does after layout. */
class ManualResizeObserver {
  static made: ManualResizeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ManualResizeObserver.made.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  report() {
    const entries = this.targets.map((target) => ({ target }) as unknown as ResizeObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as ResizeObserver);
  }
}

/** The station cells that hold their name cut in the middle, by row. */
const cutStations = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-alert-id]')]
    .filter((r) => r.querySelector('.col-station .mid-text'))
    .map((r) => r.querySelector('.col-station')?.textContent);

describe('AV10b: the first rows are rendered once, cut as the ruler says', () => {
  const realObserver = globalThis.ResizeObserver;
  let mounted: TestRoot | null = null;
  afterEach(async () => {
    await mounted?.unmount();
    mounted = null;
    formatted.length = 0;
    vi.restoreAllMocks();
    globalThis.ResizeObserver = realObserver;
    ManualResizeObserver.made = [];
  });

  it('AV10b: the ruler is read before the rows render: each row renders once, its names cut only where they do not fit; a column that narrows fits them again', async () => {
    const getComputedStyle = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((el, pseudo) => {
      const column = (el as HTMLElement).dataset?.fit as keyof typeof rulerWidths | undefined;
      return column
        ? ({ width: `${rulerWidths[column]}px` } as CSSStyleDeclaration)
        : getComputedStyle(el, pseudo);
    });
    // 7 px a character in every font.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          font: '',
          measureText: (text: string) => ({ width: text.length * 7 }),
        }) as unknown as CanvasRenderingContext2D,
    );
    globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;

    mounted = mountRoot();
    rowRenders = 0;
    await mounted.render(table(frameOf(12)));
    expect(shownIds(mounted.container)).toHaveLength(12);
    expect(rowRenders).toBe(12);
    expect(formatted).toHaveLength(12);
    // 'Pumpwerk Süd' (84 px) fits 100 px; the three other stations (105-112 px) are cut.
    expect(cutStations(mounted.container)).toHaveLength(9);
    expect(cutStations(mounted.container)).not.toContain('Pumpwerk Süd');

    const ruler = ManualResizeObserver.made.filter((o) =>
      o.targets.some((t) => t.hasAttribute('data-fit')),
    );
    expect(ruler).toHaveLength(1);
    // The observer's first report, the widths unchanged: nothing renders again.
    rowRenders = 0;
    await act(() => ruler[0]!.report());
    expect(rowRenders).toBe(0);
    // The station's column narrows: every row is fitted again.
    rulerWidths.station = 80;
    try {
      await act(() => ruler[0]!.report());
      expect(rowRenders).toBe(12);
      expect(cutStations(mounted.container)).toHaveLength(12);
    } finally {
      rulerWidths.station = 100;
    }
  });
});
