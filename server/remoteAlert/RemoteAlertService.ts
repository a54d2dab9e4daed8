/**
 * Remote alerting of the reference server (SPEC §3, §6, §7 "Remote alert"): who may switch
 * which plan (writePlans on the plan's station) and confirm it (ackPlans), the answers in the
 * shapes of SPEC §3, the alarms of the plant sent by the active plan of their station, and
 * every change pushed on the pv hub and recorded as a control event with who and when.
 * Rules RS1-RS14 of server/remoteAlert/SPEC.md.
 */
import type { Alert } from '../../src/contract/alerts.ts';
import type { ResultStatus } from '../../src/contract/enums.ts';
import {
  lineKey,
  planKey,
  type AlarmCallNumber,
  type AlarmCallNumbersResult,
  type AlarmLine,
  type AlarmPlan,
  type AlarmPlanResult,
  type CallNumberEdit,
  type CallNumberPvGroup,
  type CallNumberStateChange,
  type CallNumbersSaveResult,
  type PlanActiveChange,
  type PlanRef,
  type PlanToConfirm,
} from '../../src/contract/remoteAlert.ts';
import type { Station } from '../../src/contract/station.ts';
import type { EventMessage } from '../../src/contract/eventText.ts';
import { dateIn, hourOfDay } from '../../src/domain/clock.ts';
import { hasRight, mayActOnStation, type SessionUser } from '../auth/service.ts';
import type { AuditFn } from '../alerts/EventArchive.ts';
import type { PvHubHandle } from '../hubs/pvHub.ts';
import { badRequest } from '../http/errors.ts';
import {
  CALL_NUMBER_ERROR_TEXT,
  CALL_NUMBER_ERRORS,
  duplicateNumbers,
  sameFields,
} from '../../src/domain/remoteAlarm.ts';
import { AlarmLines } from './AlarmLines.ts';
import type { CallNumberRow, ConfirmRow, PlanRow, RemoteAlertStore } from './RemoteAlertStore.ts';
import {
  CATEGORIES,
  DAY_PLAN_NUMBER,
  NIGHT_PLAN_NUMBER,
  isNight,
  isWastewater,
  rotaWeek,
  SEED_NUMBERS,
  seedPlans,
} from './remoteAlertSeed.ts';

type PlanHub = Pick<
  PvHubHandle,
  'publishPlanInfoFor' | 'setPlanSource' | 'setLineSource' | 'publishLineInfo'
>;

export interface RemoteAlertDeps {
  store: RemoteAlertStore;
  stations: readonly Station[];
  hub: PlanHub;
  now: () => number;
  timeZone: string;
  seed: number;
  audit?: AuditFn | undefined;
  /**
   * Seeds the plans and numbers of remoteAlertSeed on the first start (the simulated plant);
   * false on a field plant, whose plans and numbers are only what users create. Default true.
   */
  seedDemo?: boolean;
}

const STANDBY_TAKEN =
  'In dieser Bereitschaft ist schon jemand eingeschaltet: die Nummer erst ausschalten.';

/** RS14, in the words of SPEC §8 "Error saving callnumbers state". */
const LAST_ON_CALL =
  'Rufnummer nicht ausgeschaltet: sie ist die einzige eingeschaltete ihrer Bereitschaft. Zum Wechseln die nächste Person einschalten';

/** The highest priority that makes a plan ask for confirmation at night (SPEC §9: 0 to 9). */
const CONFIRM_PRIORITY_MAX = 1;

const refText = (ref: PlanRef) => `${ref.station.stationNumber}/${ref.planNumber}`;

export class RemoteAlertService {
  readonly lines: AlarmLines;
  private readonly store: RemoteAlertStore;
  private readonly stationByNr: Map<number, Station>;
  private readonly pvGroups: CallNumberPvGroup[];

