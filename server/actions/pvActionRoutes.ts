/**
 * SPEC §7 "Process values": set values, reset counters, load and set runtimes, set analogue
 * limits and digital-input priorities. Rights are checked per item (SPEC §6) and reported as
 * unauthorizedPvs; unknown or unsuitable PVs as missingPvs. The server checks every value
 * itself: ranges in the schemas (400), the PV's domain and the limit order here (status
 * Failed, nothing changed), and old values that no longer match (status Conflict, nothing
 * changed). Accepted changes go to the simulator, which publishes them on the pv hub, and
 * each leaves a control event.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACTION_EXTRA_API,
  PV_ACTION_API,
  type PvActionResult,
  type PvRuntime,
  type RuntimesResponse,
} from '../../src/contract/actions.ts';
import type { Right } from '../../src/contract/auth.ts';
import type { ResultStatus } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvRef, TimeOfDayValue } from '../../src/contract/pv.ts';
import type { EventMessage } from '../../src/contract/eventText.ts';
import { LIMIT_SUFFIX } from '../../src/domain/pvAlarm.ts';
import { checkLimitOrder, LIMIT_KEYS, sameLimit } from '../../src/domain/validation/limits.ts';
import { decodeTimeOfDay, hasRuntimes } from '../../src/domain/validation/valueEntry.ts';
import { requireUser } from '../auth/guards.ts';
import { hasRight, mayActOnStation, type SessionUser } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import { parse } from '../http/validate.ts';
import type { PlantSimulation } from '../plant/types.ts';
import type { ActionStore } from './ActionStore.ts';
import {
  pvRefsBody,
  setLimitsBody,
  setPrioritiesBody,
  setRuntimesBody,
  setValuesBody,
} from './schemas.ts';

/** The German texts of the limit-order rules (SPEC §5), for errorMessage. */
const ORDER_TEXT: Record<string, string> = {
  [LIMIT_KEYS.bottomAboveOthers]:
    'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
  [LIMIT_KEYS.bottomMiddleAboveTopMiddle]:
    'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
  [LIMIT_KEYS.topBelowOthers]: 'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
};

/**
 * Runtimes keep running while a dialog is open (a pump's hours, its starts): an old value
 * still matches within this tolerance; a change by someone else is larger.
 */
const RUNTIME_TOLERANCE_ABS = 1;
const RUNTIME_TOLERANCE_REL = 0.01;

const refText = (ref: PvRef) => `${ref.type} ${ref.nr}`;

interface Sorted<T> {
  ok: { item: T; config: PvConfig }[];
  unauthorizedPvs: PvRef[];
  missingPvs: PvRef[];
}

/** Splits items into those the user may change, those without the right, and unknown ones. */
function sortByRight<T>(
  plant: PlantSimulation,
  user: SessionUser,
  right: Right,
  items: readonly T[],
  refOf: (item: T) => PvRef,
  accepts: (item: T, config: PvConfig) => boolean,
): Sorted<T> {
  const out: Sorted<T> = { ok: [], unauthorizedPvs: [], missingPvs: [] };
  const may = hasRight(user, right);
  // A PV refused for several items (its four limits) is named once in each list.
  const named = new Set<string>();
  const name = (list: PvRef[], ref: PvRef, why: string) => {
    const key = `${why}:${pvKey(ref)}`;
    if (named.has(key)) return;
    named.add(key);
    list.push(ref);
  };
  for (const item of items) {
    const ref = refOf(item);
    const config = plant.config(ref);
    if (!config || !accepts(item, config)) name(out.missingPvs, ref, 'missing');
    else if (!may || !mayActOnStation(user, config.stationNumber))
      name(out.unauthorizedPvs, ref, 'unauthorized');
    else out.ok.push({ item, config });
  }
  return out;
}

/** A change of settings: newValues[i] replaces oldValues[i], which must still hold. */
interface Change<O, N> {
  old: O;
  next: N;
}

/** Pairs a body's old and new values and sorts them as sortByRight does for writing PVs. */
function sortChanges<O, N>(
  plant: PlantSimulation,
  user: SessionUser,
  body: { oldValues: readonly O[]; newValues: readonly N[] },
  refOf: (old: O) => PvRef,
  accepts: (old: O, config: PvConfig) => boolean,
): Sorted<Change<O, N>> {
  const pairs = body.oldValues.map((old, i) => ({ old, next: body.newValues[i]! }));
  return sortByRight(
    plant,
    user,
    'writePvs',
    pairs,
    (p) => refOf(p.old),
    (p, config) => accepts(p.old, config),
  );
}

