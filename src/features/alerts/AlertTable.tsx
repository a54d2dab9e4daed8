/**
 * The virtualized alert table: only the visible rows (plus the engine's margin) exist in the
 * DOM and in the tab; scrolling moves the leased window. Arrow keys move the focused row,
 * space selects it, Q acknowledges (the page handles it through onAcknowledgeKey). On a
 * phone a row wraps onto several lines (time and state, station, source, message), so two
 * alarms of one station never read the same; rows are measured as they render.
 */
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../app/useTranslation.ts';
import type { ParseKeys } from 'i18next';
import type { Alert } from '../../contract/alerts.ts';
import type { AlertColumn, AlertSortColumn } from '../../domain/alertFields.ts';
import type { AlertViewFrame } from '../../live/index.ts';
import { useFormat } from '../../app/useFormat.ts';
import { cx, MiddleText } from '../../ui/index.ts';
import { useAlarmText } from '../shared/alarm/useAlarmText.ts';
import {
  FIT_COLUMNS,
  NO_FIT,
  canvasMeasure,
  cellFit,
  cellFontOf,
  type CellFit,
  type FitColumn,
  type TextLook,
} from './cellFit.ts';

export const ROW_HEIGHT_PX = 36;
const DESKTOP_ROW_STYLE = { height: ROW_HEIGHT_PX };
/** The least height the list's CSS cap can have (max(20rem, 100vh - 22rem)), with room. */
const MIN_CAP_PX = 640;
/** A phone row's first guess before it is measured (four short lines). */
const PHONE_ROW_HEIGHT_PX = 92;
const PHONE_QUERY = '(max-width: 720px)';

/**
 * Rows past the last one in view within which the virtualizer's count follows the list's at
 * once (`virtualCount`): more than a screenful, so that no scroll by wheel or key reaches past
 * the count before it follows.
 */
export const NEAR_END_ROWS = 200;

/**
 * The row count the list's virtualizer is given, from the count it was given last (`held`), the
 * list's (`total`) and the index of the last row in view.
 *
 * Hot path: in a flood the current list grows by every new alert, and @tanstack/virtual-core
 * lays out all its rows again (an offset and a size a row, O(rows)) whenever its count changes:
 * at 500 alerts a second, newest first, the list held 35,000 rows after a minute and the
 * virtualizer took 270 ms of a 6 s profile of the tab (a third of its script, 4.7 ms a count
 * change at 43,000 rows; `npx tsx bench/alert-idle-trace.ts 500 4 cost --settle=60
 * --profile=6`, bench/README.md "The virtualizer's count in a flood"), a cost that grew with
 * the list while the operator looked at its top. So the count follows the list at once only
 * where it matters: when the list shrinks (no row past its end is asked for) and when the view
 * is within NEAR_END_ROWS of the count; otherwise it stays, and rows added beyond the view
 * change nothing the virtualizer computes. The list's scroll height is the whole list's all the
 * same (the table adds the rows past the count at their estimated height). Do not give the
 * virtualizer the list's count on every render.
 */
export function virtualCount(held: number, total: number, lastInView: number): number {
  if (total <= held) return total;
  return lastInView + NEAR_END_ROWS >= held ? total : held;
}

export interface AlertSortState {
  column: AlertSortColumn;
  direction: 'asc' | 'desc';
}

/** An alert's place in the ISA-18.2 life cycle, for the state column. */
/** An alert's priority number on its priority's colour (the number carries it, not the colour). */
export function PriorityChip({
  priority,
  look,
}: {
  priority: number;
  look: PriorityLook | undefined;
}) {
  return (
    <span
      className="prio-chip"
      style={look ? { background: look.fill, color: look.ink } : undefined}
    >
      {priority}
    </span>
  );
}

export function alertPhase(a: Alert): 'unacknowledged' | 'acknowledged' | 'returned' | 'done' {
  if (a.state === 'pending') return a.cleared ? 'returned' : 'unacknowledged';
  return a.cleared ? 'done' : 'acknowledged';
}

export interface PriorityLook {
  fill: string;
  ink: string;
}

type RowPhase = ReturnType<typeof alertPhase> | 'gone';

