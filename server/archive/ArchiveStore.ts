/**
 * The archive tables in SQLite: raw values (archive_raw) and quarter-hour, day and month
 * aggregates, keyed (pv id, t) WITHOUT ROWID, so a range of one PV is one contiguous B-tree
 * walk. Every statement is prepared once; writers batch rows in one transaction.
 */
import type { Statement } from 'better-sqlite3';
import type { ChartPoints, SeriesMeasurementType } from '../../src/contract/charts.ts';
import type { Db } from '../store/db.ts';
import type { Aggregate, AggregateLevel, ArchiveKind } from './aggregate.ts';

export const AGGREGATE_TABLES: Record<AggregateLevel, string> = {
  quarterHour: 'archive_quarter_hour',
  day: 'archive_day',
  month: 'archive_month',
};

export type ArchiveTable = 'raw' | AggregateLevel;

export const TABLE_NAMES: Record<ArchiveTable, string> = {
  raw: 'archive_raw',
  ...AGGREGATE_TABLES,
};

export interface ArchivedPvRow {
  id: number;
  kind: ArchiveKind;
  historyFilled: boolean;
}

/** The SQL of the value a series shows (see aggregateValue, which this mirrors). */
function valueSql(kind: ArchiveKind, type: SeriesMeasurementType): string {
  if (type === 'Aktuell') return 'last';
  if (kind === 'counter') return 'total';
  switch (type) {
    case 'Mittelwert':
      return 'CASE WHEN n > 0 THEN sum / n END';
    case 'Minwert':
      return 'vmin';
    case 'Maxwert':
      return 'vmax';
    default:
      throw new Error(`Unknown measurement type: ${String(type satisfies never)}`);
  }
}

export class ArchiveStore {
  private readonly selectPv: Statement<[string], { id: number; kind: string; filled: number }>;
  private readonly insertPv: Statement<[string, string]>;
  private readonly markFilled: Statement<[number]>;
  private readonly insertRawStmt: Statement<[number, number, number | null]>;
  private readonly hasRawStmt: Statement<[number, number], { one: number }>;
  private readonly upsertStmts: Record<AggregateLevel, Statement<unknown[]>>;
  private readonly readStmts = new Map<string, Statement<unknown[]>>();
  private readonly edgeStmts = new Map<string, Statement<[number], { t: number }>>();

  constructor(readonly db: Db) {
    this.selectPv = db.prepare(
      'SELECT id, kind, history_filled AS filled FROM archive_pv WHERE pv_key = ?',
    );
    this.insertPv = db.prepare('INSERT INTO archive_pv (pv_key, kind) VALUES (?, ?)');
    this.markFilled = db.prepare('UPDATE archive_pv SET history_filled = 1 WHERE id = ?');
    this.insertRawStmt = db.prepare(
      'INSERT OR REPLACE INTO archive_raw (pv, t, v) VALUES (?, ?, ?)',
    );
    this.hasRawStmt = db.prepare('SELECT 1 AS one FROM archive_raw WHERE pv = ? AND t = ?');
    const upsert = (table: string) =>
      db.prepare(`
        INSERT INTO ${table} (pv, t, n, sum, vmin, vmax, last, last_t, total)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (pv, t) DO UPDATE SET
          n = n + excluded.n,
          sum = sum + excluded.sum,
          vmin = min(coalesce(vmin, excluded.vmin), coalesce(excluded.vmin, vmin)),
          vmax = max(coalesce(vmax, excluded.vmax), coalesce(excluded.vmax, vmax)),
          last = CASE WHEN excluded.last_t >= last_t THEN excluded.last ELSE last END,
          last_t = max(last_t, excluded.last_t),
          total = total + excluded.total`);
    this.upsertStmts = {
      quarterHour: upsert(AGGREGATE_TABLES.quarterHour),
      day: upsert(AGGREGATE_TABLES.day),
      month: upsert(AGGREGATE_TABLES.month),
    };
  }

  meta(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM archive_meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare('INSERT OR REPLACE INTO archive_meta (key, value) VALUES (?, ?)')
      .run(key, value);
  }