  constructor(private readonly deps: RemoteAlertDeps) {
    this.store = deps.store;
    this.stationByNr = new Map(deps.stations.map((s) => [s.id, s]));
    this.pvGroups = deps.stations.map((s) => ({ id: s.id, name: s.name, stationNumber: s.id }));
    if (deps.seedDemo !== false && this.store.isEmpty()) this.seed();
    this.lines = new AlarmLines(deps.stations, deps.seed, (line) =>
      deps.hub.publishLineInfo(lineKey(line.station.stationNumber, line.lineNumber), line),
    );
    deps.hub.setPlanSource((key, user) => {
      const [station, plan] = key.split('_').map(Number);
      const row = this.store.plan(station ?? -1, plan ?? -1);
      return row ? this.view(row, user) : undefined;
    });
    deps.hub.setLineSource((key) => this.lines.byKey(key));
  }

  private seed(): void {
    const now = this.deps.now();
    const week = rotaWeek(now);
    const stations = this.deps.stations;
    const groupsOf = (area: 'water' | 'wastewater' | 'all') =>
      stations
        .filter((s) => area === 'all' || isWastewater(s) === (area === 'wastewater'))
        .map((s) => s.id);
    this.store.seed(
      seedPlans(stations, isNight(this.plantHour(now))),
      SEED_NUMBERS.map((n) => ({
        ...n,
        pvGroups: groupsOf(n.area),
        active: n.rota === undefined || n.rota === week,
      })),
      now,
    );
  }

  /** The whole hour on the plant's clock (0-23). */
  plantHour(ms: number): number {
    return Math.floor(hourOfDay(ms, this.deps.timeZone));
  }

  private today(): string {
    return dateIn(this.deps.now(), this.deps.timeZone);
  }

  private stationName(nr: number): string {
    return this.stationByNr.get(nr)?.name ?? String(nr);
  }

  private mayEdit(user: SessionUser, stationNumber: number): boolean {
    return hasRight(user, 'writePlans') && mayActOnStation(user, stationNumber);
  }

  private mayAck(user: SessionUser, stationNumber: number): boolean {
    return hasRight(user, 'ackPlans') && mayActOnStation(user, stationNumber);
  }

  /** RS1: a plan as SPEC §3 names it, with the user's own currentUserCanEdit. */
  view(row: PlanRow, user: SessionUser, numbers = this.numberMap()): AlarmPlan {
    const fresh = row.countedDay === this.today();
    const waiting = this.store.confirm(row.stationNumber, row.planNumber);
    return {
      station: { stationNumber: row.stationNumber },
      stationName: this.stationName(row.stationNumber),
      planNumber: row.planNumber,
      planname: row.planname,
      active: row.active,
      groupname: row.groupname,
      activePriorities: row.priorities,
      recipients: row.recipients.map((id) => {
        const n = id === null ? undefined : numbers.get(id);
        return n ? { callNumberId: n.id, name: n.name, number: n.number, active: n.active } : null;
      }),
      alertingCount: fresh ? row.alertingCount : 0,
      alertingCountMax: row.alertingCountMax,
      callNumberChangeCount: fresh ? row.changeCount : 0,
      callNumberChangeCountMax: row.changeCountMax,
      undeliveredMessages: row.undelivered,
      deliveredMessages: row.delivered,
      defaultAction: row.defaultAction,
      currentUserCanEdit: this.mayEdit(user, row.stationNumber),
      toConfirm: waiting?.pendingCount ?? 0,
      toConfirmPriority: waiting?.priority ?? null,
    };
  }

  private numberMap(): Map<number, CallNumberRow> {
    return new Map(this.store.numbers().map((n) => [n.id, n]));
  }

  plans(user: SessionUser): AlarmPlan[] {
    const numbers = this.numberMap();
    return this.store.plans().map((row) => this.view(row, user, numbers));
  }

