/**
 * Report values computed from the archive with SQL aggregation in SQLite (SPEC §9
 * "Aggregations"). The rows of a period go in as one JSON list of [start, end) pairs; each
 * pair is a range seek on the (pv, t) primary key of the source table, grouped per row, so a
 * report never scans a table: quarter hours for daily reports, days for the rest (an annual
 * report groups each month's days). Switch cycles count 0 -> 1 changes in the raw archive and
 * are null where the raw archive does not reach.
 */
import type { Statement } from 'better-sqlite3';
import type {
  ReportAggregation,
  ReportDataBinding,
  ReportResolution,
  ReportTotal,
} from '../../src/contract/reports.ts';
import type { ReportRowSpan } from '../../src/domain/reportPeriod.ts';
import type { ArchiveKind } from '../archive/aggregate.ts';
import type { Db } from '../store/db.ts';

type SourceTable = 'archive_quarter_hour' | 'archive_day';

export const SOURCE_OF: Record<ReportResolution, SourceTable> = {
  QuarterHour: 'archive_quarter_hour',
  Hour: 'archive_quarter_hour',
  Day: 'archive_day',
  Month: 'archive_day',
};

/** Hours one row of the source table spans (a DST day counts 24: a 4 % error on 2 days a year). */
const SOURCE_HOURS: Record<SourceTable, number> = {
  archive_quarter_hour: 0.25,
  archive_day: 24,
};

/** m³ per (flow unit × hour). */
export function volumeFactor(dimension: string): number {
  switch (dimension) {
    case 'l/s':
      return 3.6;
    case 'm³/s':
      return 3600;
    case 'm³/min':
      return 60;
    default:
      return 1;
  }
}

function valueExpr(aggregation: ReportAggregation, kind: ArchiveKind, table: SourceTable): string {
  const hours = SOURCE_HOURS[table];
  switch (aggregation) {
    case 'sum':
      return kind === 'counter' ? 'sum(a.total)' : 'sum(a.sum)';
    case 'mean':
      return 'CASE WHEN sum(a.n) > 0 THEN sum(a.sum) / sum(a.n) END';
    case 'min':
      return 'min(a.vmin)';
    case 'max':
      return 'max(a.vmax)';
    case 'count':
      return 'sum(a.n)';
    case 'operatingHours':
    case 'volume':
      return `sum(CASE WHEN a.n > 0 THEN a.sum / a.n * ${hours} END) * ?`;
    case 'switchCycles':
      throw new Error('switch cycles come from the raw archive');
    default:
      throw new Error(`Unknown aggregation ${String(aggregation satisfies never)}`);
  }
}

const OFFSET_MS: Record<ReportDataBinding['offsetUnit'], number> = {
  Hours: 3_600_000,
  // NOTE: a day is 24 h here; across a DST change a day-shifted row starts an hour off its
  // own wall-clock day.
  Days: 86_400_000,
};

/**
 * SPEC §3 "Report data binding": a binding with an offset reads the period shifted by
 * `offset` units (+1 day: a meter reading taken the next morning belongs to the day before;
 * -1 day: the same hour of the previous day, for comparison). The rows keep their own times.
 */
export function shiftedRows(
  rows: readonly ReportRowSpan[],
  binding: Pick<ReportDataBinding, 'offset' | 'offsetUnit'>,
): readonly ReportRowSpan[] {
  if (binding.offset === 0) return rows;
  const by = binding.offset * OFFSET_MS[binding.offsetUnit];
  return rows.map((r) => ({ t: r.t + by, end: r.end + by }));
}

export interface ColumnValues {
  values: (number | null)[];
  times: (number | null)[];
}

