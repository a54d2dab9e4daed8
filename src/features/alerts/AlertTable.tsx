/**
 * The virtualized alert table: only the visible rows (plus the engine's margin) exist in the
 * DOM and in the tab; scrolling moves the leased window. Arrow keys move the focused row,
 * space selects it, Q acknowledges (the page handles it through onAcknowledgeKey).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { Alert } from '../../contract/alerts.ts';
import type { AlertColumn } from '../../domain/alertFields.ts';
import type { AlertViewFrame } from '../../live/index.ts';
import { useFormat } from '../../app/useFormat.ts';
import { cx } from '../../ui/index.ts';

export const ROW_HEIGHT_PX = 36;

export interface AlertSortState {
  column: AlertColumn;
  direction: 'asc' | 'desc';
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

interface Props {
  frame: AlertViewFrame;
  sort: AlertSortState;
  onSort: (sort: AlertSortState) => void;
  onRange: (start: number, count: number) => void;
  selected: ReadonlySet<number>;
  onToggle: (alert: Alert) => void;
  focusIndex: number;
  onFocusIndex: (index: number) => void;
  onAcknowledgeKey: () => void;
  colors: ReadonlyMap<number, string>;
  label: string;
}

export function AlertTable(props: Props) {
  const { frame, sort, selected, focusIndex, colors } = props;
  const { t } = useTranslation();
  const format = useFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: frame.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { onRange } = props;
  useEffect(() => {
    onRange(first, Math.max(1, last - first + 1));
  }, [first, last, onRange]);

  const rowAt = (index: number): Alert | undefined => frame.rows[index - frame.from];

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const move = (to: number) => {
      const next = Math.max(0, Math.min(frame.total - 1, to));
      props.onFocusIndex(next);
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

  const focusedRow = rowAt(focusIndex);
  return (
    <div
      className="alert-table"
      role="grid"
      aria-label={props.label}
      aria-rowcount={frame.total + 1}
    >
      <div className="alert-row alert-head" role="row" aria-rowindex={1}>
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
                  props.onSort({
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
      <div
        ref={scroller}
        className="alert-scroll"
        style={{ height: frame.total * ROW_HEIGHT_PX + 1 }}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-activedescendant={focusedRow ? `alert-row-${focusedRow.id}` : undefined}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const a = rowAt(item.index);
            const style = { transform: `translateY(${item.start}px)`, height: ROW_HEIGHT_PX };
            if (!a)
              return (
                <div
                  key={item.key}
                  className="alert-row alert-placeholder"
                  style={style}
                  role="row"
                />
              );
            const isSelected = selected.has(a.id);
            return (
              <div
                key={item.key}
                id={`alert-row-${a.id}`}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                data-alert-id={a.id}
                className={cx(
                  'alert-row',
                  a.state === 'pending' && 'is-pending',
                  a.cleared && 'is-cleared',
                  isSelected && 'is-selected',
                  item.index === focusIndex && 'is-focused',
                )}
                style={style}
                onClick={() => {
                  props.onFocusIndex(item.index);
                  props.onToggle(a);
                }}
              >
                <span role="gridcell" className="col-select">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    checked={isSelected}
                    aria-label={a.text}
                    onChange={() => undefined}
                  />
                </span>
                <span role="gridcell" className="col-prio">
                  <span
                    className="prio-chip"
                    style={{ background: colors.get(a.priority) ?? 'var(--color-border, #999)' }}
                  >
                    {a.priority}
                  </span>
                </span>
                <span role="gridcell" className="col-time num">
                  {format.dateTime(a.timestamp)}
                </span>
                <span role="gridcell" className="col-station" title={a.stationName}>
                  {a.stationName}
                </span>
                <span role="gridcell" className="col-source" title={a.sourceName}>
                  {a.sourceName}
                </span>
                <span role="gridcell" className="col-text" title={a.text}>
                  {a.text}
                </span>
                <span role="gridcell" className="col-state">
                  {t(`alerts.state.${a.state}`)}
                </span>
                <span role="gridcell" className="col-ackby">
                  {a.acknowledgedBy ?? ''}
                </span>
                <span role="gridcell" className="col-cleared">
                  {a.cleared ? t('alerts.cleared.yes') : t('alerts.cleared.no')}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
