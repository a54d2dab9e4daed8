/**
 * Service intervals per machine (SPEC §3 "Maintenance config", codes uwm, muwm, mowm, owm)
 * and the maintenance notifications they raise. A machine is a PV with runtimes (a pump's
 * running signal: operating hours and switching cycles). Each of the four service types
 * counts one runtime: Active intervals from the last service recorded in the life cycle,
 * Absolute ones to a fixed target. When a live runtime crosses its target a notification is
 * raised and stays open until the service is recorded (rules MA1-MA4 of SPEC.md beside this
 * file).
 */
import { SERVICE_MESSAGE_TYPES } from '../../src/contract/enums.ts';
import type { RuntimeType, ServiceMessageType } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type {
  MaintenanceConfig,
  MaintenanceConfigInput,
  MaintenanceNotification,
  MaintenanceProtocolRow,
  RuntimeDimension,
  RuntimeEndType,
} from '../../src/contract/maintenance.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import {
  estimatedDue,
  machineName,
  RATE_DAYS,
  runtimeRatePerDay,
} from '../../src/domain/maintenanceForecast.ts';
import type { Plant, PlantControl } from '../plant/types.ts';
import type { Db } from '../store/db.ts';

export type MaintenancePlant = Plant & Pick<PlantControl, 'runtimes'>;

/** Archived readings of a PV (the process-value archive). */
export interface RuntimeHistory {
  valueAt(ref: PvRef, t: number): number | null;
  /** Whether reading the PV's past costs no history fill. */
  hasHistory(ref: PvRef): boolean;
  /** Fills the PVs' history in the background. */
  fillSoon(refs: readonly PvRef[]): void;
}

/** The name of the calculated runtime PV beside a machine, per runtime type. */
const RUNTIME_PV_NAME: Partial<Record<RuntimeType, string>> = {
  Betriebszeit: 'Betriebsstunden',
  Schaltzyklen: 'Schaltspiele',
};

/** A life-cycle entry dated this much before now reads the archive, not the live runtime. */
const PAST_ENTRY_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** Which runtime each service type counts, and the defaults of a pump. */
export const SERVICE_DEFAULTS: Record<
  ServiceMessageType,
  Omit<MaintenanceConfigInput, 'pvRef' | 'serviceMessageType'> & { runtimeType: RuntimeType }
> = {
  Bottom: {
    runtimeType: 'Betriebszeit',
    runtimeHours: 500,
    runtimeEndType: 'Active',
    priority: 4,
    delayTime: 0,
    description: 'Sichtprüfung',
    message: 'Sichtprüfung fällig',
  },
  BottomMiddle: {
    runtimeType: 'Betriebszeit',
    runtimeHours: 2_000,
    runtimeEndType: 'Active',
    priority: 3,
    delayTime: 0,
    description: 'Wartung: Öl, Dichtungen, Lager schmieren',
    message: 'Wartung fällig',
  },
  TopMiddle: {
    runtimeType: 'Schaltzyklen',
    runtimeHours: 20_000,
    runtimeEndType: 'Active',
    priority: 3,
    delayTime: 0,
    description: 'Schütz und Anlauf prüfen',
    message: 'Prüfung Schaltgeräte fällig',
  },
  Top: {
    runtimeType: 'Betriebszeit',
    runtimeHours: 50_000,
    runtimeEndType: 'Absolute',
    priority: 2,
    delayTime: 0,
    description: 'Generalüberholung oder Austausch',
    message: 'Generalüberholung fällig',
  },
};

const dimensionOf = (t: RuntimeType): RuntimeDimension =>
  t === 'Schaltzyklen' ? 'Cycles' : 'Hours';

interface ConfigRow {
  runtime_hours: number;
  end_type: string;
  priority: number;
  delay_time: number;
  description: string;
  message: string;
}

interface NotificationRow {
  id: number;
  pv_type: string;
  pv_nr: number;
  service_type: string;
  target_runtime: number;
  raised_at: number;
}