  private publishPlan(stationNumber: number, planNumber: number): void {
    const row = this.store.plan(stationNumber, planNumber);
    if (!row) return;
    const numbers = this.numberMap();
    this.deps.hub.publishPlanInfoFor(planKey({ station: { stationNumber }, planNumber }), (user) =>
      this.view(row, user, numbers),
    );
  }

  private control(
    user: string,
    stationNumber: number | null,
    text: string,
    message: EventMessage,
  ): void {
    this.deps.audit?.({
      category: 'Config',
      user,
      text,
      message,
      control: {
        stationNumber,
        stationName: stationNumber === null ? '' : this.stationName(stationNumber),
        pvRef: null,
      },
    });
  }

  /** RS2: unknown plans refuse the whole request (400), before anything changes. */
  private requireKnown(refs: readonly PlanRef[]): void {
    const unknown = refs.filter((r) => !this.store.plan(r.station.stationNumber, r.planNumber));
    if (unknown.length > 0)
      throw badRequest(`Unbekannter Plan: ${unknown.map(refText).join(', ')}`);
  }

  /**
   * RS3: POST /api/RemoteAlert. Activating a plan deactivates the station's other plans (one
   * plan decides who is called); a plan already in the asked state is left alone, so two
   * users switching the same plan give one change and one control event.
   */
  setActive(user: SessionUser, changes: readonly PlanActiveChange[]): AlarmPlanResult {
    this.requireKnown(changes.map((c) => c.planRef));
    const unauthorizedPlans: PlanRef[] = [];
    const touched = new Set<string>();
    const stations = new Set<number>();
    const now = this.deps.now();
    this.store.transaction(() => {
      for (const { planRef, active } of changes) {
        const st = planRef.station.stationNumber;
        if (!this.mayEdit(user, st)) {
          unauthorizedPlans.push(planRef);
          continue;
        }
        stations.add(st);
        const row = this.store.plan(st, planRef.planNumber)!;
        if (row.active === active) continue;
        if (active)
          for (const other of this.store.plansOfStation(st)) {
            if (other.planNumber === row.planNumber || !other.active) continue;
            this.store.setPlanActive(st, other.planNumber, false, user.username, now);
            touched.add(`${st}_${other.planNumber}`);
            this.control(user.username, st, `Alarmplan deaktiviert: ${other.planname}`, {
              key: 'alarmPlanDeactivated',
              params: { plan: other.planname },
            });
          }
        this.store.setPlanActive(st, row.planNumber, active, user.username, now);
        touched.add(`${st}_${row.planNumber}`);
        this.control(
          user.username,
          st,
          `Alarmplan ${active ? 'aktiviert' : 'deaktiviert'}: ${row.planname}`,
          {
            key: active ? 'alarmPlanActivated' : 'alarmPlanDeactivated',
            params: { plan: row.planname },
          },
        );
      }
    });
    for (const key of touched) {
      const [st, plan] = key.split('_').map(Number);
      this.publishPlan(st!, plan!);
    }
    const numbers = this.numberMap();
    const alarmPlans = [...stations].flatMap((st) =>
      this.store.plansOfStation(st).map((row) => this.view(row, user, numbers)),
    );
    return {
      status: statusOf(stations.size, unauthorizedPlans.length),
      errorMessage: null,
      alarmPlans,
      unauthorizedPlans,
    };
  }

  private confirmView(row: ConfirmRow, user: SessionUser): PlanToConfirm | null {
    const plan = this.store.plan(row.stationNumber, row.planNumber);
    if (!plan) return null;
    return {
      plan: { station: { stationNumber: row.stationNumber }, planNumber: row.planNumber },
      planName: plan.planname,
      stationName: this.stationName(row.stationNumber),
      pvAreaName: plan.groupname,
      alertText: row.alertText,
      priority: row.priority,
      pendingCount: row.pendingCount,
      raisedAt: row.raisedAt,
      sent: row.sent,
      isActive: plan.active,
      defaultAction: plan.defaultAction,
      currentUserCanEdit: this.mayAck(user, row.stationNumber),
    };
  }

