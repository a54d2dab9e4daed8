/**
 * The alert message archive in SQLite (SPEC §2, §3 "Alert"): raised alerts, who acknowledged
 * them and when, cleared flags. Lists are newest first with the count beyond the limit.
 */
import type {
  AckedAlert,
  Alert,
  AlertListResult,
  AlertStateBinding,
} from '../../src/contract/alerts.ts';
import type { PvType } from '../../src/contract/enums.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Db } from '../store/db.ts';

/** What the alert engine hands over when it raises an alert. */
export interface NewAlert {
  timestamp: number;
  pvRef: PvRef | null;
  source: AlertStateBinding | null;
  stationNumber: number | null;
  stationName: string;
  sourceName: string;
  text: string;
  priority: number;
  /**
   * The condition the alert stands for (`AlertRaiser`: limit `<pvKey>|<limitType>`, failure
   * input `<pvKey>`, other sources their binding key); at most one active alert per condition
   * (migration 22). Absent or null: an alert of no condition (the alarm flood's, the seeds').
   */
  condition?: string | null;
}

/** An alert not yet returned to normal, with the condition it stands for. */
export interface ActiveAlert {
  alert: Alert;
  condition: string | null;
}

interface AlertRow {
  id: number;
  ts: number;
  pv_type: string | null;
  pv_nr: number | null;
  source: string | null;
  station_number: number | null;
  station_name: string;
  source_name: string;
  text: string;
  priority: number;
  acked_by: string | null;
  acked_at: number | null;
  cleared_at: number | null;
  condition: string | null;
}

function toAlert(r: AlertRow): Alert {
  return {
    id: r.id,
    timestamp: r.ts,
    pvRef:
      r.pv_type !== null && r.pv_nr !== null ? { type: r.pv_type as PvType, nr: r.pv_nr } : null,
    source: r.source ? (JSON.parse(r.source) as AlertStateBinding) : null,
    stationNumber: r.station_number,
    stationName: r.station_name,
    sourceName: r.source_name,
    text: r.text,
    priority: r.priority,
    state: r.acked_at === null ? 'pending' : 'acknowledged',
    acknowledgedBy: r.acked_by,
    acknowledgedAt: r.acked_at,
    cleared: r.cleared_at !== null,
    clearedAt: r.cleared_at,
  };
}

/** Rows per piece of a streamed list (about 7 ms of the server's time each). */
export const LIST_PIECE_ROWS = 2000;

interface RangeWhere {
  where: string;
  params: (string | number)[];
}

/** The WHERE clause of a list: the range, and the PVs when given; null when none can match. */
function rangeWhere(start: number, end: number, pvs?: readonly PvRef[]): RangeWhere | null {
  let where = 'ts >= ? AND ts <= ?';
  const params: (string | number)[] = [start, end];
  if (pvs) {
    if (pvs.length === 0) return null;
    where += ` AND (${pvs.map(() => '(pv_type = ? AND pv_nr = ?)').join(' OR ')})`;
    for (const p of pvs) params.push(p.type, p.nr);
  }
  return { where, params };
}

/** SQLite caps bound parameters per statement; id lists are chunked below this. */
const ID_CHUNK = 500;

/**
 * An alert's values for the columns ts, pv_type, pv_nr, source, station_number, station_name,
 * source_name, text and priority, in that order (every insert starts with them).
 */
function alertColumns(a: NewAlert): (string | number | null)[] {
  return [
    a.timestamp,
    a.pvRef?.type ?? null,
    a.pvRef?.nr ?? null,
    a.source ? JSON.stringify(a.source) : null,
    a.stationNumber,
    a.stationName,
    a.sourceName,
    a.text,
    a.priority,
  ];
}

export class AlertArchive {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly pendingStmt;
  private readonly currentStmt;
  private readonly activeStmt;
  private readonly byConditionStmt;

  constructor(private readonly db: Db) {
    // A second active alert of a condition is not written (the raiser continues the first).
    this.insertStmt = db.prepare(
      `INSERT INTO alerts (ts, pv_type, pv_nr, source, station_number, station_name, source_name, text, priority, condition)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (condition) WHERE cleared_at IS NULL AND condition IS NOT NULL DO NOTHING`,
    );
    this.getStmt = db.prepare('SELECT * FROM alerts WHERE id = ?');
    this.pendingStmt = db.prepare('SELECT * FROM alerts WHERE acked_at IS NULL ORDER BY ts DESC');
    this.currentStmt = db.prepare(
      'SELECT * FROM alerts WHERE acked_at IS NULL OR cleared_at IS NULL ORDER BY ts DESC',
    );
    this.activeStmt = db.prepare('SELECT * FROM alerts WHERE cleared_at IS NULL ORDER BY ts, id');
    this.byConditionStmt = db.prepare(
      'SELECT * FROM alerts WHERE condition = ? AND cleared_at IS NULL',
    );
  }