/** What one evaluation found: configs whose shown state changed, notifications raised. */
export interface Evaluation {
  changed: MaintenanceConfig[];
  raised: MaintenanceNotification[];
}

export class ServiceIntervals {
  /** The machines: PVs with an operating-hours runtime and a running signal. */
  readonly machines: readonly PvRef[];
  private readonly shown = new Map<string, string>();
  // NOTE: evaluate() runs every simulated second over every machine: settings and baselines
  // are read from SQLite once and kept here; every write goes through this class.
  private readonly settings = new Map<string, ReturnType<ServiceIntervals['readSetting']>>();
  private readonly baselines = new Map<string, number>();
  /** Open notification per `type-nr-service`, so a pushed config names it (MA4). */
  private readonly open = new Map<string, number>();

  /** Per machine and runtime type, the archived calculated PV that carries it. */
  private readonly runtimePvs = new Map<string, PvRef>();

  constructor(
    private readonly db: Db,
    private readonly plant: MaintenancePlant,
    private readonly now: () => number,
    private readonly history: RuntimeHistory | null = null,
  ) {
    this.machines = plant.pvRefs().filter((ref) => {
      if (ref.type !== 'DigiIn') return false;
      const runtimes = plant.runtimes(ref);
      return !!runtimes?.some((r) => r.runtimeType === 'Schaltzyklen');
    });
    this.findRuntimePvs();
    this.loadOpen();
  }

  /** A machine's runtimes are archived by the calculated PVs named after it in its station. */
  private findRuntimePvs(): void {
    const byName = new Map<string, PvRef>();
    for (const ref of this.plant.pvRefs()) {
      if (ref.type !== 'RechenWert') continue;
      const c = this.plant.config(ref);
      if (c?.hasArchiveData) byName.set(`${c.stationNumber}|${c.name}`, ref);
    }
    for (const m of this.machines) {
      const c = this.plant.config(m);
      if (!c) continue;
      for (const [type, word] of Object.entries(RUNTIME_PV_NAME)) {
        const ref = byName.get(`${c.stationNumber}|${machineName(c.name)} ${word}`);
        if (ref) this.runtimePvs.set(`${pvKey(m)}|${type}`, ref);
      }
    }
  }

  /** The machine's runtime of this type as archived at `t`; null when not archived. */
  private archivedRuntime(ref: PvRef, type: RuntimeType, t: number): number | null {
    const pv = this.runtimePvs.get(`${pvKey(ref)}|${type}`);
    return pv && this.history ? this.history.valueAt(pv, t) : null;
  }

  private loadOpen(): void {
    this.open.clear();
    const rows = this.db
      .prepare(
        'SELECT id, pv_type, pv_nr, service_type FROM maintenance_notifications WHERE cleared_at IS NULL',
      )
      .all() as { id: number; pv_type: string; pv_nr: number; service_type: string }[];
    for (const r of rows) this.open.set(`${r.pv_type}-${r.pv_nr}-${r.service_type}`, r.id);
  }

  isMachine(ref: PvRef): boolean {
    return this.machines.some((m) => m.type === ref.type && m.nr === ref.nr);
  }

  private runtime(ref: PvRef, type: RuntimeType): number | null {
    return this.plant.runtimes(ref)?.find((r) => r.runtimeType === type)?.value ?? null;
  }

  private setting(ref: PvRef, type: ServiceMessageType) {
    const id = `${ref.type}-${ref.nr}-${type}`;
    let s = this.settings.get(id);
    if (!s) this.settings.set(id, (s = this.readSetting(ref, type)));
    return s;
  }