  plansToConfirm(user: SessionUser): PlanToConfirm[] {
    return this.store
      .confirms()
      .map((row) => this.confirmView(row, user))
      .filter((c): c is PlanToConfirm => c !== null);
  }

  /**
   * RS4: POST ack-plans. A plan whose messages are still going out is confirmed only with
   * ackNonSent (the operator then stops the calling); otherwise it stays waiting.
   */
  ackPlans(user: SessionUser, refs: readonly PlanRef[], ackNonSent: boolean): AlarmPlanResult {
    this.requireKnown(refs);
    const unauthorizedPlans: PlanRef[] = [];
    const done: PlanRef[] = [];
    let waiting = 0;
    this.store.transaction(() => {
      for (const ref of refs) {
        const st = ref.station.stationNumber;
        if (!this.mayAck(user, st)) {
          unauthorizedPlans.push(ref);
          continue;
        }
        const row = this.store.confirm(st, ref.planNumber);
        if (!row) continue;
        if (!row.sent && !ackNonSent) {
          waiting++;
          continue;
        }
        this.store.removeConfirm(st, ref.planNumber);
        if (!row.sent)
          this.store.updateCounters(st, ref.planNumber, this.today(), {
            undelivered: -row.pendingCount,
          });
        done.push(ref);
        const name = this.store.plan(st, ref.planNumber)!.planname;
        this.control(
          user.username,
          st,
          `Alarmplan quittiert: ${name} (${row.pendingCount} Alarm(e))`,
          { key: 'alarmPlanAcknowledged', params: { plan: name, count: row.pendingCount } },
        );
      }
    });
    for (const ref of done) this.publishPlan(ref.station.stationNumber, ref.planNumber);
    const numbers = this.numberMap();
    const alarmPlans = done.map((r) =>
      this.view(this.store.plan(r.station.stationNumber, r.planNumber)!, user, numbers),
    );
    const status =
      waiting > 0 && unauthorizedPlans.length === 0
        ? 'Failed'
        : statusOf(done.length + waiting, unauthorizedPlans.length);
    return {
      status,
      errorMessage:
        waiting > 0
          ? `${waiting} Plan/Pläne noch nicht gesendet; nur mit „nicht gesendete quittieren“`
          : null,
      alarmPlans,
      unauthorizedPlans,
    };
  }

  numbers(user: SessionUser): AlarmCallNumbersResult {
    return {
      alarmCallnumbers: this.numbersFor(user),
      categories: [...CATEGORIES],
      pvGroups: this.pvGroups,
      currentUserCanEdit: hasRight(user, 'writePlans'),
    };
  }

  /** RS5: every call number with the user's own currentUserCanEdit. */
  private numbersFor(user: SessionUser): AlarmCallNumber[] {
    return this.store
      .numbers()
      .map((n) => ({ ...n, currentUserCanEdit: this.mayChangeNumber(user, n.pvGroups) }));
  }

  private numbersResult(
    user: SessionUser,
    status: ResultStatus,
    errorMessage: string | null,
    refused: {
      unauthorizedNumbers?: number[];
      conflictingNumbers?: number[];
      lastOnCallNumbers?: number[];
    } = {},
  ): CallNumbersSaveResult {
    return {
      status,
      errorMessage,
      alarmCallnumbers: this.numbersFor(user),
      unauthorizedNumbers: refused.unauthorizedNumbers ?? [],
      conflictingNumbers: refused.conflictingNumbers ?? [],
      lastOnCallNumbers: refused.lastOnCallNumbers ?? [],
    };
  }

  /** Plans that call a number (their change counters count its switches). */
  private plansCalling(ids: ReadonlySet<number>): PlanRow[] {
    return this.store.plans().filter((p) => p.recipients.some((id) => id !== null && ids.has(id)));
  }