  /** The row of a PV, created on first use. */
  pv(key: string, kind: ArchiveKind): ArchivedPvRow {
    let row = this.selectPv.get(key);
    if (!row) {
      this.insertPv.run(key, kind);
      row = this.selectPv.get(key)!;
    }
    return { id: row.id, kind: row.kind as ArchiveKind, historyFilled: row.filled === 1 };
  }

  setHistoryFilled(id: number): void {
    this.markFilled.run(id);
  }

  insertRaw(id: number, t: number, v: number | null): void {
    this.insertRawStmt.run(id, t, v);
  }

  /** Whether the PV has a raw value at exactly `t`. */
  hasRaw(id: number, t: number): boolean {
    return this.hasRawStmt.get(id, t) !== undefined;
  }

  /** Merges a (partial) aggregate into the stored period; see mergeAggregate. */
  upsertAggregate(level: AggregateLevel, id: number, start: number, a: Aggregate): void {
    this.upsertStmts[level].run(
      id,
      start,
      a.n,
      a.sum,
      a.min,
      a.max,
      a.last,
      Number.isFinite(a.lastT) ? a.lastT : start,
      a.total,
    );
  }

  /** Raw values in [start, end), ascending. */
  readRaw(id: number, start: number, end: number): ChartPoints {
    return this.read('raw', 'v', id, start, end);
  }

  /** Aggregated values of periods whose start lies in [start, end), ascending. */
  readAggregate(
    level: AggregateLevel,
    kind: ArchiveKind,
    type: SeriesMeasurementType,
    id: number,
    start: number,
    end: number,
  ): ChartPoints {
    return this.read(level, valueSql(kind, type), id, start, end);
  }

  /** Time of the first (or last) stored row of a PV, or null when there is none. */
  edge(table: ArchiveTable, which: 'first' | 'last', id: number): number | null {
    const key = `${table}:${which}`;
    let stmt = this.edgeStmts.get(key);
    if (!stmt) {
      const order = which === 'first' ? 'ASC' : 'DESC';
      stmt = this.db.prepare(
        `SELECT t FROM ${TABLE_NAMES[table]} WHERE pv = ? ORDER BY t ${order} LIMIT 1`,
      );
      this.edgeStmts.set(key, stmt);
    }
    return stmt.get(id)?.t ?? null;
  }

  private read(
    table: ArchiveTable,
    expr: string,
    id: number,
    start: number,
    end: number,
  ): ChartPoints {
    const key = `${table}:${expr}`;
    let stmt = this.readStmts.get(key);
    if (!stmt) {
      stmt = this.db
        .prepare(
          `SELECT t, ${expr} AS v FROM ${TABLE_NAMES[table]} WHERE pv = ? AND t >= ? AND t < ? ORDER BY t`,
        )
        .raw(true);
      this.readStmts.set(key, stmt);
    }
    const t: number[] = [];
    const v: (number | null)[] = [];
    for (const row of stmt.iterate(id, start, end) as Iterable<[number, number | null]>) {
      t.push(row[0]);
      v.push(row[1]);
    }
    return { t, v };
  }

  /**
   * Deletes rows older than `before` from one table, PV by PV so each delete is a range of
   * the primary key rather than a scan. Returns the rows deleted.
   */
  prune(table: ArchiveTable, before: number): number {
    const ids = this.db.prepare('SELECT id FROM archive_pv').pluck().all() as number[];
    const stmt = this.db.prepare(`DELETE FROM ${TABLE_NAMES[table]} WHERE pv = ? AND t < ?`);
    return this.db.transaction(() => ids.reduce((n, id) => n + stmt.run(id, before).changes, 0))();
  }

  /** Row counts per table (a full count: for tests and the timing script, not per scrape). */
  countRows(): Record<ArchiveTable, number> {
    const count = (table: string) =>
      (this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      raw: count(TABLE_NAMES.raw),
      quarterHour: count(TABLE_NAMES.quarterHour),
      day: count(TABLE_NAMES.day),
      month: count(TABLE_NAMES.month),
    };
  }
}