  private readSetting(ref: PvRef, type: ServiceMessageType) {
    const row = this.db
      .prepare(
        'SELECT runtime_hours, end_type, priority, delay_time, description, message FROM maintenance_configs WHERE pv_type = ? AND pv_nr = ? AND service_type = ?',
      )
      .get(ref.type, ref.nr, type) as ConfigRow | undefined;
    const d = SERVICE_DEFAULTS[type];
    if (!row) return d;
    return {
      runtimeType: d.runtimeType,
      runtimeHours: row.runtime_hours,
      runtimeEndType: row.end_type as 'Active' | 'Absolute',
      priority: row.priority,
      delayTime: row.delay_time,
      description: row.description,
      message: row.message,
    };
  }

  /** Where an Active interval counts from; first seen, the last whole interval passed. */
  private baseline(ref: PvRef, type: ServiceMessageType, current: number, interval: number) {
    const cached = this.baselines.get(`${ref.type}-${ref.nr}-${type}`);
    if (cached !== undefined) return cached;
    const row = this.db
      .prepare(
        'SELECT runtime FROM maintenance_baselines WHERE pv_type = ? AND pv_nr = ? AND service_type = ?',
      )
      .get(ref.type, ref.nr, type) as { runtime: number } | undefined;
    if (row) {
      this.baselines.set(`${ref.type}-${ref.nr}-${type}`, row.runtime);
      return row.runtime;
    }
    const start = Math.floor(current / interval) * interval;
    this.setBaseline(ref, type, start);
    return start;
  }

  private setBaseline(ref: PvRef, type: ServiceMessageType, runtime: number): void {
    this.db
      .prepare(
        `INSERT INTO maintenance_baselines (pv_type, pv_nr, service_type, runtime, set_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET runtime = excluded.runtime, set_at = excluded.set_at`,
      )
      .run(ref.type, ref.nr, type, runtime, this.now());
    this.baselines.set(`${ref.type}-${ref.nr}-${type}`, runtime);
  }

  lastService(ref: PvRef, type: ServiceMessageType): number | null {
    const row = this.db
      .prepare(
        'SELECT MAX(ts) AS ts FROM lifecycle_entries WHERE pv_type = ? AND pv_nr = ? AND service_type = ?',
      )
      .get(ref.type, ref.nr, type) as { ts: number | null };
    return row.ts;
  }

  /** The four configs of a machine; empty for a PV that is none. */
  configs(ref: PvRef): MaintenanceConfig[] {
    if (!this.isMachine(ref)) return [];
    return SERVICE_MESSAGE_TYPES.map((t) => this.config(ref, t)).filter(
      (c): c is MaintenanceConfig => c !== null,
    );
  }

  config(ref: PvRef, type: ServiceMessageType): MaintenanceConfig | null {
    const s = this.setting(ref, type);
    const current = this.runtime(ref, s.runtimeType);
    if (current === null) return null;
    const target =
      s.runtimeEndType === 'Absolute'
        ? s.runtimeHours
        : this.baseline(ref, type, current, s.runtimeHours) + s.runtimeHours;
    const d = dimensionOf(s.runtimeType);
    const round = (v: number) => (d === 'Cycles' ? Math.round(v) : Math.round(v * 100) / 100);
    return {
      pvMaintenanceRef: { pvRef: { type: ref.type, nr: ref.nr }, serviceMessageType: type },
      delayTime: s.delayTime,
      description: s.description,
      message: s.message,
      priority: s.priority,
      remainingTime: round(target - current),
      runtimeHours: s.runtimeHours,
      runtimeType: s.runtimeType,
      runtimeDimension: d,
      runtimeEndType: s.runtimeEndType,
      currentRuntime: round(current),
      targetRuntime: round(target),
      notSet: false,
      openNotification: this.open.get(`${ref.type}-${ref.nr}-${type}`) ?? null,
    };
  }