  /** RS5: a user may switch or edit a number when it alarms at least one station of theirs. */
  private mayChangeNumber(user: SessionUser, pvGroups: readonly number[]): boolean {
    return (
      hasRight(user, 'writePlans') &&
      (user.stations === null || pvGroups.some((g) => mayActOnStation(user, g)))
    );
  }

  /**
   * RS9: an edit is the user's to make when they may change the number as it is (RS5) and
   * every PV group it adds or removes is one of their stations — staff bound to stations
   * cannot make a number ring for, or stop ringing for, someone else's station.
   */
  private mayEditNumber(user: SessionUser, edit: CallNumberEdit): boolean {
    const before = edit.id > 0 ? this.store.number(edit.id)!.pvGroups : [];
    if (edit.id > 0 && !this.mayChangeNumber(user, before)) return false;
    if (!hasRight(user, 'writePlans')) return false;
    const was = new Set(before);
    const now = new Set(edit.pvGroups);
    const touched = [
      ...edit.pvGroups.filter((g) => !was.has(g)),
      ...before.filter((g) => !now.has(g)),
    ];
    return touched.every((g) => mayActOnStation(user, g));
  }

  /**
   * RS6: POST setalarmnumbersstate. Switching on a number of a standby category switches the
   * others of that category off (one person is on call). A number already in the asked state
   * is left alone, so two users switching the same number give one change, one count and one
   * control event. Every switch counts against the daily change limit of each plan that calls
   * the number; over the limit nothing changes.
   */
  setNumbersState(
    user: SessionUser,
    changes: readonly CallNumberStateChange[],
  ): CallNumbersSaveResult {
    const unknown = changes.filter((c) => !this.store.number(c.id));
    if (unknown.length > 0)
      throw badRequest(`Unbekannte Rufnummer: ${unknown.map((c) => c.id).join(', ')}`);
    const refused = changes.filter(
      (c) => !this.mayChangeNumber(user, this.store.number(c.id)!.pvGroups),
    );
    if (refused.length > 0)
      return this.numbersResult(
        user,
        'Unauthorized',
        `Keine Rechte für Rufnummer ${refused.map((c) => this.store.number(c.id)!.name).join(', ')}`,
        { unauthorizedNumbers: refused.map((c) => c.id) },
      );
    const standby = new Set(CATEGORIES.filter((c) => c.standby).map((c) => c.id));
    const last = this.lastOnCall(changes, standby);
    if (last.length > 0)
      return this.numbersResult(
        user,
        'Failed',
        `${LAST_ON_CALL}: ${last
          .map((id) => {
            const n = this.store.number(id)!;
            const category = CATEGORIES.find((c) => c.id === n.categoryId)?.name ?? '';
            return `${n.name} (${n.number}, ${category})`;
          })
          .join(', ')}`,
        { lastOnCallNumbers: last },
      );
    const now = this.deps.now();
    const switched = new Map<number, boolean>();
    const outcome: { overLimit: string | null } = { overLimit: null };
    try {
      this.store.transaction(() => {
        for (const c of changes) {
          const n = this.store.number(c.id)!;
          if (n.active === c.active) continue;
          if (c.active && standby.has(n.categoryId))
            for (const other of this.store.numbers())
              if (other.categoryId === n.categoryId && other.id !== n.id && other.active) {
                this.store.setNumberActive(other.id, false, user.username, now);
                switched.set(other.id, false);
              }
          this.store.setNumberActive(c.id, c.active, user.username, now);
          switched.set(c.id, c.active);
        }
        const day = this.today();
        for (const plan of this.plansCalling(new Set(switched.keys()))) {
          const count = plan.recipients.filter((id) => id !== null && switched.has(id)).length;
          const before = plan.countedDay === day ? plan.changeCount : 0;
          if (before + count > plan.changeCountMax) {
            outcome.overLimit = `Zu viele Rufnummernänderungen heute für ${plan.planname} (${this.stationName(plan.stationNumber)}): höchstens ${plan.changeCountMax}`;
            throw new RollBack();
          }
          this.store.updateCounters(plan.stationNumber, plan.planNumber, day, { change: count });
        }
        for (const [id, active] of switched) {
          const n = this.store.number(id)!;
          this.control(
            user.username,
            null,
            `Rufnummer ${active ? 'eingeschaltet' : 'ausgeschaltet'}: ${n.name} (${n.number})`,
            {
              key: active ? 'callNumberOn' : 'callNumberOff',
              params: { name: n.name, number: n.number },
            },
          );
        }
      });
    } catch (err) {
      if (!(err instanceof RollBack)) throw err;
    }
    if (outcome.overLimit !== null) return this.numbersResult(user, 'Failed', outcome.overLimit);
    for (const plan of this.plansCalling(new Set(switched.keys())))
      this.publishPlan(plan.stationNumber, plan.planNumber);
    return this.numbersResult(user, 'Success', null);
  }