/**
 * What every row says in the tab's language, made once by the table (again when the language
 * or the texts change): the rows take it as a prop instead of each asking i18next and the
 * formatters through hooks of its own, two hooks with an effect each per row (a first screen
 * of 40 rows subscribed 80 times to i18next's events).
 */
interface RowWords {
  phase: Record<RowPhase, string>;
  clearedYes: string;
  clearedNo: string;
  dateTime: (at: number) => string;
  /** The alarm text in the tab's language (its limit words translated). */
  text: (text: string) => string;
}

function useRowWords(): RowWords {
  const { t } = useTranslation();
  const format = useFormat();
  const text = useAlarmText();
  return useMemo(
    () => ({
      phase: {
        unacknowledged: t('alerts.phase.unacknowledged'),
        acknowledged: t('alerts.phase.acknowledged'),
        returned: t('alerts.phase.returned'),
        done: t('alerts.phase.done'),
        gone: t('alerts.phase.gone'),
      },
      clearedYes: t('alerts.cleared.yes'),
      clearedNo: t('alerts.cleared.no'),
      dateTime: format.dateTime,
      text,
    }),
    [t, format, text],
  );
}

const COLUMNS: { id: AlertColumn; labelKey: ParseKeys; className: string }[] = [
  { id: 'priority', labelKey: 'alerts.columns.priority', className: 'col-prio' },
  { id: 'timestamp', labelKey: 'alerts.columns.timestamp', className: 'col-time' },
  { id: 'stationName', labelKey: 'alerts.columns.stationName', className: 'col-station' },
  { id: 'sourceName', labelKey: 'alerts.columns.sourceName', className: 'col-source' },
  { id: 'text', labelKey: 'alerts.columns.text', className: 'col-text' },
  { id: 'state', labelKey: 'alerts.columns.state', className: 'col-state' },
  { id: 'acknowledgedBy', labelKey: 'alerts.columns.acknowledgedBy', className: 'col-ackby' },
  { id: 'cleared', labelKey: 'alerts.columns.cleared', className: 'col-cleared' },
];