  /**
   * Inserts `list` in one transaction; answers the stored alerts in the same order. An alert
   * whose condition has an active alert already is not stored and not in the answer.
   */
  insertBatch(list: readonly NewAlert[]): Alert[] {
    const ids: number[] = [];
    this.db.transaction(() => {
      for (const a of list) {
        const id = this.insertRow(a);
        if (id !== null) ids.push(id);
      }
    })();
    return ids.map((id) => this.get(id)!);
  }

  /** The active alert of a condition, if there is one. */
  activeFor(condition: string): Alert | undefined {
    const row = this.byConditionStmt.get(condition) as AlertRow | undefined;
    return row ? toAlert(row) : undefined;
  }

  /** Every alert not yet returned to normal, oldest first, with its condition. */
  active(): ActiveAlert[] {
    return (this.activeStmt.all() as AlertRow[]).map((r) => ({
      alert: toAlert(r),
      condition: r.condition,
    }));
  }

  /**
   * The start's reconciliation (README "Alarms across a restart") in one transaction: the
   * alerts of `keep` stand for their condition from now on, those of `clear` return to normal
   * at `at`. Answers the alerts cleared.
   */
  reconcile(
    keep: readonly { id: number; condition: string }[],
    clear: readonly number[],
    at: number,
  ): Alert[] {
    const setCondition = this.db.prepare(
      'UPDATE alerts SET condition = ? WHERE id = ? AND cleared_at IS NULL',
    );
    const clearStmt = this.db.prepare(
      'UPDATE alerts SET cleared_at = ? WHERE id = ? AND cleared_at IS NULL',
    );
    const cleared: number[] = [];
    this.db.transaction(() => {
      // Cleared first: a kept alert may take over the condition of one cleared here.
      for (const id of clear) if (clearStmt.run(at, id).changes > 0) cleared.push(id);
      for (const k of keep) setCondition.run(k.condition, k.id);
    })();
    return cleared.map((id) => this.get(id)!);
  }

  /** Clears the still active ones among `ids` in one transaction; answers those cleared. */
  clearMany(ids: readonly number[], at: number): Alert[] {
    const stmt = this.db.prepare(
      'UPDATE alerts SET cleared_at = ? WHERE id = ? AND cleared_at IS NULL',
    );
    const cleared: number[] = [];
    this.db.transaction(() => {
      for (const id of ids) if (stmt.run(at, id).changes > 0) cleared.push(id);
    })();
    return cleared.map((id) => this.get(id)!);
  }

  private insertRow(a: NewAlert): number | null {
    const info = this.insertStmt.run(...alertColumns(a), a.condition ?? null);
    return info.changes > 0 ? Number(info.lastInsertRowid) : null;
  }

  get(id: number): Alert | undefined {
    const row = this.getStmt.get(id) as AlertRow | undefined;
    return row ? toAlert(row) : undefined;
  }

  /** Alerts with start <= timestamp <= end, newest first, at most `limit`. */
  list(start: number, end: number, limit: number, pvs?: readonly PvRef[]): AlertListResult {
    const range = rangeWhere(start, end, pvs);
    if (!range) return { alerts: [], remainingCount: 0 };
    const rows = this.rowsBelow(range, null, limit);
    return {
      alerts: rows.map(toAlert),
      remainingCount: Math.max(0, this.countIn(range) - rows.length),
    };
  }

