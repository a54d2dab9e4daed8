/**
 * The tables under the chart, each with its heading and, when empty, why ("Kein Alarmschwall
 * im Zeitraum"). Below 600 px every row becomes a block of label and value (data-label), so
 * nothing scrolls sideways on a phone; printed, every table is whole.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import { useFormat } from '../../../app/useFormat.ts';
import type { AlarmPerformance } from '../../../domain/alarmPerformance.ts';
import { Icon, cx } from '../../../ui/index.ts';
import { PriorityChip } from '../AlertTable.tsx';
import { usePriorityName, usePriorityStyles } from '../../shared/alarm/usePriorities.ts';
import { useAlarmText } from '../../shared/alarm/useAlarmText.ts';
import {
  isEmptyTable,
  NEVER_ACK_SHOWN,
  performanceTables,
  type PerformanceTable,
  type TableCell,
} from './performanceTables.ts';

function Cell({
  cell,
  look,
  priorityName,
}: {
  cell: TableCell;
  look: ReturnType<typeof usePriorityStyles>;
  priorityName: ReturnType<typeof usePriorityName>;
}) {
  if (cell.priority !== undefined) {
    const name = priorityName(cell.priority, look.get(cell.priority)?.name);
    return (
      <span className="perf-prio">
        <PriorityChip priority={cell.priority} look={look.get(cell.priority)} />
        {name && <span>{name}</span>}
      </span>
    );
  }
  if (cell.href) return <Link to={cell.href}>{cell.text}</Link>;
  return <>{cell.text}</>;
}

function TableBlock({
  table,
  performance,
}: {
  table: PerformanceTable;
  performance: AlarmPerformance;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const look = usePriorityStyles();
  const priorityName = usePriorityName();
  const headingId = `perf-table-${table.id}`;
  const empty = isEmptyTable(table, performance);
  const rows = table.rows.slice(0, table.shownRows);
  return (
    <section className="perf-table-block" aria-labelledby={headingId} data-table={table.id}>
      <h3 id={headingId} className="perf-table-title">
        {table.title}
        {!empty && table.total > 0 && table.id !== 'bands' && table.id !== 'levels' && (
          <span className="perf-table-count"> ({format.number(table.total, 0)})</span>
        )}
      </h3>
      {empty ? (
        <p className="perf-empty">
          <Icon name="check" className="perf-empty-shape" />
          <span>
            <strong>{table.empty.title}.</strong> {table.empty.reason}
          </span>
        </p>
      ) : (
        <>
          <table className="table perf-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c.label} scope="col" className={cx(c.num && 'num')}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td
                      key={c}
                      data-label={table.columns[c]!.label}
                      className={cx(table.columns[c]!.num && 'num')}
                    >
                      <Cell cell={cell} look={look} priorityName={priorityName} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length < table.total && (
            <p className="perf-table-note">
              {t('alerts.performance.tables.more', {
                count: table.total,
                shown: format.number(rows.length, 0),
                total: format.number(table.total, 0),
              })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The tables, `drawn` of them (all when absent): the page adds them one task at a time after
 * the figures and the chart are on screen, since all nine at once (hundreds of rows with
 * priority chips) were one long task to render and lay out.
 */
export function PerformanceTables({
  performance,
  drawn,
}: {
  performance: AlarmPerformance;
  drawn?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const look = usePriorityStyles();
  const priorityName = usePriorityName();
  const alarmText = useAlarmText();
  // Only the rows the page draws are made (the export makes all of them from the whole lists).
  const tables = useMemo(
    () =>
      performanceTables(
        performance,
        t,
        format,
        (l) => priorityName(l, look.get(l)?.name),
        alarmText,
        NEVER_ACK_SHOWN,
      ),
    [performance, t, format, priorityName, look, alarmText],
  );
  // The same elements each step, so a step renders its new table only, not the drawn ones again.
  const blocks = useMemo(
    () =>
      tables.map((table) => <TableBlock key={table.id} table={table} performance={performance} />),
    [tables, performance],
  );
  const shown = drawn === undefined ? blocks : blocks.slice(0, drawn);
  return (
    <section
      className="perf-tables"
      aria-labelledby="perf-tables-heading"
      aria-busy={shown.length < blocks.length}
    >
      <h2 id="perf-tables-heading" className="perf-heading">
        {t('alerts.performance.tables.heading')}
      </h2>
      {shown}
    </section>
  );
}
