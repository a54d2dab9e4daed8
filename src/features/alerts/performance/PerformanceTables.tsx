/**
 * The tables under the chart, each with its heading and, when empty, why ("Kein Alarmschwall
 * im Zeitraum"). Below 600 px every row becomes a block of label and value (data-label), so
 * nothing scrolls sideways on a phone; printed, every table is whole.
 */
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
} from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { useFormat } from '../../../app/useFormat.ts';
import type { AlarmPerformance } from '../../../domain/alarmPerformance.ts';
import { Icon, cx } from '../../../ui/index.ts';
import { PriorityChip } from '../AlertTable.tsx';
import { usePriorityName, usePriorityStyles } from '../../shared/alarm/usePriorities.ts';
import { useAlarmText } from '../../shared/alarm/useAlarmText.ts';
import { useFollowLinks } from '../../shared/useFollowLinks.ts';
import {
  isEmptyTable,
  NEVER_ACK_SHOWN,
  performanceTables,
  ROWS_PER_STEP,
  rowsAfterStep,
  tableStepCount,
  type PerformanceTable,
  type TableCell,
} from './performanceTables.ts';
import { afterNextFrame } from './afterNextFrame.ts';

type PriorityLooks = ReturnType<typeof usePriorityStyles>;
type PriorityName = ReturnType<typeof usePriorityName>;

function Cell({
  cell,
  look,
  priorityName,
}: {
  cell: TableCell;
  look: PriorityLooks;
  priorityName: PriorityName;
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
  // A plain link: the tables follow it in the app (useFollowLinks), one handler for all rows.
  if (cell.href) return <a href={cell.href}>{cell.text}</a>;
  return <>{cell.text}</>;
}

/** Rows `from` to `to` of a table: the rows one step added, kept as they are by later steps. */
const Rows = memo(function Rows({
  table,
  from,
  to,
  look,
  priorityName,
}: {
  table: PerformanceTable;
  from: number;
  to: number;
  look: PriorityLooks;
  priorityName: PriorityName;
}) {
  return table.rows.slice(from, to).map((row, r) => (
    <tr key={from + r}>
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
  ));
});

/**
 * A table with its heading, `rowsDrawn` of its rows so far. Its layout and paint wait until it
 * comes near the screen (content-visibility, sized until then by its rows: --rows, --cols);
 * while its rows come (data-drawing) it is at least that high, so a table the browser finds
 * far from the screen on its first frame stays unlaid while they come.
 */
const TableBlock = memo(function TableBlock({
  table,
  performance,
  rowsDrawn,
}: {
  table: PerformanceTable;
  performance: AlarmPerformance;
  rowsDrawn: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const look = usePriorityStyles();
  const priorityName = usePriorityName();
  const headingId = `perf-table-${table.id}`;
  const empty = isEmptyTable(table, performance);
  const rows: ReactElement[] = [];
  for (let from = 0; from < rowsDrawn; from += ROWS_PER_STEP)
    rows.push(
      <Rows
        key={from}
        table={table}
        from={from}
        to={Math.min(rowsDrawn, from + ROWS_PER_STEP)}
        look={look}
        priorityName={priorityName}
      />,
    );
  const size = {
    '--rows': Math.max(1, empty ? 0 : table.shownRows),
    '--cols': table.columns.length,
  } as CSSProperties;
  return (
    <section
      className="perf-table-block"
      aria-labelledby={headingId}
      data-table={table.id}
      data-drawing={rowsDrawn < table.shownRows || undefined}
      style={size}
    >
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
            <tbody>{rows}</tbody>
          </table>
          {table.shownRows < table.total && (
            <p className="perf-table-note">
              {t('alerts.performance.tables.more', {
                count: table.total,
                shown: format.number(table.shownRows, 0),
                total: format.number(table.total, 0),
              })}
            </p>
          )}
        </>
      )}
    </section>
  );
});

/**
 * The tables, added in steps after the figures and the chart are on screen: all nine at once
 * (hundreds of rows with priority chips) were one long task to render and lay out. The first
 * step makes the tables' rows and draws each table without its rows (a table the browser then
 * finds far from the screen is not laid out when its rows come: content-visibility decides on
 * a table's first frame, and a table that came with its rows was laid out whole once); each
 * later step adds at most ROWS_PER_STEP rows of one table. The section is busy (aria-busy)
 * until the last.
 */
export function PerformanceTables({ performance }: { performance: AlarmPerformance }) {
  const { t } = useTranslation();
  const format = useFormat();
  const look = usePriorityStyles();
  const priorityName = usePriorityName();
  const alarmText = useAlarmText();
  const section = useRef<HTMLElement>(null);
  useFollowLinks(section);
  // The steps taken so far for these figures (new figures start again from none).
  const [progress, setProgress] = useState({ of: performance, done: 0 });
  const done = progress.of === performance ? progress.done : 0;
  const started = done > 0;
  // Only the rows the page draws are made (the export makes all of them from the whole lists),
  // and only once the first step comes.
  const tables = useMemo(
    () =>
      started
        ? performanceTables(
            performance,
            t,
            format,
            (l) => priorityName(l, look.get(l)?.name),
            alarmText,
            NEVER_ACK_SHOWN,
          )
        : null,
    [started, performance, t, format, priorityName, look, alarmText],
  );
  const rowCounts = useMemo(() => tables?.map((x) => x.shownRows) ?? null, [tables]);
  const steps = rowCounts && tableStepCount(rowCounts);
  // One step more per task, each after the page painted the one before, until the last.
  useEffect(() => {
    if (steps !== null && done >= steps) return;
    return afterNextFrame(() => setProgress({ of: performance, done: done + 1 }));
  }, [performance, done, steps]);
  const rowsDrawn = useMemo(() => rowCounts && rowsAfterStep(rowCounts, done), [rowCounts, done]);
  return (
    <section
      ref={section}
      className="perf-tables"
      aria-labelledby="perf-tables-heading"
      aria-busy={steps === null || done < steps}
    >
      <h2 id="perf-tables-heading" className="perf-heading">
        {t('alerts.performance.tables.heading')}
      </h2>
      {tables &&
        rowsDrawn &&
        tables.map((table, i) => (
          <TableBlock
            key={table.id}
            table={table}
            performance={performance}
            rowsDrawn={rowsDrawn[i]!}
          />
        ))}
    </section>
  );
}
