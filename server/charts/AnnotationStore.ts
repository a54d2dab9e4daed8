/** Chart annotations in SQLite (SPEC §3 "Annotation"); every write is one transaction. */
import type { Annotation, DataSourceType, NewAnnotation } from '../../src/contract/charts.ts';
import type { PvType } from '../../src/contract/enums.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Db } from '../store/db.ts';

interface Row {
  id: number;
  timestamp: number;
  pv_type: string;
  pv_nr: number;
  data_source: string;
  text: string;
  visible: number;
  show_in_day_report: number;
  show_in_week_report: number;
  show_in_month_report: number;
  show_in_year_report: number;
}

function toAnnotation(r: Row): Annotation {
  return {
    id: r.id,
    timestamp: r.timestamp,
    pv: { type: r.pv_type as PvType, nr: r.pv_nr },
    dataSource: r.data_source as DataSourceType,
    text: r.text,
    visible: r.visible === 1,
    showInDayReport: r.show_in_day_report === 1,
    showInWeekReport: r.show_in_week_report === 1,
    showInMonthReport: r.show_in_month_report === 1,
    showInYearReport: r.show_in_year_report === 1,
  };
}

const COLUMNS =
  'id, timestamp, pv_type, pv_nr, data_source, text, visible, show_in_day_report, ' +
  'show_in_week_report, show_in_month_report, show_in_year_report';

export interface AnnotationFilter {
  start?: number;
  end?: number;
  pvs?: readonly PvRef[];
}

export class AnnotationStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  get(id: number): Annotation | undefined {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM chart_annotations WHERE id = ?`).get(id) as
      Row | undefined;
    return row ? toAnnotation(row) : undefined;
  }

  /** Annotations by timestamp, optionally within [start, end) and of some PVs. */
  list(filter: AnnotationFilter = {}): Annotation[] {
    const where: string[] = [];
    const args: (number | string)[] = [];
    if (filter.start !== undefined) {
      where.push('timestamp >= ?');
      args.push(filter.start);
    }
    if (filter.end !== undefined) {
      where.push('timestamp < ?');
      args.push(filter.end);
    }
    if (filter.pvs) {
      if (filter.pvs.length === 0) return [];
      where.push(`(${filter.pvs.map(() => '(pv_type = ? AND pv_nr = ?)').join(' OR ')})`);
      for (const pv of filter.pvs) args.push(pv.type, pv.nr);
    }
    const sql =
      `SELECT ${COLUMNS} FROM chart_annotations` +
      (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
      ' ORDER BY timestamp, id';
    return (this.db.prepare(sql).all(...args) as Row[]).map(toAnnotation);
  }

  create(a: NewAnnotation, createdBy: string): Annotation {
    return this.db.transaction(() => {
      const info = this.db
        .prepare(
          `INSERT INTO chart_annotations (timestamp, pv_type, pv_nr, data_source, text, visible,
             show_in_day_report, show_in_week_report, show_in_month_report, show_in_year_report,
             created_by, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...annotationColumns(a), createdBy, this.now());
      return this.get(Number(info.lastInsertRowid))!;
    })();
  }

  /** Replaces the fields of a stored annotation; undefined when the id is unknown. */
  update(a: Annotation): Annotation | undefined {
    return this.db.transaction(() => {
      const info = this.db
        .prepare(
          `UPDATE chart_annotations SET timestamp = ?, pv_type = ?, pv_nr = ?, data_source = ?,
             text = ?, visible = ?, show_in_day_report = ?, show_in_week_report = ?,
             show_in_month_report = ?, show_in_year_report = ?, updated_at = ?
           WHERE id = ?`,
        )
        .run(...annotationColumns(a), this.now(), a.id);
      return info.changes === 0 ? undefined : this.get(a.id);
    })();
  }

  /** Deletes the given ids; answers how many existed. */
  delete(ids: readonly number[]): number {
    const stmt = this.db.prepare('DELETE FROM chart_annotations WHERE id = ?');
    return this.db.transaction(() => ids.reduce((n, id) => n + stmt.run(id).changes, 0))();
  }
}

/** The stored columns of an annotation, in the order INSERT and UPDATE name them. */
function annotationColumns(a: NewAnnotation | Annotation): (string | number)[] {
  return [
    a.timestamp,
    a.pv.type,
    a.pv.nr,
    a.dataSource,
    a.text,
    a.visible ? 1 : 0,
    a.showInDayReport ? 1 : 0,
    a.showInWeekReport ? 1 : 0,
    a.showInMonthReport ? 1 : 0,
    a.showInYearReport ? 1 : 0,
  ];
}
