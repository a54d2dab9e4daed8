/**
 * Alarm plans, call numbers and plans to confirm in SQLite (SPEC §3 "Alarm plan"). Rows hold
 * what users change; names of stations and the shape of the answers are the service's
 * business. Every change runs in a transaction of the caller (`transaction`).
 */
import type { AlarmCallNumber, CallNumberEdit } from '../../src/contract/remoteAlert.ts';

/** A call number as stored; who may change it is the service's business. */
export type CallNumberRow = Omit<AlarmCallNumber, 'currentUserCanEdit'>;
import type { Db } from '../store/db.ts';
import type { SeedNumber, SeedPlan } from './remoteAlertSeed.ts';

/** A stored plan: its seed's fields and the counts of what it alerted. */
export interface PlanRow extends SeedPlan {
  alertingCount: number;
  alertingCountMax: number;
  changeCount: number;
  changeCountMax: number;
  delivered: number;
  undelivered: number;
  countedDay: string;
}

export interface ConfirmRow {
  stationNumber: number;
  planNumber: number;
  alertText: string;
  priority: number;
  pendingCount: number;
  raisedAt: number;
  sent: boolean;
}

interface RawPlan {
  station_number: number;
  plan_number: number;
  planname: string;
  groupname: string;
  active: number;
  priorities: string;
  recipients: string;
  alerting_count: number;
  alerting_count_max: number;
  change_count: number;
  change_count_max: number;
  delivered: number;
  undelivered: number;
  counted_day: string;
  default_action: number | null;
}

interface RawNumber {
  id: number;
  name: string;
  number: string;
  category_id: number;
  pv_groups: string;
  active: number;
  changed_at: number;
  changed_by: string;
}

interface RawConfirm {
  station_number: number;
  plan_number: number;
  alert_text: string;
  priority: number;
  pending_count: number;
  raised_at: number;
  sent: number;
}

/** Licence limits per plan and day (SPEC §8 "too many alarms or number changes"). */
export const ALERTING_COUNT_MAX = 50;
export const CALL_NUMBER_CHANGE_MAX = 20;

const planOf = (r: RawPlan): PlanRow => ({
  stationNumber: r.station_number,
  planNumber: r.plan_number,
  planname: r.planname,
  groupname: r.groupname,
  active: r.active === 1,
  priorities: JSON.parse(r.priorities) as boolean[],
  recipients: JSON.parse(r.recipients) as (number | null)[],
  alertingCount: r.alerting_count,
  alertingCountMax: r.alerting_count_max,
  changeCount: r.change_count,
  changeCountMax: r.change_count_max,
  delivered: r.delivered,
  undelivered: r.undelivered,
  countedDay: r.counted_day,
  defaultAction:
    r.default_action === 0 || r.default_action === 1 || r.default_action === 2
      ? r.default_action
      : null,
});

const numberOf = (r: RawNumber): CallNumberRow => ({
  id: r.id,
  name: r.name,
  number: r.number,
  categoryId: r.category_id,
  pvGroups: JSON.parse(r.pv_groups) as number[],
  active: r.active === 1,
  changedAt: r.changed_at,
  changedBy: r.changed_by,
});

const confirmOf = (r: RawConfirm): ConfirmRow => ({
  stationNumber: r.station_number,
  planNumber: r.plan_number,
  alertText: r.alert_text,
  priority: r.priority,
  pendingCount: r.pending_count,
  raisedAt: r.raised_at,
  sent: r.sent === 1,
});