/** Success when every item was done; Unauthorized when only rights stood in the way. */
function statusOf(s: Sorted<unknown>): ResultStatus {
  if (s.unauthorizedPvs.length === 0 && s.missingPvs.length === 0) return 'Success';
  if (s.ok.length === 0 && s.missingPvs.length === 0) return 'Unauthorized';
  return 'Failed';
}

function result(s: Sorted<unknown>, errorMessage: string | null = null): PvActionResult {
  return {
    status: statusOf(s),
    errorMessage,
    unauthorizedPvs: s.unauthorizedPvs,
    missingPvs: s.missingPvs,
  };
}

function refused(status: ResultStatus, errorMessage: string, s: Sorted<unknown>): PvActionResult {
  return { status, errorMessage, unauthorizedPvs: s.unauthorizedPvs, missingPvs: s.missingPvs };
}

/**
 * A write the plant refused. A PV the plant file marks read-only counts as one the user may not
 * change (unauthorizedPvs, SPEC §8 "Insufficient rights"); a device's refusal names its reason.
 */
function refusal(
  sorted: Sorted<unknown>,
  config: PvConfig,
  ref: PvRef,
  outcome: { reason: string; readOnly?: boolean },
): string {
  if (outcome.readOnly) {
    sorted.unauthorizedPvs.push(ref);
    return `${config.name} (${refText(ref)}) ist schreibgeschützt`;
  }
  return `${config.name} (${refText(ref)}): ${outcome.reason}`;
}

/** The result with the refusals' reasons; a device's refusal fails the request. */
function withRefusals(base: PvActionResult, refusals: readonly string[]): PvActionResult {
  if (refusals.length === 0) return base;
  return {
    ...base,
    status: base.status === 'Success' ? 'Failed' : base.status,
    errorMessage: `Nicht ausgeführt: ${refusals.join('; ')}`,
  };
}

