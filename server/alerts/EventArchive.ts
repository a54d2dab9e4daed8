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
import { isEventTextKey, type EventMessage } from '../../src/contract/eventText.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db.ts';

/** What `ctx.audit` takes; a control event is recorded too when `control` is given. */
export interface AuditEvent {
  category: SystemEventCategory;
  user: string | null;
  /** The German text (kept beside the message for old clients and exports). */
  text: string;
  /** The text as a key and parameters: the client shows it in the reader's language. */
  message?: EventMessage;
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
  text_key: string | null;
  text_params: string | null;
}

interface SystemRow {
  id: number;
  ts: number;
  category: string;
  user: string | null;
  text: string;
  text_key: string | null;
  text_params: string | null;
}

const keyOf = (e: AuditEvent) => e.message?.key ?? null;
const paramsOf = (e: AuditEvent) => (e.message ? JSON.stringify(e.message.params) : null);

/** The stored key and parameters back as a message; null for old rows and unknown keys. */
function messageOf(row: { text_key: string | null; text_params: string | null }) {
  if (!isEventTextKey(row.text_key)) return null;
  try {
    const params: unknown = JSON.parse(row.text_params ?? '{}');
    if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
    const clean: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(params))
      if (typeof v === 'string' || typeof v === 'number') clean[k] = v;
    return { key: row.text_key, params: clean } satisfies EventMessage;
  } catch {
    return null;
  }
}

const SYSTEM_INSERT =
  'INSERT INTO system_events (ts, category, user, text, text_key, text_params) VALUES (?, ?, ?, ?, ?, ?)';
const CONTROL_INSERT =
  'INSERT INTO control_events (ts, station_number, station_name, pv_type, pv_nr, user, text, text_key, text_params) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** Writes an event at `ts` into the system events and, for a control event, the control events. */
function insertEvent(system: Statement, control: Statement, e: AuditEvent, ts: number): void {
  system.run(ts, e.category, e.user, e.text, keyOf(e), paramsOf(e));
  if (e.control)
    control.run(
      ts,
      e.control.stationNumber,
      e.control.stationName,
      e.control.pvRef?.type ?? null,
      e.control.pvRef?.nr ?? null,
      e.user,
      e.text,
      keyOf(e),
      paramsOf(e),
    );
}

export class EventArchive {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  readonly audit: AuditFn = (e) => {
    const ts = this.now();
    insertEvent(this.db.prepare(SYSTEM_INSERT), this.db.prepare(CONTROL_INSERT), e, ts);
  };

  /** Events of the past with their own times, in one transaction (history seed). */
  insertHistory(rows: readonly (AuditEvent & { ts: number })[]): void {
    const system = this.db.prepare(SYSTEM_INSERT);
    const control = this.db.prepare(CONTROL_INSERT);
    this.db.transaction(() => {
      for (const e of rows) insertEvent(system, control, e, e.ts);
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
        message: messageOf(r),
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
        message: messageOf(r),
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