export class RemoteAlertStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  isEmpty(): boolean {
    return this.db.prepare('SELECT 1 FROM remote_plans LIMIT 1').get() === undefined;
  }

  /** First start: the plans and numbers of remoteAlertSeed, in one transaction. */
  seed(
    plans: readonly SeedPlan[],
    numbers: readonly (SeedNumber & { pvGroups: number[]; active: boolean })[],
    nowMs: number,
  ): void {
    const addNumber = this.db.prepare(
      `INSERT INTO remote_call_numbers (id, name, number, category_id, pv_groups, active, changed_at, changed_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'System')`,
    );
    const addPlan = this.db.prepare(
      `INSERT INTO remote_plans (station_number, plan_number, planname, groupname, active, priorities,
         recipients, alerting_count_max, change_count_max, default_action, changed_at, changed_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'System')`,
    );
    this.transaction(() => {
      for (const n of numbers)
        addNumber.run(
          n.id,
          n.name,
          n.number,
          n.categoryId,
          JSON.stringify(n.pvGroups),
          n.active ? 1 : 0,
          nowMs,
        );
      for (const p of plans)
        addPlan.run(
          p.stationNumber,
          p.planNumber,
          p.planname,
          p.groupname,
          p.active ? 1 : 0,
          JSON.stringify(p.priorities),
          JSON.stringify(p.recipients),
          ALERTING_COUNT_MAX,
          CALL_NUMBER_CHANGE_MAX,
          p.defaultAction,
          nowMs,
        );
    });
  }

  plans(): PlanRow[] {
    return (
      this.db
        .prepare('SELECT * FROM remote_plans ORDER BY station_number, plan_number')
        .all() as RawPlan[]
    ).map(planOf);
  }

  plansOfStation(stationNumber: number): PlanRow[] {
    return (
      this.db
        .prepare('SELECT * FROM remote_plans WHERE station_number = ? ORDER BY plan_number')
        .all(stationNumber) as RawPlan[]
    ).map(planOf);
  }

  plan(stationNumber: number, planNumber: number): PlanRow | undefined {
    const row = this.db
      .prepare('SELECT * FROM remote_plans WHERE station_number = ? AND plan_number = ?')
      .get(stationNumber, planNumber) as RawPlan | undefined;
    return row && planOf(row);
  }

  setPlanActive(
    stationNumber: number,
    planNumber: number,
    active: boolean,
    user: string,
    nowMs: number,
  ): void {
    this.db
      .prepare(
        'UPDATE remote_plans SET active = ?, changed_at = ?, changed_by = ? WHERE station_number = ? AND plan_number = ?',
      )
      .run(active ? 1 : 0, nowMs, user, stationNumber, planNumber);
  }

  /** Counters of a plan (alarms sent, number changes, messages); resets them on a new day. */
  updateCounters(
    stationNumber: number,
    planNumber: number,
    day: string,
    change: Partial<Record<'alerting' | 'change' | 'delivered' | 'undelivered', number>>,
  ): void {
    this.db
      .prepare(
        `UPDATE remote_plans SET
           alerting_count = CASE WHEN counted_day = @day THEN alerting_count ELSE 0 END + @alerting,
           change_count = CASE WHEN counted_day = @day THEN change_count ELSE 0 END + @change,
           delivered = delivered + @delivered,
           undelivered = MAX(0, undelivered + @undelivered),
           counted_day = @day
         WHERE station_number = @station AND plan_number = @plan`,
      )
      .run({
        day,
        alerting: change.alerting ?? 0,
        change: change.change ?? 0,
        delivered: change.delivered ?? 0,
        undelivered: change.undelivered ?? 0,
        station: stationNumber,
        plan: planNumber,
      });
  }

  numbers(): CallNumberRow[] {
    return (
      this.db
        .prepare('SELECT * FROM remote_call_numbers ORDER BY category_id, id')
        .all() as RawNumber[]
    ).map(numberOf);
  }

  number(id: number): CallNumberRow | undefined {
    const row = this.db.prepare('SELECT * FROM remote_call_numbers WHERE id = ?').get(id) as
      RawNumber | undefined;
    return row && numberOf(row);
  }

  setNumberActive(id: number, active: boolean, user: string, nowMs: number): void {
    this.db
      .prepare(
        'UPDATE remote_call_numbers SET active = ?, changed_at = ?, changed_by = ? WHERE id = ?',
      )
      .run(active ? 1 : 0, nowMs, user, id);
  }

  /** Saves an edited number (id > 0) or adds one (id 0); returns its id. */
  saveNumber(edit: CallNumberEdit, user: string, nowMs: number): number {
    if (edit.id > 0) {
      this.db
        .prepare(
          `UPDATE remote_call_numbers SET name = ?, number = ?, category_id = ?, pv_groups = ?,
             changed_at = ?, changed_by = ? WHERE id = ?`,
        )
        .run(
          edit.name,
          edit.number,
          edit.categoryId,
          JSON.stringify(edit.pvGroups),
          nowMs,
          user,
          edit.id,
        );
      return edit.id;
    }
    const info = this.db
      .prepare(
        `INSERT INTO remote_call_numbers (name, number, category_id, pv_groups, active, changed_at, changed_by)
         VALUES (?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(edit.name, edit.number, edit.categoryId, JSON.stringify(edit.pvGroups), nowMs, user);
    return Number(info.lastInsertRowid);
  }

  confirms(): ConfirmRow[] {
    return (
      this.db
        .prepare('SELECT * FROM remote_plans_to_confirm ORDER BY raised_at DESC')
        .all() as RawConfirm[]
    ).map(confirmOf);
  }

  confirm(stationNumber: number, planNumber: number): ConfirmRow | undefined {
    const row = this.db
      .prepare('SELECT * FROM remote_plans_to_confirm WHERE station_number = ? AND plan_number = ?')
      .get(stationNumber, planNumber) as RawConfirm | undefined;
    return row && confirmOf(row);
  }

  /** An alarm sent by a plan waits for confirmation: a new entry, or one more on the entry. */
  addConfirm(
    stationNumber: number,
    planNumber: number,
    alertText: string,
    priority: number,
    nowMs: number,
  ): void {
    this.db
      .prepare(
        `INSERT INTO remote_plans_to_confirm (station_number, plan_number, alert_text, priority, pending_count, raised_at, sent)
         VALUES (?, ?, ?, ?, 1, ?, 0)
         ON CONFLICT(station_number, plan_number) DO UPDATE SET alert_text = excluded.alert_text,
           priority = MIN(priority, excluded.priority), pending_count = pending_count + 1, sent = 0`,
      )
      .run(stationNumber, planNumber, alertText, priority, nowMs);
  }

  markSent(stationNumber: number, planNumber: number): boolean {
    const info = this.db
      .prepare(
        'UPDATE remote_plans_to_confirm SET sent = 1 WHERE station_number = ? AND plan_number = ? AND sent = 0',
      )
      .run(stationNumber, planNumber);
    return info.changes > 0;
  }

  removeConfirm(stationNumber: number, planNumber: number): boolean {
    const info = this.db
      .prepare('DELETE FROM remote_plans_to_confirm WHERE station_number = ? AND plan_number = ?')
      .run(stationNumber, planNumber);
    return info.changes > 0;
  }
}
