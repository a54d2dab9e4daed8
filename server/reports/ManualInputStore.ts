/**
 * Manual report values (SPEC §3 "Report manual input item") in SQLite: one value per PV,
 * row resolution and row start, with who entered it and when. Reads are range seeks on the
 * primary key; a save of several items is one transaction.
 */
import type { Statement } from 'better-sqlite3';
import type { ReportResolution } from '../../src/contract/reports.ts';
import type { Db } from '../store/db.ts';

export interface StoredManualInput {
  pvKey: string;
  t: number;
  value: number | null;
  enteredBy: string;
  enteredAt: number;
}

export interface ManualChange {
  pvKey: string;
  t: number;
  /** undefined removes the row's value (resetManualInput). */
  value: number | null | undefined;
}

interface Row {
  pv_key: string;
  t: number;
  value: number | null;
  entered_by: string;
  entered_at: number;
}

export class ManualInputStore {
  private readonly select: Statement<[string, string, number, number], Row>;
  private readonly upsert: Statement<[string, string, number, number | null, string, number]>;
  private readonly remove: Statement<[string, string, number]>;

  constructor(private readonly db: Db) {
    this.select = db.prepare(
      `SELECT pv_key, t, value, entered_by, entered_at FROM report_manual_input
       WHERE pv_key = ? AND resolution = ? AND t >= ? AND t < ? ORDER BY t`,
    );
    this.upsert = db.prepare(
      `INSERT INTO report_manual_input (pv_key, resolution, t, value, entered_by, entered_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (pv_key, resolution, t) DO UPDATE SET
         value = excluded.value, entered_by = excluded.entered_by, entered_at = excluded.entered_at`,
    );
    this.remove = db.prepare(
      'DELETE FROM report_manual_input WHERE pv_key = ? AND resolution = ? AND t = ?',
    );
  }

  list(
    pvKeys: readonly string[],
    resolution: ReportResolution,
    start: number,
    end: number,
  ): StoredManualInput[] {
    return pvKeys.flatMap((key) =>
      this.select.all(key, resolution, start, end).map((r) => ({
        pvKey: r.pv_key,
        t: r.t,
        value: r.value,
        enteredBy: r.entered_by,
        enteredAt: r.entered_at,
      })),
    );
  }

  save(
    changes: readonly ManualChange[],
    resolution: ReportResolution,
    user: string,
    now: number,
  ): void {
    this.db.transaction(() => {
      for (const c of changes) {
        if (c.value === undefined) this.remove.run(c.pvKey, resolution, c.t);
        else this.upsert.run(c.pvKey, resolution, c.t, c.value, user, now);
      }
    })();
  }
}