export function registerPvActionRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: PlantSimulation,
  store: ActionStore,
): void {
  const control = (
    user: SessionUser,
    config: PvConfig,
    ref: PvRef,
    text: string,
    message: EventMessage,
  ) =>
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text,
      message,
      control: { stationNumber: config.stationNumber, stationName: config.stationName, pvRef: ref },
    });
  /**
   * Applies and stores every accepted change in one transaction, each with its control event
   * (`apply` changes the plant and the store and says what the event names).
   */
  const saveAll = <T>(
    user: SessionUser,
    sorted: Sorted<T>,
    apply: (item: T, config: PvConfig) => { ref: PvRef; text: string; message: EventMessage },
  ): PvActionResult => {
    store.transaction(() => {
      for (const { item, config } of sorted.ok) {
        const event = apply(item, config);
        control(user, config, event.ref, event.text, event.message);
      }
    });
    return result(sorted);
  };

  // --- POST /api/Pv: set AnaOut and DigiOut values ---------------------------------------
  app.post(PV_ACTION_API.set, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const items = parse(setValuesBody, request.body, 'values');
    const sorted = sortByRight(
      plant,
      user,
      'writePvs',
      items,
      (i) => i.pvRef,
      (item) => {
        if (item.pvRef.type === 'DigiOut') return item.typeOfValue === 'BoolValue';
        if (item.pvRef.type !== 'AnaOut') return false;
        // An AnaOut takes the kind of value it holds: a number or a time of day.
        return plant.valueByKey(pvKey(item.pvRef))?.typeOfValue === item.typeOfValue;
      },
    );
    const outside: string[] = [];
    const refusals: string[] = [];
    for (const { item, config } of sorted.ok) {
      if (item.typeOfValue !== 'DoubleValue' || !config.domainConfig) continue;
      const { min, max } = config.domainConfig;
      if (item.doubleValue < min || item.doubleValue > max)
        outside.push(
          `${config.name} (${refText(item.pvRef)}): ${item.doubleValue}, gültig ${min} bis ${max}`,
        );
    }
    if (outside.length > 0)
      return refused('Failed', `Werte sind außerhalb der Grenzwerte: ${outside.join('; ')}`, {
        ...sorted,
        ok: [],
      });
    for (const { item, config } of sorted.ok) {
      let value: number | boolean | TimeOfDayValue;
      let shown: string;
      if (item.typeOfValue === 'BoolValue') {
        value = item.boolValue;
        shown =
          (item.boolValue
            ? config.digiDisplayConfig?.stateActiveText
            : config.digiDisplayConfig?.stateInactiveText) ?? String(item.boolValue);
      } else if (item.typeOfValue === 'DoubleValue') {
        value = item.doubleValue;
        shown = `${item.doubleValue} ${config.dimension}`.trim();
      } else {
        value = decodeTimeOfDay(item.timeOfDayValue);
        shown = `${String(value.hour).padStart(2, '0')}:${String(value.minutes).padStart(2, '0')}`;
      }
      if (plant.command) {
        // A field plant: the device answers; its refusal comes back with the reason.
        const outcome = await plant.command(item.pvRef, value);
        if (!outcome.ok) {
          refusals.push(refusal(sorted, config, item.pvRef, outcome));
          continue;
        }
      } else if (!plant.writeValue(item.pvRef, value)) {
        sorted.missingPvs.push(item.pvRef);
        continue;
      }
      control(user, config, item.pvRef, `Wert gesetzt: ${config.name} = ${shown}`, {
        key: 'valueSet',
        params: { name: config.name, value: shown },
      });
    }
    return withRefusals(result(sorted), refusals);
  });

  // --- POST /api/Pv/counters/reset ---------------------------------------------------------
  app.post(PV_ACTION_API.resetCounters, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const refs = parse(pvRefsBody, request.body, 'counters');
    const sorted = sortByRight(
      plant,
      user,
      'writeCounters',
      refs,
      (r) => r,
      (ref) => {
        const value = plant.valueByKey(pvKey(ref));
        return ref.type === 'ZaehlWert' && value?.counterValue?.resetable === true;
      },
    );
    const refusals: string[] = [];
    for (const { item, config } of sorted.ok) {
      const text = { key: 'counterReset', params: { name: config.name } } as const;
      if (plant.commandCounterReset) {
        const outcome = await plant.commandCounterReset(item);
        if (outcome.ok) control(user, config, item, `Zähler zurückgesetzt: ${config.name}`, text);
        else refusals.push(refusal(sorted, config, item, outcome));
      } else if (plant.resetCounter(item))
        control(user, config, item, `Zähler zurückgesetzt: ${config.name}`, text);
      else sorted.missingPvs.push(item);
    }
    return withRefusals(result(sorted), refusals);
  });

  // --- POST /api/Pv/runtimes: load ---------------------------------------------------------
  app.post(PV_ACTION_API.runtimes, async (request): Promise<RuntimesResponse> => {
    requireUser(ctx, request);
    const refs = parse(pvRefsBody, request.body, 'PV refs');
    const runtimeValues: PvRuntime[] = [];
    const missingPvs: PvRef[] = [];
    for (const ref of refs) {
      const values = hasRuntimes(ref) ? plant.runtimes(ref) : null;
      if (!values || values.length === 0) missingPvs.push(ref);
      else for (const runtimeValue of values) runtimeValues.push({ pvRef: ref, runtimeValue });
    }
    return { status: 'Success', errorMessage: null, runtimeValues, missingPvs };
  });

  // --- POST /api/Pv/set-runtimes -----------------------------------------------------------
  app.post(PV_ACTION_API.setRuntimes, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const body = parse(setRuntimesBody, request.body, 'runtimes');
    const sorted = sortChanges(
      plant,
      user,
      body,
      (old) => old.pvRef,
      (old) =>
        hasRuntimes(old.pvRef) &&
        (plant.runtimes(old.pvRef) ?? []).some(
          (r) => r.runtimeType === old.runtimeValue.runtimeType,
        ),
    );
    const changed: string[] = [];
    for (const { item } of sorted.ok) {
      const type = item.old.runtimeValue.runtimeType;
      const current = plant.runtimes(item.old.pvRef)!.find((r) => r.runtimeType === type)!;
      const old = item.old.runtimeValue.value;
      const tolerance = RUNTIME_TOLERANCE_ABS + RUNTIME_TOLERANCE_REL * Math.abs(old);
      if (Math.abs(current.value - old) > tolerance)
        changed.push(`${refText(item.old.pvRef)} ${type}`);
    }
    if (changed.length > 0)
      return refused(
        'Conflict',
        `Die Laufzeiten wurden inzwischen geändert: ${changed.join(', ')}`,
        sorted,
      );
    return saveAll(user, sorted, ({ next }, config) => {
      const { runtimeType, value } = next.runtimeValue;
      plant.setRuntime(next.pvRef, runtimeType, value);
      store.saveRuntime(next.pvRef, runtimeType, value, user.username);
      return {
        ref: next.pvRef,
        text: `Laufzeit gesetzt: ${config.name} ${runtimeType} = ${value}`,
        message: { key: 'runtimeSet', params: { name: config.name, runtime: runtimeType, value } },
      };
    });
  });

  // --- limit configs (read) and POST /api/Pv/AnaIn/set-limits ------------------------------
  app.post(ACTION_EXTRA_API.limitConfigs, async (request): Promise<PvLimitConfig[]> => {
    requireUser(ctx, request);
    const refs = parse(pvRefsBody, request.body, 'PV refs');
    return refs.flatMap((ref) => [...plant.limitConfigs(ref)]);
  });

  app.post(PV_ACTION_API.setAnaInLimits, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const body = parse(setLimitsBody, request.body, 'limits');
    const currentOf = (c: PvLimitConfig) =>
      plant
        .limitConfigs(c.pvLimitRef.pv)
        .find((l) => l.pvLimitRef.limitType === c.pvLimitRef.limitType);
    const sorted = sortChanges(
      plant,
      user,
      body,
      (old) => old.pvLimitRef.pv,
      (old) => old.pvLimitRef.pv.type === 'AnaIn' && currentOf(old) !== undefined,
    );
    const changed = sorted.ok.filter(({ item }) => !sameLimit(currentOf(item.old)!, item.old));
    if (changed.length > 0)
      return refused(
        'Conflict',
        `Die Grenzwerte wurden inzwischen geändert: ${changed.map(({ item }) => `${refText(item.old.pvLimitRef.pv)} ${LIMIT_SUFFIX[item.old.pvLimitRef.limitType]}`).join(', ')}`,
        sorted,
      );
    // The order rules apply to the limits the PV will have after the change.
    const byPv = new Map<string, PvLimitConfig[]>();
    for (const { item } of sorted.ok) {
      const ref = item.next.pvLimitRef.pv;
      const key = refText(ref);
      const list = byPv.get(key) ?? [...plant.limitConfigs(ref)];
      const at = list.findIndex((l) => l.pvLimitRef.limitType === item.next.pvLimitRef.limitType);
      list[at] = item.next;
      byPv.set(key, list);
    }
    const broken: string[] = [];
    for (const [key, list] of byPv) {
      for (const m of checkLimitOrder(list)) broken.push(`${key}: ${ORDER_TEXT[m.key] ?? m.key}`);
    }
    if (broken.length > 0) return refused('Failed', broken.join(' '), { ...sorted, ok: [] });
    return saveAll(user, sorted, ({ next: n }, config) => {
      plant.setLimitConfig(n);
      store.saveLimit(n, user.username);
      // The control event names the limit by its code (SPEC §3: ugw, mugw, mogw, ogw), as
      // event reports and exports of a plant do.
      const code = LIMIT_SUFFIX[n.pvLimitRef.limitType];
      const message: EventMessage = n.notSet
        ? { key: 'limitCleared', params: { code, name: config.name } }
        : {
            key: 'limitSet',
            params: {
              code,
              name: config.name,
              limit: n.limit,
              priority: n.priority,
              delay: n.delayTime,
            },
          };
      return {
        ref: n.pvLimitRef.pv,
        text: n.notSet
          ? `Grenzwert ${code} nicht gesetzt: ${config.name}`
          : `Grenzwert ${code} gesetzt: ${config.name} = ${n.limit} (Priorität ${n.priority}, Verzögerung ${n.delayTime} s)`,
        message,
      };
    });
  });

  // --- POST /api/Pv/DigiIn/set-priorities ----------------------------------------------------
  app.post(PV_ACTION_API.setDigiInPriorities, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const body = parse(setPrioritiesBody, request.body, 'priorities');
    const sorted = sortChanges(
      plant,
      user,
      body,
      (old) => old.pvRef,
      (old, config) => old.pvRef.type === 'DigiIn' && config.alertInputConfig !== null,
    );
    const changed = sorted.ok.filter(
      ({ item, config }) => config.alertInputConfig!.priority !== item.old.priority,
    );
    if (changed.length > 0)
      return refused(
        'Conflict',
        `Die Prioritäten wurden inzwischen geändert: ${changed.map(({ item }) => refText(item.old.pvRef)).join(', ')}`,
        sorted,
      );
    return saveAll(user, sorted, ({ next }, config) => {
      plant.setAlertPriority(next.pvRef, next.priority);
      store.savePriority(next.pvRef, next.priority, user.username);
      return {
        ref: next.pvRef,
        text: `Priorität gesetzt: ${config.name} = ${next.priority}`,
        message: { key: 'prioritySet', params: { name: config.name, priority: next.priority } },
      };
    });
  });
}
