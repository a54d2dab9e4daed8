/**
 * What operators set on the plant, kept in SQLite so it survives a restart of the reference
 * server: analogue limits, digital-input priorities, runtimes, text messages and the last
 * acknowledge of each priority output. The simulator starts from its seed; `applyTo` puts the
 * stored settings back on it.
 */
import type { LimitType, PvType, RuntimeType } from '../../src/contract/enums.ts';
import type { PvLimitConfig, PvRef } from '../../src/contract/pv.ts';
import type { PlantControl } from '../plant/types.ts';
import type { Db } from '../store/db.ts';

interface LimitRow {
  pv_type: string;
  pv_nr: number;
  limit_type: string;
  limit_value: number;
  priority: number;
  delay_time: number;
  description: string;
  message: string;
  not_set: number;
}

export class ActionStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Several writes as one transaction: a change of several limits is stored whole or not. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  saveLimit(config: PvLimitConfig, user: string): void {
    const ref = config.pvLimitRef.pv;
    this.db
      .prepare(
        `INSERT OR REPLACE INTO pv_limit_settings
         (pv_type, pv_nr, limit_type, limit_value, priority, delay_time, description, message, not_set, changed_at, changed_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ref.type,
        ref.nr,
        config.pvLimitRef.limitType,
        config.limit,
        config.priority,
        config.delayTime,
        config.description,
        config.message,
        config.notSet ? 1 : 0,
        this.now(),
        user,
      );
  }

  savePriority(ref: PvRef, priority: number, user: string): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO pv_alert_priorities (pv_type, pv_nr, priority, changed_at, changed_by) VALUES (?, ?, ?, ?, ?)',
      )
      .run(ref.type, ref.nr, priority, this.now(), user);
  }

  saveRuntime(ref: PvRef, runtimeType: RuntimeType, value: number, user: string): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO pv_runtime_settings (pv_type, pv_nr, runtime_type, value, changed_at, changed_by) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(ref.type, ref.nr, runtimeType, value, this.now(), user);
  }

  textMessages(ids: readonly number[]): Map<number, string> {
    const out = new Map<number, string>();
    const get = this.db.prepare('SELECT message FROM text_messages WHERE id = ?');
    for (const id of ids) {
      const row = get.get(id) as { message: string } | undefined;
      if (row) out.set(id, row.message);
    }
    return out;
  }

  saveTextMessage(id: number, message: string, user: string): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO text_messages (id, message, changed_at, changed_by) VALUES (?, ?, ?, ?)',
      )
      .run(id, message, this.now(), user);
  }

  /** When the priority outputs of a station's PV group were last acknowledged; null: never. */
  priorityOutputAckedAt(stationNumber: number, pvGroup: number): number | null {
    const row = this.db
      .prepare(
        'SELECT acked_at FROM priority_output_acks WHERE station_number = ? AND pv_group = ?',
      )
      .get(stationNumber, pvGroup) as { acked_at: number } | undefined;
    return row?.acked_at ?? null;
  }

  savePriorityOutputAck(stationNumber: number, pvGroup: number, user: string): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO priority_output_acks (station_number, pv_group, acked_at, acked_by) VALUES (?, ?, ?, ?)',
      )
      .run(stationNumber, pvGroup, this.now(), user);
  }

  /** Puts every stored limit, priority and runtime back on a freshly started plant. */
  applyTo(plant: PlantControl): void {
    for (const r of this.db.prepare('SELECT * FROM pv_limit_settings').all() as LimitRow[]) {
      plant.setLimitConfig({
        pvLimitRef: {
          pv: { type: r.pv_type as PvType, nr: r.pv_nr },
          limitType: r.limit_type as LimitType,
        },
        limit: r.limit_value,
        priority: r.priority,
        delayTime: r.delay_time,
        description: r.description,
        message: r.message,
        notSet: r.not_set === 1,
      });
    }
    const priorities = this.db.prepare('SELECT * FROM pv_alert_priorities').all() as {
      pv_type: string;
      pv_nr: number;
      priority: number;
    }[];
    for (const r of priorities) {
      plant.setAlertPriority({ type: r.pv_type as PvType, nr: r.pv_nr }, r.priority);
    }
    const runtimes = this.db.prepare('SELECT * FROM pv_runtime_settings').all() as {
      pv_type: string;
      pv_nr: number;
      runtime_type: string;
      value: number;
    }[];
    for (const r of runtimes) {
      plant.setRuntime(
        { type: r.pv_type as PvType, nr: r.pv_nr },
        r.runtime_type as RuntimeType,
        r.value,
      );
    }
  }
}