  /**
   * RS14: the numbers a switch would take off a standby rota that has nobody else on call
   * afterwards. A rota always has exactly one person on call: the way to hand over is to
   * switch the next person on (RS6 switches the previous one off), never to switch off.
   */
  private lastOnCall(
    changes: readonly CallNumberStateChange[],
    standby: ReadonlySet<number>,
  ): number[] {
    const asked = new Map(changes.map((c) => [c.id, c.active]));
    const all = this.store.numbers();
    return changes.flatMap((c) => {
      const n = this.store.number(c.id)!;
      if (c.active || !n.active || !standby.has(n.categoryId)) return [];
      const someoneLeft = all.some(
        (o) => o.categoryId === n.categoryId && o.id !== n.id && (asked.get(o.id) ?? o.active),
      );
      return someoneLeft ? [] : [n.id];
    });
  }

  /**
   * RS7: POST alarmnumbers. Numbers, categories and PV groups must exist, and no category may
   * list the same number twice afterwards (RA11): else 400, nothing changed. Rights as RS9
   * (Unauthorized, nothing changed). RS10: an edit whose `previous` no longer matches the
   * stored number was made on a stale copy: Conflict, nothing changed, so no one's change is
   * lost. The whole batch is one transaction.
   */
  saveNumbers(user: SessionUser, edits: readonly CallNumberEdit[]): CallNumbersSaveResult {
    edits.forEach((e, i) => {
      if (e.id > 0 && !this.store.number(e.id)) throw badRequest(`Unbekannte Rufnummer: ${e.id}`);
      if (!CATEGORIES.some((c) => c.id === e.categoryId))
        throw badRequest(`Unbekannte Kategorie: ${e.categoryId}`, [
          { path: `${i}.categoryId`, message: `Unbekannte Kategorie: ${e.categoryId}` },
        ]);
      const badGroup = e.pvGroups.find((g) => !this.stationByNr.has(g));
      if (badGroup !== undefined)
        throw badRequest(`Unbekannte PV-Gruppe: ${badGroup}`, [
          { path: `${i}.pvGroups`, message: `Unbekannte PV-Gruppe: ${badGroup}` },
        ]);
    });
    const ids = edits.filter((e) => e.id > 0).map((e) => e.id);
    if (new Set(ids).size !== ids.length) throw badRequest('Eine Rufnummer ist zweimal im Auftrag');
    const edited = new Map(edits.map((e, i) => [e.id > 0 ? `n${e.id}` : `e${i}`, e]));
    const after = [
      ...this.store
        .numbers()
        .filter((n) => !edited.has(`n${n.id}`))
        .map((n) => ({ key: `n${n.id}`, categoryId: n.categoryId, number: n.number })),
      ...[...edited].map(([key, e]) => ({ key, categoryId: e.categoryId, number: e.number })),
    ];
    const twice = duplicateNumbers(after);
    const issues = edits.flatMap((e, i) =>
      twice.has(e.id > 0 ? `n${e.id}` : `e${i}`)
        ? [{ path: `${i}.number`, message: CALL_NUMBER_ERROR_TEXT[CALL_NUMBER_ERRORS.numberTwice] }]
        : [],
    );
    // RS6 holds for edits too: a number switched on does not join a standby rota that already
    // has someone on call (two people would be called as "the one on standby").
    const standby = new Set(CATEGORIES.filter((c) => c.standby).map((c) => c.id));
    edits.forEach((e, i) => {
      const before = e.id > 0 ? this.store.number(e.id)! : null;
      if (!before?.active || before.categoryId === e.categoryId || !standby.has(e.categoryId))
        return;
      const taken = this.store
        .numbers()
        .some((n) => n.id !== e.id && n.active && n.categoryId === e.categoryId);
      if (taken) issues.push({ path: `${i}.categoryId`, message: STANDBY_TAKEN });
    });
    if (issues.length > 0)
      throw badRequest(`Invalid call numbers: ${issues[0]!.path}: ${issues[0]!.message}`, issues);

    const refused = edits.filter((e) => !this.mayEditNumber(user, e));
    if (refused.length > 0)
      return this.numbersResult(
        user,
        'Unauthorized',
        `Keine Rechte für Rufnummer ${refused.map((e) => e.name).join(', ')}`,
        { unauthorizedNumbers: refused.filter((e) => e.id > 0).map((e) => e.id) },
      );
    const stale = edits.filter(
      (e) => e.id > 0 && e.previous && !sameFields(e.previous, this.store.number(e.id)!),
    );
    if (stale.length > 0)
      return this.numbersResult(
        user,
        'Conflict',
        `Inzwischen geändert: ${stale
          .map((e) => {
            const n = this.store.number(e.id)!;
            return `${n.name} (${n.number}) von ${n.changedBy}`;
          })
          .join(', ')}`,
        { conflictingNumbers: stale.map((e) => e.id) },
      );

    const now = this.deps.now();
    const changed: number[] = [];
    this.store.transaction(() => {
      for (const e of edits) {
        const before = e.id > 0 ? this.store.number(e.id) : undefined;
        const edit: CallNumberEdit = {
          id: e.id,
          name: e.name.trim(),
          number: e.number.trim(),
          categoryId: e.categoryId,
          pvGroups: [...new Set(e.pvGroups)].sort((a, b) => a - b),
        };
        if (before && sameFields(before, edit)) continue;
        const id = this.store.saveNumber(edit, user.username, now);
        changed.push(id);
        this.control(
          user.username,
          null,
          before
            ? `Rufnummer geändert: ${before.name} (${before.number}) → ${edit.name} (${edit.number})`
            : `Rufnummer angelegt: ${edit.name} (${edit.number})`,
          before
            ? {
                key: 'callNumberChanged',
                params: {
                  before: before.name,
                  beforeNumber: before.number,
                  name: edit.name,
                  number: edit.number,
                },
              }
            : { key: 'callNumberCreated', params: { name: edit.name, number: edit.number } },
        );
      }
    });
    for (const plan of this.plansCalling(new Set(changed)))
      this.publishPlan(plan.stationNumber, plan.planNumber);
    return this.numbersResult(user, 'Success', null);
  }