  /**
   * The answer of `list` as JSON text in pieces of LIST_PIECE_ROWS rows. Each piece is read by
   * a statement of its own (newest first, continuing below the last row sent), so no query
   * stays open between pieces and the server serves hubs and other requests in between: built
   * in one go, 100,000 rows (34 MB) held the event loop 600-670 ms, and every live value of
   * every client waited that long. Rows raised while the answer is on its way are newer than
   * the first piece and are not in it; the count beyond the limit is taken at the start.
   */
  async *listJson(
    start: number,
    end: number,
    limit: number,
    pvs?: readonly PvRef[],
  ): AsyncGenerator<string> {
    const range = rangeWhere(start, end, pvs);
    if (!range) {
      yield '{"alerts":[],"remainingCount":0}';
      return;
    }
    const total = this.countIn(range);
    let sent = 0;
    let last: AlertRow | undefined;
    let piece = '{"alerts":[';
    while (sent < limit) {
      const want = Math.min(LIST_PIECE_ROWS, limit - sent);
      const rows = this.rowsBelow(range, last ?? null, want);
      for (const row of rows) piece += (sent++ === 0 ? '' : ',') + JSON.stringify(toAlert(row));
      last = rows[rows.length - 1];
      if (rows.length < want || sent >= limit) break;
      yield piece;
      piece = '';
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    yield `${piece}],"remainingCount":${Math.max(0, total - sent)}}`;
  }

  /** Up to `limit` rows of the range, newest first; with `below`, only rows older than it. */
  private rowsBelow(range: RangeWhere, below: AlertRow | null, limit: number): AlertRow[] {
    const keyset = below ? ' AND (ts, id) < (?, ?)' : '';
    const params = below ? [...range.params, below.ts, below.id, limit] : [...range.params, limit];
    return this.db
      .prepare(
        `SELECT * FROM alerts WHERE ${range.where}${keyset} ORDER BY ts DESC, id DESC LIMIT ?`,
      )
      .all(...params) as AlertRow[];
  }

  private countIn(range: RangeWhere): number {
    return (
      this.db
        .prepare(`SELECT COUNT(*) AS n FROM alerts WHERE ${range.where}`)
        .get(...range.params) as {
        n: number;
      }
    ).n;
  }

  /** Alerts not yet acknowledged. */
  pending(): Alert[] {
    return (this.pendingStmt.all() as AlertRow[]).map(toAlert);
  }

  /**
   * The current alert list (DESIGN.md "Alarm states", after ISA-18.2): every alert that is
   * unacknowledged or still active. Acknowledged and active stays until it returns to normal;
   * returned and unacknowledged stays until acknowledged.
   */
  current(): Alert[] {
    return (this.currentStmt.all() as AlertRow[]).map(toAlert);
  }

  /** Acknowledges the pending ones among `ids`; answers only those that changed. */
  ack(ids: readonly number[], user: string, at: number): AckedAlert[] {
    const acked: AckedAlert[] = [];
    const stmt = this.db.prepare(
      'UPDATE alerts SET acked_by = ?, acked_at = ? WHERE id = ? AND acked_at IS NULL',
    );
    this.db.transaction(() => {
      for (const id of ids) {
        if (stmt.run(user, at, id).changes > 0)
          acked.push({ id, acknowledgedBy: user, acknowledgedAt: at });
      }
    })();
    return acked;
  }

  ackAll(user: string, at: number): AckedAlert[] {
    const ids = (
      this.db.prepare('SELECT id FROM alerts WHERE acked_at IS NULL').all() as { id: number }[]
    ).map((r) => r.id);
    return this.ack(ids, user, at);
  }

  /** Marks the alert's condition as gone (no-op when already cleared). */
  clear(id: number, at: number): Alert | undefined {
    this.db
      .prepare('UPDATE alerts SET cleared_at = ? WHERE id = ? AND cleared_at IS NULL')
      .run(at, id);
    return this.get(id);
  }

  /** Deletes the existing ones among `ids`; answers those deleted. */
  delete(ids: readonly number[]): number[] {
    const deleted: number[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const chunk = ids.slice(i, i + ID_CHUNK);
      const marks = chunk.map(() => '?').join(',');
      this.db.transaction(() => {
        const found = this.db
          .prepare(`SELECT id FROM alerts WHERE id IN (${marks})`)
          .all(...chunk) as { id: number }[];
        this.db.prepare(`DELETE FROM alerts WHERE id IN (${marks})`).run(...chunk);
        for (const r of found) deleted.push(r.id);
      })();
    }
    return deleted;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM alerts').get() as { n: number }).n;
  }

  /** Bulk insert in one transaction (seed for tests and the bench). */
  insertMany(
    alerts: Iterable<
      NewAlert & { ackedBy?: string | null; ackedAt?: number | null; clearedAt?: number | null }
    >,
  ): void {
    const stmt = this.db.prepare(
      `INSERT INTO alerts (ts, pv_type, pv_nr, source, station_number, station_name, source_name, text, priority, acked_by, acked_at, cleared_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const a of alerts) {
        stmt.run(...alertColumns(a), a.ackedBy ?? null, a.ackedAt ?? null, a.clearedAt ?? null);
      }
    })();
  }
}