  /** Stores new intervals (callers validate and run this in their transaction). */
  save(input: MaintenanceConfigInput, user: string): void {
    this.db
      .prepare(
        `INSERT INTO maintenance_configs (pv_type, pv_nr, service_type, runtime_hours, end_type, priority, delay_time, description, message, changed_at, changed_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET runtime_hours = excluded.runtime_hours, end_type = excluded.end_type,
         priority = excluded.priority, delay_time = excluded.delay_time, description = excluded.description,
         message = excluded.message, changed_at = excluded.changed_at, changed_by = excluded.changed_by`,
      )
      .run(
        input.pvRef.type,
        input.pvRef.nr,
        input.serviceMessageType,
        input.runtimeHours,
        input.runtimeEndType,
        input.priority,
        input.delayTime,
        input.description,
        input.message,
        this.now(),
        user,
      );
    this.settings.delete(`${input.pvRef.type}-${input.pvRef.nr}-${input.serviceMessageType}`);
  }

  /** Drops what is cached from SQLite (after a transaction that rolled back). */
  forget(): void {
    this.settings.clear();
    this.baselines.clear();
    this.loadOpen();
  }

  /** MA3: a recorded service restarts its Active interval from the runtime now. */
  recordService(ref: PvRef, type: ServiceMessageType): void {
    const s = this.setting(ref, type);
    const current = this.runtime(ref, s.runtimeType);
    if (current === null) return;
    this.setBaseline(ref, type, current);
    this.db
      .prepare(
        'UPDATE maintenance_notifications SET cleared_at = ? WHERE pv_type = ? AND pv_nr = ? AND service_type = ? AND cleared_at IS NULL',
      )
      .run(this.now(), ref.type, ref.nr, type);
    this.open.delete(`${ref.type}-${ref.nr}-${type}`);
  }

  /**
   * The machine's operating hours for a life-cycle entry dated `at`: the live counter for an
   * entry of now, the archived reading of that date for one in the past (MA10).
   */
  operatingHours(ref: PvRef, at: number = this.now()): number | null {
    const now = this.runtime(ref, 'Betriebszeit');
    if (at >= this.now() - PAST_ENTRY_MS) return now;
    const then = this.archivedRuntime(ref, 'Betriebszeit', at);
    return then === null ? now : Math.round(then * 100) / 100;
  }

  /**
   * MA1, MA2: compares every machine's runtimes with its targets. A crossing raises one
   * notification (kept until the service is recorded); a config whose shown state changed
   * (remaining time at its rounding, due or not) is returned to be pushed.
   */
  evaluate(): Evaluation {
    const result: Evaluation = { changed: [], raised: [] };
    this.db.transaction(() => {
      for (const ref of this.machines) {
        for (const type of SERVICE_MESSAGE_TYPES) {
          let config = this.config(ref, type);
          if (!config) continue;
          const id = `${ref.type}-${ref.nr}-${type}`;
          if (config.remainingTime <= 0 && !this.open.has(id)) {
            const at = this.now();
            const info = this.db
              .prepare(
                'INSERT INTO maintenance_notifications (pv_type, pv_nr, service_type, target_runtime, raised_at) VALUES (?, ?, ?, ?, ?)',
              )
              .run(ref.type, ref.nr, type, config.targetRuntime, at);
            const index = Number(info.lastInsertRowid);
            this.open.set(id, index);
            config = { ...config, openNotification: index };
            const n = this.notificationOf({
              id: index,
              pv_type: ref.type,
              pv_nr: ref.nr,
              service_type: type,
              target_runtime: config.targetRuntime,
              raised_at: at,
            });
            if (n) result.raised.push(n);
          }
          const shown = `${config.remainingTime}|${config.targetRuntime}|${config.runtimeHours}|${config.openNotification}`;
          const key = `${pvKey(ref)}:${type}`;
          if (this.shown.get(key) !== shown) {
            this.shown.set(key, shown);
            result.changed.push(config);
          }
        }
      }
    })();
    return result;
  }