  /**
   * RS13: the plan an alarm of the day or of the night is filed under: the station's day or
   * night plan, whichever plan is active (a night alarm is never listed under "Tagplan"
   * because the day plan was left on); a station without such a plan uses its active one.
   */
  private shiftPlan(stationNumber: number, night: boolean): PlanRow | undefined {
    return (
      this.store.plan(stationNumber, night ? NIGHT_PLAN_NUMBER : DAY_PLAN_NUMBER) ??
      this.store.plansOfStation(stationNumber).find((p) => p.active)
    );
  }

  /**
   * RS8: an alarm of the plant is sent by the active plan of its station when the plan sends
   * its priority: the alarm counts, a line turns busy (or, all lines faulty, the message stays
   * undelivered); at night a priority-1 alarm waits for confirmation, filed under the
   * station's night plan (RS13).
   */
  onAlert(
    alert: Pick<Alert, 'stationNumber' | 'priority' | 'text' | 'sourceName' | 'cleared'>,
  ): void {
    if (alert.stationNumber === null || alert.cleared) return;
    const st = alert.stationNumber;
    const plan = this.store.plansOfStation(st).find((p) => p.active);
    if (!plan || !plan.priorities[alert.priority]) return;
    const now = this.deps.now();
    const day = this.today();
    const overLimit = (plan.countedDay === day ? plan.alertingCount : 0) >= plan.alertingCountMax;
    const sent = !overLimit && this.lines.send(st);
    const text = `${alert.sourceName}: ${alert.text}`.trim();
    const night = isNight(this.plantHour(now));
    const filed = alert.priority <= CONFIRM_PRIORITY_MAX && night ? this.shiftPlan(st, true) : null;
    this.store.transaction(() => {
      this.store.updateCounters(
        st,
        plan.planNumber,
        day,
        sent ? { alerting: 1 } : { undelivered: 1 },
      );
      if (filed) this.store.addConfirm(st, filed.planNumber, text, alert.priority, now);
    });
    this.publishPlan(st, plan.planNumber);
    if (filed && filed.planNumber !== plan.planNumber) this.publishPlan(st, filed.planNumber);
  }