export class ReportDataService {
  private readonly stmts = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Db) {}

  private stmt(key: string, sql: string): Statement<unknown[]> {
    let s = this.stmts.get(key);
    if (!s) {
      s = this.db.prepare(sql);
      this.stmts.set(key, s);
    }
    return s;
  }

  /** One column's value per row. */
  column(
    pvId: number,
    kind: ArchiveKind,
    aggregation: ReportAggregation,
    resolution: ReportResolution,
    rows: readonly ReportRowSpan[],
    dimension: string,
  ): ColumnValues {
    const values: (number | null)[] = rows.map(() => null);
    const times: (number | null)[] = rows.map(() => null);
    if (rows.length === 0) return { values, times };
    if (aggregation === 'switchCycles') return this.switchCycles(pvId, rows);
    const table = SOURCE_OF[resolution];
    const expr = valueExpr(aggregation, kind, table);
    const withTime = aggregation === 'min' || aggregation === 'max';
    const key = `${table}:${aggregation}:${kind}`;
    // NOTE: with a single min() or max(), SQLite takes the bare column a.t from the row that
    // holds the extreme: the time of the minimum or maximum.
    const stmt = this.stmt(
      key,
      `SELECT b.key AS i, ${expr} AS v${withTime ? ', a.t AS at' : ''}
       FROM json_each(?) AS b
       CROSS JOIN ${table} AS a ON a.pv = ? AND a.t >= b.value ->> 0 AND a.t < b.value ->> 1
       GROUP BY b.key`,
    );
    const bounds = JSON.stringify(rows.map((r) => [r.t, r.end]));
    const factor =
      aggregation === 'volume'
        ? volumeFactor(dimension)
        : aggregation === 'operatingHours'
          ? 1
          : null;
    const params: unknown[] = factor === null ? [bounds, pvId] : [factor, bounds, pvId];
    for (const row of stmt.all(...params) as { i: number; v: number | null; at?: number }[]) {
      values[row.i] = row.v;
      if (withTime && row.v !== null) times[row.i] = row.at ?? null;
    }
    return { values, times };
  }

  private switchCycles(pvId: number, rows: readonly ReportRowSpan[]): ColumnValues {
    const start = rows[0]!.t;
    const end = rows.at(-1)!.end;
    const first = this.stmt(
      'raw:first',
      'SELECT t FROM archive_raw WHERE pv = ? AND t >= ? AND t < ? ORDER BY t LIMIT 1',
    ).get(pvId, start - 86_400_000, end) as { t: number } | undefined;
    const rising = this.stmt(
      'raw:rising',
      `SELECT t FROM (
         SELECT t, v, lag(v) OVER (ORDER BY t) AS p FROM archive_raw WHERE pv = ? AND t >= ? AND t < ?
       ) WHERE v = 1 AND p = 0`,
    )
      .pluck()
      .all(pvId, start, end) as number[];
    const values: (number | null)[] = rows.map((r) =>
      first === undefined || first.t > r.t + 120_000 ? null : 0,
    );
    let i = 0;
    for (const t of rising) {
      while (i < rows.length && rows[i]!.end <= t) i++;
      if (i >= rows.length) break;
      if (values[i] !== null) values[i]! += 1;
    }
    return { values, times: rows.map(() => null) };
  }
}

/** Footer aggregates of one column over its row values. */
export function totalOf(
  values: readonly (number | null)[],
  times: readonly (number | null)[],
  rows: readonly ReportRowSpan[],
): ReportTotal {
  let sum = 0;
  let n = 0;
  let min: number | null = null;
  let max: number | null = null;
  let minT: number | null = null;
  let maxT: number | null = null;
  values.forEach((v, i) => {
    if (v === null) return;
    sum += v;
    n++;
    const at = times[i] ?? rows[i]?.t ?? null;
    if (min === null || v < min) {
      min = v;
      minT = at;
    }
    if (max === null || v > max) {
      max = v;
      maxT = at;
    }
  });
  return {
    sum: n > 0 ? sum : null,
    mean: n > 0 ? sum / n : null,
    min,
    minT,
    max,
    maxT,
  };
}
