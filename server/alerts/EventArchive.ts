/**
 * Control events (operator actions on the plant) and the system event archive (audit:
 * logins, acknowledgements, set values, dial actions; SPEC §2). Other modules record through
 * `ctx.audit(event)`; operator actions on the plant also land in the control events.
 */
import type {
  ControlEvent,
  ControlEventListResult,
  SystemEvent,
  SystemEventCategory,
} from '../../src/contract/alerts.ts';
import type { PvType } from '../../src/contract/enums.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Db } from '../store/db.ts';

/** What `ctx.audit` takes; a control event is recorded too when `control` is given. */
export interface AuditEvent {
  category: SystemEventCategory;
  user: string | null;
  text: string;
  /** An action on the plant (set value, dial, acknowledge): also a control event. */
  control?: { stationNumber: number | null; stationName: string; pvRef: PvRef | null };
}

export type AuditFn = (event: AuditEvent) => void;

export interface SystemEventListResult {
  events: SystemEvent[];
  remainingCount: number;
}

interface ControlRow {
  id: number;
  ts: number;
  station_number: number | null;
  station_name: string;
  pv_type: string | null;
  pv_nr: number | null;
  user: string | null;
  text: string;
}

interface SystemRow {
  id: number;
  ts: number;
  category: string;
  user: string | null;
  text: string;
}

export class EventArchive {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  readonly audit: AuditFn = (e) => {
    const ts = this.now();
    this.db
      .prepare('INSERT INTO system_events (ts, category, user, text) VALUES (?, ?, ?, ?)')
      .run(ts, e.category, e.user, e.text);
    if (e.control) {
      this.db
        .prepare(
          'INSERT INTO control_events (ts, station_number, station_name, pv_type, pv_nr, user, text) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          ts,
          e.control.stationNumber,
          e.control.stationName,
          e.control.pvRef?.type ?? null,
          e.control.pvRef?.nr ?? null,
          e.user,
          e.text,
        );
    }
  };

  /** Events of the past with their own times, in one transaction (history seed). */
  insertHistory(rows: readonly (AuditEvent & { ts: number })[]): void {
    const system = this.db.prepare(
      'INSERT INTO system_events (ts, category, user, text) VALUES (?, ?, ?, ?)',
    );
    const control = this.db.prepare(
      'INSERT INTO control_events (ts, station_number, station_name, pv_type, pv_nr, user, text) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const e of rows) {
        system.run(e.ts, e.category, e.user, e.text);
        if (e.control)
          control.run(
            e.ts,
            e.control.stationNumber,
            e.control.stationName,
            e.control.pvRef?.type ?? null,
            e.control.pvRef?.nr ?? null,
            e.user,
            e.text,
          );
      }
    })();
  }

  /** Events recorded in both archives together. */
  count(): number {
    const n = (table: string) =>
      (this.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return n('system_events') + n('control_events');
  }

  controlEvents(start: number, end: number, limit: number): ControlEventListResult {
    const rows = this.db
      .prepare(
        'SELECT * FROM control_events WHERE ts >= ? AND ts <= ? ORDER BY ts DESC, id DESC LIMIT ?',
      )
      .all(start, end, limit) as ControlRow[];
    const total = this.countIn('control_events', start, end);
    return {
      events: rows.map((r): ControlEvent => ({
        id: r.id,
        timestamp: r.ts,
        stationNumber: r.station_number,
        stationName: r.station_name,
        pvRef:
          r.pv_type !== null && r.pv_nr !== null
            ? { type: r.pv_type as PvType, nr: r.pv_nr }
            : null,
        user: r.user,
        text: r.text,
      })),
      remainingCount: Math.max(0, total - rows.length),
    };
  }

  systemEvents(start: number, end: number, limit: number): SystemEventListResult {
    const rows = this.db
      .prepare(
        'SELECT * FROM system_events WHERE ts >= ? AND ts <= ? ORDER BY ts DESC, id DESC LIMIT ?',
      )
      .all(start, end, limit) as SystemRow[];
    const total = this.countIn('system_events', start, end);
    return {
      events: rows.map((r) => ({
        id: r.id,
        timestamp: r.ts,
        category: r.category as SystemEventCategory,
        user: r.user,
        text: r.text,
      })),
      remainingCount: Math.max(0, total - rows.length),
    };
  }

  private countIn(table: 'control_events' | 'system_events', start: number, end: number): number {
    return (
      this.db
        .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ts >= ? AND ts <= ?`)
        .get(start, end) as { n: number }
    ).n;
  }
}
