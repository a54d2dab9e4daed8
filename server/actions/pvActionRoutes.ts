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
    const pairs = body.oldValues.map((old, i) => ({ old, next: body.newValues[i]! }));
    const sorted = sortByRight(
      plant,
      user,
      'writePvs',
      pairs,
      (p) => p.old.pvRef,
      (p) =>
        hasRuntimes(p.old.pvRef) &&
        (plant.runtimes(p.old.pvRef) ?? []).some(
          (r) => r.runtimeType === p.old.runtimeValue.runtimeType,
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
    store.transaction(() => {
      for (const { item, config } of sorted.ok) {
        const { runtimeType, value } = item.next.runtimeValue;
        plant.setRuntime(item.next.pvRef, runtimeType, value);
        store.saveRuntime(item.next.pvRef, runtimeType, value, user.username);
        control(
          user,
          config,
          item.next.pvRef,
          `Laufzeit gesetzt: ${config.name} ${runtimeType} = ${value}`,
          { key: 'runtimeSet', params: { name: config.name, runtime: runtimeType, value } },
        );
      }
    });
    return result(sorted);
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
    const pairs = body.oldValues.map((old, i) => ({ old, next: body.newValues[i]! }));
    const sorted = sortByRight(
      plant,
      user,
      'writePvs',
      pairs,
      (p) => p.old.pvLimitRef.pv,
      (p) => p.old.pvLimitRef.pv.type === 'AnaIn' && currentOf(p.old) !== undefined,
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
    store.transaction(() => {
      for (const { item, config } of sorted.ok) {
        plant.setLimitConfig(item.next);
        store.saveLimit(item.next, user.username);
        const n = item.next;
        // The control event names the limit by its code (SPEC §3: ugw, mugw, mogw, ogw), as
        // event reports and exports of a plant do.
        const code = LIMIT_SUFFIX[n.pvLimitRef.limitType];
        control(
          user,
          config,
          n.pvLimitRef.pv,
          n.notSet
            ? `Grenzwert ${code} nicht gesetzt: ${config.name}`
            : `Grenzwert ${code} gesetzt: ${config.name} = ${n.limit} (Priorität ${n.priority}, Verzögerung ${n.delayTime} s)`,
          n.notSet
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
              },
        );
      }
    });
    return result(sorted);
  });

  // --- POST /api/Pv/DigiIn/set-priorities ----------------------------------------------------
  app.post(PV_ACTION_API.setDigiInPriorities, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const body = parse(setPrioritiesBody, request.body, 'priorities');
    const pairs = body.oldValues.map((old, i) => ({ old, next: body.newValues[i]! }));
    const sorted = sortByRight(
      plant,
      user,
      'writePvs',
      pairs,
      (p) => p.old.pvRef,
      (p, config) => p.old.pvRef.type === 'DigiIn' && config.alertInputConfig !== null,
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
    store.transaction(() => {
      for (const { item, config } of sorted.ok) {
        plant.setAlertPriority(item.next.pvRef, item.next.priority);
        store.savePriority(item.next.pvRef, item.next.priority, user.username);
        control(
          user,
          config,
          item.next.pvRef,
          `Priorität gesetzt: ${config.name} = ${item.next.priority}`,
          { key: 'prioritySet', params: { name: config.name, priority: item.next.priority } },
        );
      }
    });
    return result(sorted);
  });
}