export interface AlertTableProps {
  frame: AlertViewFrame;
  sort: AlertSortState;
  onSort: (sort: AlertSortState) => void;
  /** Rows grouped by station (sorted by station): a head above each station's first row. */
  grouped?: boolean;
  /** The groups' counts over the whole list, by station number (null while not counted). */
  groups?: ReadonlyMap<number | null, { total: number; pending: number }> | null;
  onRange: (start: number, count: number) => void;
  selected: ReadonlySet<number>;
  onToggle: (alert: Alert) => void;
  focusIndex: number;
  onFocusIndex: (index: number, alert?: Alert) => void;
  /** The pointer entered (true) or left the list body: the page holds the rows meanwhile. */
  onPointerInside?: (inside: boolean) => void;
  /** Focus entered or left the list body. */
  onFocusInside?: (inside: boolean) => void;
  /** The column heads' height in px, as it changes (wrapped heads on a phone are taller). */
  onHeadHeight?: (px: number) => void;
  onAcknowledgeKey: () => void;
  /**
   * Unacknowledged alerts whose rows stood in the visible part of the list (in the list's
   * scroll area and inside the window), reported a moment after they were drawn there: what
   * the operator can have read (the rows the virtualizer keeps beyond the edges do not count).
   */
  onSeen?: (ids: readonly number[]) => void;
  colors: ReadonlyMap<number, PriorityLook>;
  label: string;
}

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia?.(PHONE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(PHONE_QUERY);
    if (!query) return;
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/**
 * The scroller's size as a ResizeObserver reports it, after layout. The virtualizer's own
 * observer read it at once, forcing a layout of the whole page in the middle of the list's
 * first commit; until the first report the window's size stands in (`initialRect`), so that
 * commit already holds a screen of rows. A second tab's first archive rows were painted
 * 9-24 ms sooner so (medians of 24-30, bench/alerts-second-tab.ts).
 */
function observeRectAfterLayout(
  instance: { scrollElement: Element | null },
  onRect: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize[0];
    if (box) onRect({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element, { box: 'border-box' });
  return () => observer.disconnect();
}

/**
 * The keys of the desktop rows in view (hot path: the alert row window, issue 58). An alert
 * keeps its row's key while it stays in the window, so a new alarm at the top adds one row
 * and moves none (AV9). A window that shares no alert with the one before (a filter, a sort,
 * a jump) gives each row the key of the row that stood at its place: React rewrites the cells
 * of the rows it has instead of removing every row and building it again. The first filter of
 * 100,000 archive rows: the page's script 6.7-14 ms on a core (median 7.6) against 8.2-11.2
 * (median 9.0) with every row built again, style 2.5-3.2 against 3.0-4.0 ms (bench/README.md
 * "The filter and the scroll at 100,000 rows"; `npx tsx bench/alert-filter-trace.ts dist`,
 * the figure `npx tsx bench/run.ts --quick --no-build --only alerts`). Keep it O(rows in view).
 */
class RowKeys {
  private byAlert = new Map<number, string>();
  private order: string[] = [];
  private made = 0;

  /** The keys of the rows showing the alerts `ids`, in that order. */
  keysOf(ids: readonly number[]): string[] {
    const stays = ids.some((id) => this.byAlert.has(id));
    const keys = ids.map(
      (id, i) => (stays ? this.byAlert.get(id) : this.order[i]) ?? `r${this.made++}`,
    );
    this.byAlert = new Map(ids.map((id, i) => [id, keys[i]!]));
    this.order = keys;
    return keys;
  }
}

export function AlertTable(props: AlertTableProps) {
  const { frame, sort, selected, focusIndex, colors } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const { onHeadHeight } = props;
  useEffect(() => {
    const el = head.current;
    if (!el || !onHeadHeight || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onHeadHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [onHeadHeight]);
  const phone = usePhone();
  const grouped = props.grouped ?? false;
  // Phone rows wrap and group heads add height: those rows are measured as they render.
  const measured = phone || grouped;
  const words = useRowWords();
  const ruler = useRef<HTMLDivElement>(null);
  // Desktop rows render once the ruler's fit is known, which a layout effect reads in the
  // table's first commit, before the first paint: the rows are drawn once, cut as they fit.
  const fit = useCellFit(ruler, !phone);
  const rowsShown = phone || fit !== null;
  const viewportHeight = useViewportHeight();
  // Read once: the window's size read in every render would force a layout in the write path.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  // The virtualizer's count follows the list's only near the view (virtualCount).
  const held = useRef({ count: frame.total, lastInView: 0 });
  const [, followCount] = useReducer((n: number) => n + 1, 0);
  const count = virtualCount(held.current.count, frame.total, held.current.lastInView);
  held.current.count = count;
  const rowHeight = phone ? PHONE_ROW_HEIGHT_PX : ROW_HEIGHT_PX;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    initialRect,
    observeElementRect: observeRectAfterLayout,
  });
  useEffect(() => virtualizer.measure(), [phone, grouped, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  held.current.lastInView = last;
  // A view that came near the count (a scroll far down) renders again at once with the list's
  // count, before the frame is painted.
  useLayoutEffect(() => {
    if (count < frame.total && last + NEAR_END_ROWS >= count) followCount();
  });
  const { onRange } = props;
  useEffect(() => {
    onRange(first, Math.max(1, last - first + 1));
  }, [first, last, onRange]);

  const rowAt = (index: number): Alert | undefined => frame.rows[index - frame.from];
  const [rowKeys] = useState(() => new RowKeys());
  // Phone and grouped rows are measured per index by the virtualizer: there the index is the key.
  const keys = measured ? [] : rowKeys.keysOf(items.flatMap((item) => rowAt(item.index)?.id ?? []));
  let shownRows = 0;
  // One handler for every row, the same across renders, so that unchanged rows are not
  // rendered again (AlertRow is memoised); it reads the latest props when clicked.
  const latest = useRef(props);
  latest.current = props;
  const onActivate = useCallback((index: number, a: Alert, gone: boolean) => {
    latest.current.onFocusIndex(index, a);
    if (!gone) latest.current.onToggle(a);
  }, []);
  // A desktop row's place (data-index, aria-rowindex) is written here, after each commit,
  // not rendered by the row: a new alert at the top moves every row below it one place down,
  // and with its index as a prop each of them rendered again for two attributes (30 rows a
  // new alert at 10 alerts/s, issue 58). Measured rows (phone, grouped) render their index:
  // the virtualizer reads it as their ref attaches, before this runs.
  const rowsBlock = useRef<HTMLDivElement>(null);
  const placed = measured ? null : items;
  useLayoutEffect(() => {
    const block = rowsBlock.current;
    if (!placed || !block) return;
    const rows = block.children;
    for (let k = 0; k < placed.length && k < rows.length; k++) {
      const row = rows[k] as HTMLElement;
      if (!row.dataset.alertId) continue;
      const index = String(placed[k]!.index);
      if (row.dataset.index === index) continue;
      row.dataset.index = index;
      row.setAttribute('aria-rowindex', String(placed[k]!.index + 2));
    }
  });

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Keys on the grid itself; a focused sort button keeps its own.
    if (e.target !== e.currentTarget) return;
    const move = (to: number) => {
      const next = Math.max(0, Math.min(frame.total - 1, to));
      props.onFocusIndex(next);
      // A row past the virtualizer's count (End in a long list): the count follows first.
      if (next + NEAR_END_ROWS >= count) {
        held.current.lastInView = next;
        flushSync(followCount);
      }
      virtualizer.scrollToIndex(next, { align: 'auto' });
      e.preventDefault();
    };
    if (e.key === 'ArrowDown') move(focusIndex + 1);
    else if (e.key === 'ArrowUp') move(focusIndex - 1);
    else if (e.key === 'PageDown') move(focusIndex + Math.max(1, last - first));
    else if (e.key === 'PageUp') move(focusIndex - Math.max(1, last - first));
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(frame.total - 1);
    else if (e.key === ' ') {
      const row = rowAt(focusIndex);
      if (row) props.onToggle(row);
      e.preventDefault();
    } else if (e.key === 'q' || e.key === 'Q') {
      props.onAcknowledgeKey();
      e.preventDefault();
    }
  }

  useSeenRows(scroller, virtualizer, latest, props.onSeen);

  const focusedRow = rowAt(focusIndex);
  // The whole list's height: the rows past the virtualizer's count at their estimated height.
  const totalSize = virtualizer.getTotalSize() + (frame.total - count) * rowHeight;
  // The list scrolls inside its CSS cap (max-height, at most the viewport's height): beyond
  // the cap the box's height does not change as alerts arrive, and neither does this style.
  const boxHeight = Math.min(totalSize + 1, Math.max(viewportHeight, MIN_CAP_PX));
  const rowsAt = items[0]?.start ?? 0;
  return (
    // The grid takes the focus and names the active row (aria-activedescendant is the grid's,
    // not allowed on the scroll area inside it); arrow keys move the row focus and scroll.
    <div
      className="alert-table"
      role="grid"
      aria-label={props.label}
      aria-rowcount={frame.total + 1}
      tabIndex={0}
      onKeyDown={onKeyDown}
      // The rows have the focus only while the grid itself has it: a focused sort button in
      // the column heads holds no rows (its keys are its own).
      onFocus={(e) => props.onFocusInside?.(e.target === e.currentTarget)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) props.onFocusInside?.(false);
      }}
      aria-activedescendant={focusedRow ? `alert-row-${focusedRow.id}` : undefined}
    >
      <AlertHead ref={head} sort={sort} onSort={props.onSort} />
      <div
        ref={scroller}
        className="alert-scroll"
        role="rowgroup"
        style={{ height: boxHeight }}
        onPointerEnter={() => props.onPointerInside?.(true)}
        onPointerLeave={() => props.onPointerInside?.(false)}
      >
        <div style={{ height: totalSize, position: 'relative' }}>
          {/* The rows' columns, empty and unseen: their widths tell which texts fit (cellFit). */}
          {!phone && (
            <div ref={ruler} className="alert-ruler" aria-hidden="true">
              <span />
              <span />
              {FIT_COLUMNS.map((c) => (
                <span key={c} data-fit={c} />
              ))}
            </div>
          )}
          {/* The visible rows stand in the flow of one block placed at the first one's
              offset: a new alert at the top inserts one row and moves none by style (each
              row placed on its own had its transform rewritten for every alert above it). */}
          <div
            ref={rowsBlock}
            className="alert-rows"
            style={rowsAt ? { transform: `translateY(${rowsAt}px)` } : undefined}
          >
            {(rowsShown ? items : []).map((item) => {
              const a = rowAt(item.index);
              if (!a)
                return (
                  <div
                    key={item.key}
                    className="alert-row alert-placeholder"
                    style={{ height: phone ? PHONE_ROW_HEIGHT_PX : ROW_HEIGHT_PX }}
                    role="row"
                  />
                );
              const key = measured ? item.key : keys[shownRows++]!;
              const gone = frame.gone?.includes(a.id) ?? false;
              const before = item.index > 0 ? rowAt(item.index - 1) : undefined;
              const startsGroup =
                grouped &&
                (item.index === 0 ||
                  (before !== undefined && before.stationNumber !== a.stationNumber));
              const row = (
                <AlertRow
                  // Desktop rows are keyed by alert (RowKeys): when alarms arrive above a row,
                  // it keeps its element and cells and only moves (keyed by index, every
                  // visible row rewrote its cells).
                  key={key}
                  alert={a}
                  index={measured ? item.index : undefined}
                  phone={phone}
                  gone={gone}
                  selected={selected.has(a.id)}
                  focused={item.index === focusIndex}
                  look={colors.get(a.priority)}
                  words={words}
                  fit={fit ?? NO_FIT}
                  measure={measured && !startsGroup ? virtualizer.measureElement : undefined}
                  onActivate={onActivate}
                />
              );
              if (!startsGroup) return row;
              // The group's head and its first row, measured together.
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="alert-group"
                  role="presentation"
                >
                  <GroupHead alert={a} counts={props.groups?.get(a.stationNumber)} />
                  {row}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The column heads with their sort buttons: rendered again only when the sort changes. */
const AlertHead = memo(function AlertHead({
  ref,
  sort,
  onSort,
}: {
  ref: Ref<HTMLDivElement>;
  sort: AlertSortState;
  onSort: (sort: AlertSortState) => void;
}) {
  const { t } = useTranslation();
  return (
    <div ref={ref} className="alert-row alert-head" role="row" aria-rowindex={1}>
      <span role="columnheader" className="col-select">
        <span className="visually-hidden">{t('alerts.columns.select')}</span>
      </span>
      {COLUMNS.map((c) => {
        const active = sort.column === c.id;
        return (
          <span
            key={c.id}
            role="columnheader"
            className={c.className}
            aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <button
              type="button"
              className="sort-button"
              onClick={() =>
                onSort({
                  column: c.id,
                  direction: active && sort.direction === 'desc' ? 'asc' : 'desc',
                })
              }
            >
              {t(c.labelKey)}
              <span aria-hidden="true" className="sort-mark">
                {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
              </span>
            </button>
          </span>
        );
      })}
    </div>
  );
});

/** How long after a change the rows in view are read as seen (once, not per frame). */
const SEEN_CHECK_MS = 250;

/**
 * Reports the unacknowledged rows that stand in the visible part of the list: after each
 * render, scroll or resize, once per SEEN_CHECK_MS (a flood's frames do not restart it), when
 * layout is done, so reading the scroller's place costs no layout of its own.
 */
function useSeenRows(
  scroller: { current: HTMLDivElement | null },
  virtualizer: {
    getVirtualItems(): { index: number; start: number; end: number }[];
  },
  latest: { current: AlertTableProps },
  onSeen: AlertTableProps['onSeen'],
): void {
  const timer = useRef<number | null>(null);
  const check = useRef<() => void>(() => undefined);
  check.current = () => {
    timer.current = null;
    const el = scroller.current;
    const report = latest.current.onSeen;
    if (!el || !report) return;
    const box = el.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (bottom <= top) return;
    const from = el.scrollTop + (top - box.top);
    const to = el.scrollTop + (bottom - box.top);
    const { frame } = latest.current;
    const ids: number[] = [];
    for (const item of virtualizer.getVirtualItems()) {
      const middle = (item.start + item.end) / 2;
      if (middle < from || middle > to) continue;
      const a = frame.rows[item.index - frame.from];
      if (a && a.state === 'pending' && !frame.gone?.includes(a.id)) ids.push(a.id);
    }
    if (ids.length > 0) report(ids);
  };
  const schedule = useCallback(() => {
    if (timer.current === null)
      timer.current = window.setTimeout(() => check.current(), SEEN_CHECK_MS);
  }, []);
  useEffect(() => {
    if (onSeen) schedule();
  });
  useEffect(() => {
    if (!onSeen) return;
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    };
  }, [onSeen, schedule]);
}

/** A station's group head in a grouped list: its name and how many alerts, unacknowledged. */
function GroupHead({
  alert: a,
  counts,
}: {
  alert: Alert;
  counts: { total: number; pending: number } | undefined;
}) {
  const { t } = useTranslation();
  const name = a.stationNumber === null ? t('alerts.group.noStation') : a.stationName;
  return (
    <div className="alert-group-head" role="row" data-group-station={a.stationNumber ?? ''}>
      <span role="rowheader" aria-colspan={COLUMNS.length + 1}>
        <strong>{name}</strong>
        {counts && (
          <span className="alert-group-counts">
            {' · '}
            {t('alerts.group.total', { count: counts.total })}
            {' · '}
            {t('alerts.group.pending', { count: counts.pending })}
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * The ruler's cells' widths (content boxes, as laid out, untouched by any transform of the
 * page), or null where the ruler has no layout (no box, or no layout at all).
 */
function rulerWidths(ruler: HTMLElement): Record<FitColumn, number> | null {
  const widths: Partial<Record<FitColumn, number>> = {};
  for (const cell of ruler.querySelectorAll<HTMLElement>('[data-fit]')) {
    const width = parseFloat(getComputedStyle(cell).width);
    if (!Number.isFinite(width)) return null;
    widths[cell.dataset.fit as FitColumn] = width;
  }
  return FIT_COLUMNS.every((c) => widths[c] !== undefined)
    ? (widths as Record<FitColumn, number>)
    : null;
}

/**
 * Which texts fit their cells (cellFit.ts), from the ruler row's cells. Read in a layout effect
 * of the commit that mounts the ruler, before that commit is painted: the layout it takes is
 * the one the virtualizer's first scroll write forces there anyway, and the rows, which the
 * table renders only once the fit is known (null until then), are rendered and drawn once,
 * cut as they fit. The ruler's first fit came from a ResizeObserver after the first layout,
 * and every row's cells rendered again after the first paint (bench/README.md "The cell fit
 * known in the first commit"). A ResizeObserver then renders the rows with a new fit when a
 * column's width changes. NO_FIT (every text cut) where there is no canvas or no layout.
 */
function useCellFit(ruler: RefObject<HTMLElement | null>, desktop: boolean): CellFit | null {
  const [fit, setFit] = useState<CellFit | null>(null);
  useLayoutEffect(() => {
    const el = ruler.current;
    if (!desktop || !el) return;
    const measure = canvasMeasure();
    let widths = measure ? rulerWidths(el) : null;
    setFit(measure && widths ? cellFit(widths, cellFontOf(getComputedStyle(el)), measure) : NO_FIT);
    if (!measure || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const now = rulerWidths(el);
      if (!now || (widths && FIT_COLUMNS.every((c) => now[c] === widths![c]))) return;
      widths = now;
      setFit(cellFit(now, cellFontOf(getComputedStyle(el)), measure));
    });
    for (const cell of el.querySelectorAll('[data-fit]')) observer.observe(cell);
    return () => observer.disconnect();
  }, [ruler, desktop]);
  return fit;
}

/** The window's inner height, read when it resizes (never in a render). */
function useViewportHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

interface RowProps {
  alert: Alert;
  /** Measured rows only; a desktop row's place is written by the table (AlertTable). */
  index: number | undefined;
  phone: boolean;
  /** A held current list: the alert left the list meanwhile. */
  gone: boolean;
  selected: boolean;
  focused: boolean;
  look: PriorityLook | undefined;
  words: RowWords;
  fit: CellFit;
  /** Phones measure each row (they wrap); desktop rows have a fixed height. */
  measure: ((el: Element | null) => void) | undefined;
  onActivate: (index: number, alert: Alert, gone: boolean) => void;
}

/**
 * One alert row. Memoised: while scrolling, only the rows that come into view render (the
 * others keep their props; an unchanged alert keeps its object, src/live/keptRows.ts). A
 * desktop row that only moved (new alarms above it) does not render: the table writes its new
 * place; it stands in the rows' flow, so moving it writes no style.
 */
const AlertRow = memo(function AlertRow({
  alert: a,
  index,
  phone,
  gone,
  selected,
  focused,
  look,
  words,
  fit,
  measure,
  onActivate,
}: RowProps) {
  const phase = gone ? 'gone' : alertPhase(a);
  return (
    <div
      ref={measure}
      data-index={index}
      id={`alert-row-${a.id}`}
      role="row"
      aria-rowindex={index === undefined ? undefined : index + 2}
      aria-selected={selected}
      data-alert-id={a.id}
      className={cx(
        'alert-row',
        a.state === 'pending' && !gone && 'is-pending',
        a.cleared && 'is-cleared',
        `is-${phase}`,
        selected && 'is-selected',
        focused && 'is-focused',
      )}
      style={phone ? undefined : DESKTOP_ROW_STYLE}
      onClick={(e) => onActivate(Number(e.currentTarget.dataset.index), a, gone)}
    >
      <AlertCells
        alert={a}
        phase={phase}
        phone={phone}
        selected={selected}
        look={look}
        words={words}
        fit={fit}
      />
    </div>
  );
});

interface CellsProps {
  alert: Alert;
  phase: RowPhase;
  phone: boolean;
  selected: boolean;
  look: PriorityLook | undefined;
  words: RowWords;
  fit: CellFit;
}

const ROMAN: TextLook = {};
const BOLD: TextLook = { bold: true };
const ITALIC: TextLook = { italic: true };
const BOLD_ITALIC: TextLook = { bold: true, italic: true };

/**
 * The cells of a row: what the alert says, independent of where the row stands. A text that
 * fits its cell stands in it whole, without a clip; one that does not is cut with an ellipsis
 * (`is-cut`), its full text the cell's title. Desktop names are cut in the middle, so similar
 * ones still read apart (the tail tells them apart); on a phone every text wraps whole.
 * The looks match the CSS: the text of a pending alarm and the state of an unacknowledged
 * one are bold, a gone row is italic.
 */
const AlertCells = memo(function AlertCells({
  alert: a,
  phase,
  phone,
  selected,
  look,
  words,
  fit,
}: CellsProps) {
  const gone = phase === 'gone';
  const roman = gone ? ITALIC : ROMAN;
  const bold = gone ? BOLD_ITALIC : BOLD;
  const text = words.text(a.text);
  const cell = (column: FitColumn, className: string, shown: string, as: TextLook = roman) => {
    const cut = !phone && !fit.fits(column, shown, as);
    return (
      <span
        role="gridcell"
        className={cut ? `${className} is-cut` : className}
        title={cut ? shown : undefined}
      >
        {shown}
      </span>
    );
  };
  const name = (column: FitColumn, shown: string, as: TextLook = roman) => (
    <span role="gridcell" className={`col-${column}`}>
      {phone || fit.fits(column, shown, as) ? shown : <MiddleText text={shown} />}
    </span>
  );
  return (
    <>
      <span role="gridcell" className="col-select">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          aria-label={text}
          onChange={() => undefined}
        />
      </span>
      <span role="gridcell" className="col-prio">
        <PriorityChip priority={a.priority} look={look} />
      </span>
      {cell('time', 'col-time num', words.dateTime(a.timestamp))}
      {name('station', a.stationName)}
      {name('source', a.sourceName)}
      {name('text', text, a.state === 'pending' && !gone ? bold : roman)}
      {cell(
        'state',
        'col-state',
        words.phase[phase],
        phase === 'returned' || phase === 'unacknowledged' ? bold : roman,
      )}
      {cell('ackby', 'col-ackby', a.acknowledgedBy ?? '')}
      {cell('cleared', 'col-cleared', a.cleared ? words.clearedYes : words.clearedNo)}
    </>
  );
});