  /**
   * A simulated alarm (tests, demonstrations): as if the plant raised it, day or night, sent
   * and filed by the plan of that time of day (RS13), whichever plan is active now.
   */
  simulateAlarm(
    user: SessionUser,
    stationNumber: number,
    priority: number,
    text: string,
    night: boolean,
  ): void {
    const plans = this.store.plansOfStation(stationNumber);
    if (plans.length === 0) throw badRequest(`Unbekannte Station: ${stationNumber}`);
    const plan = this.shiftPlan(stationNumber, night);
    this.control(user.username, stationNumber, `Simulierter Fernalarm: ${text}`, {
      key: 'remoteAlarmSimulated',
      params: { text },
    });
    if (!plan) return;
    const now = this.deps.now();
    const day = this.today();
    // RS8 holds here too: past the plan's daily limit an alarm is not sent, it waits.
    const overLimit = (plan.countedDay === day ? plan.alertingCount : 0) >= plan.alertingCountMax;
    const sent = !overLimit && this.lines.send(stationNumber);
    this.store.transaction(() => {
      this.store.updateCounters(
        stationNumber,
        plan.planNumber,
        day,
        sent ? { alerting: 1 } : { undelivered: 1 },
      );
      if (night && priority <= CONFIRM_PRIORITY_MAX)
        this.store.addConfirm(stationNumber, plan.planNumber, text, priority, now);
    });
    this.publishPlan(stationNumber, plan.planNumber);
  }

  /** One simulator step: lines change, messages waiting to go out are delivered. */
  tick(): void {
    this.lines.tick();
    for (const row of this.store.confirms()) {
      if (row.sent) continue;
      if (!this.lines.ofStation(row.stationNumber).some((l: AlarmLine) => !l.faulty)) continue;
      if (this.store.markSent(row.stationNumber, row.planNumber)) {
        this.store.updateCounters(row.stationNumber, row.planNumber, this.today(), {
          delivered: 1,
        });
        this.publishPlan(row.stationNumber, row.planNumber);
      }
    }
  }
}

/** Ends a transaction without its changes; the caller reads why from its own state. */
class RollBack extends Error {}

/** Success when every plan was done; Unauthorized when only rights stood in the way. */
function statusOf(done: number, unauthorized: number): ResultStatus {
  if (unauthorized === 0) return 'Success';
  return done === 0 ? 'Unauthorized' : 'Failed';
}