  private notificationOf(row: NotificationRow): MaintenanceNotification | null {
    const ref = { type: row.pv_type, nr: row.pv_nr } as PvRef;
    const type = row.service_type as ServiceMessageType;
    const config = this.config(ref, type);
    const pv = this.plant.config(ref);
    if (!config || !pv) return null;
    const endType: RuntimeEndType = config.runtimeEndType;
    return {
      index: row.id,
      messageText: config.message,
      runtimeType: config.runtimeType,
      runtimeDimension: config.runtimeDimension,
      pvDim: config.runtimeDimension === 'Cycles' ? '' : 'h',
      currentRuntime: config.currentRuntime,
      targetRuntime: row.target_runtime,
      remainingRuntime: Math.round((row.target_runtime - config.currentRuntime) * 100) / 100,
      runtimeEndType: endType,
      pvRef: ref,
      pvName: pv.name,
      stationNumber: pv.stationNumber,
      stationName: pv.stationName,
      serviceMessageType: type,
      priority: config.priority,
      raisedAt: row.raised_at,
    };
  }

  /** Open notifications, newest first; of one PV when given. */
  notifications(ref: PvRef | null): MaintenanceNotification[] {
    const rows = (
      ref
        ? this.db
            .prepare(
              'SELECT * FROM maintenance_notifications WHERE cleared_at IS NULL AND pv_type = ? AND pv_nr = ? ORDER BY raised_at DESC, id DESC',
            )
            .all(ref.type, ref.nr)
        : this.db
            .prepare(
              'SELECT * FROM maintenance_notifications WHERE cleared_at IS NULL ORDER BY raised_at DESC, id DESC',
            )
            .all()
    ) as NotificationRow[];
    return rows
      .map((r) => this.notificationOf(r))
      .filter((n): n is MaintenanceNotification => n !== null);
  }

  /** The protocol rows of one machine (overview). */
  protocolRows(ref: PvRef): MaintenanceProtocolRow[] {
    const pv = this.plant.config(ref);
    if (!pv) return [];
    const now = this.now();
    const rates = new Map<RuntimeType, number | null | undefined>();
    // undefined: the runtime PV's history is still being filled (the estimate follows).
    const rateOf = (c: MaintenanceConfig): number | null | undefined => {
      if (!rates.has(c.runtimeType)) {
        const pv = this.runtimePvs.get(`${pvKey(ref)}|${c.runtimeType}`);
        if (pv && this.history && !this.history.hasHistory(pv)) {
          this.history.fillSoon([pv]);
          rates.set(c.runtimeType, undefined);
        } else
          rates.set(
            c.runtimeType,
            runtimeRatePerDay(
              this.archivedRuntime(ref, c.runtimeType, now - RATE_DAYS * DAY_MS),
              c.currentRuntime,
            ),
          );
      }
      return rates.get(c.runtimeType);
    };
    return this.configs(ref).map((c) => {
      const type = c.pvMaintenanceRef.serviceMessageType;
      const span = c.runtimeEndType === 'Absolute' ? c.targetRuntime : c.runtimeHours;
      const ratePerDay = rateOf(c);
      return {
        ratePerDay: ratePerDay == null ? null : Math.round(ratePerDay * 100) / 100,
        estimatedDue:
          ratePerDay === undefined ? null : estimatedDue(c.remainingTime, ratePerDay, now),
        estimatePending: ratePerDay === undefined,
        pvRef: ref,
        pvName: pv.name,
        stationNumber: pv.stationNumber,
        stationName: pv.stationName,
        serviceMessageType: type,
        description: c.description,
        runtimeType: c.runtimeType,
        runtimeDimension: c.runtimeDimension,
        runtimeEndType: c.runtimeEndType,
        currentRuntime: c.currentRuntime,
        targetRuntime: c.targetRuntime,
        remainingRuntime: c.remainingTime,
        remainingPercent: span > 0 ? Math.round((c.remainingTime / span) * 1000) / 10 : 0,
        lastService: this.lastService(ref, type),
        due: c.remainingTime <= 0,
      };
    });
  }
}
