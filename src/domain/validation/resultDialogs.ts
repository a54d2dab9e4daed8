/**
 * Result interpretation (SPEC §3 "Result status values", §6, §8 "Dialog titles and
 * messages"): which dialog a result of a plant action calls for, with the rejected items
 * listed. Keys are in the "results" namespace; views translate and render the items.
 */
import type {
  PriorityOutputAckResult,
  PvActionResult,
  RuntimesResponse,
  TextMessageSaveResult,
} from '../../contract/actions.ts';
import type { ResultStatus } from '../../contract/enums.ts';
import type { PvRef } from '../../contract/pv.ts';
import type { StationRef } from '../../contract/station.ts';
import { type RuleMessage, ruleMessage } from './ruleMessage.ts';

export const RESULT_KEYS = {
  valuesNotSaved: 'results.pvSet.notSaved',
  schedulesNotSaved: 'results.schedules.notSaved',
  countersNotReset: 'results.counterReset.notReset',
  runtimesNotSet: 'results.runtimes.notSet',
  failureInputNotAcknowledged: 'results.digiInAck.notAcknowledged',
  plansNotAcknowledged: 'results.plans.notAcknowledged',
  plansNotSaved: 'results.plans.notSaved',
  callNumbersStateNotSaved: 'results.callNumbers.stateNotSaved',
  callNumbersNotSaved: 'results.callNumbers.notSaved',
  alertsNotAcknowledged: 'results.alertsAck.title',
  alertsAckError: 'results.alertsAck.error',
  alertsAckUnauthorized: 'results.alertsAck.unauthorized',
  networkError: 'results.network.error',
  serverOrNetworkError: 'results.network.serverOrNetwork',
  insufficientRights: 'results.common.insufficientRights',
  operationFailed: 'results.common.operationFailed',
  priorityOutputsAcknowledged: 'results.priorityOutputs.acknowledged',
  priorityOutputsNotAcknowledged: 'results.priorityOutputs.notAcknowledged',
  noPriorityOutputs: 'results.priorityOutputs.noneToAcknowledge',
  textNotSaved: 'results.textMessage.notSaved',
  pvLoadFailed: 'results.load.pvFailed',
  pvMissing: 'results.load.pvMissing',
  runtimesLoadFailed: 'results.load.runtimesFailed',
  unauthorizedPvs: 'results.lists.unauthorizedPvs',
  missingPvs: 'results.lists.missingPvs',
  unauthorizedInputs: 'results.lists.unauthorizedInputs',
  missingInputs: 'results.lists.missingInputs',
  unauthorizedCounters: 'results.lists.unauthorizedCounters',
  missingCounters: 'results.lists.missingCounters',
  unauthorizedPlans: 'results.lists.unauthorizedPlans',
  unauthorizedNumbers: 'results.lists.unauthorizedNumbers',
  conflictingNumbers: 'results.lists.conflictingNumbers',
  lastOnCallNumbers: 'results.lists.lastOnCallNumbers',
  lastOnCall: 'results.callNumbers.lastOnCall',
} as const;

/** SPEC §3 "Plan reference" as the results name it (station.stationNumber, planNumber). */
export interface PlanRefLike {
  station: StationRef;
  planNumber: number;
}

export interface PlanResultLike {
  status: ResultStatus;
  errorMessage: string | null;
  unauthorizedPlans: readonly PlanRefLike[];
}

export type ResultItem =
  | { kind: 'pv'; pvRef: PvRef }
  /** `name`: "Station · Plan", when the caller knows the plan. */
  | { kind: 'plan'; stationNumber: number; planNumber: number; name?: string }
  | { kind: 'callNumber'; id: number; name: string; number: string };

export interface ResultSection {
  labelKey: string;
  items: ResultItem[];
}

export interface ResultDialog {
  severity: 'error' | 'success' | 'info';
  title: RuleMessage;
  message: RuleMessage | null;
  /** The server's own error text, shown as is (SPEC §8 "raw error text"). */
  detail: string | null;
  sections: ResultSection[];
}

/** RD1: local values (limits, priorities, runtimes, values) are updated only on Success. */
export function shouldUpdateLocally(status: ResultStatus): boolean {
  return status === 'Success';
}

/** RD2: a failed call (network, no answer) as a result: Failed with empty lists (SPEC §8). */
export function failedPvActionResult(errorMessage: string | null = null): PvActionResult {
  return { status: 'Failed', errorMessage, unauthorizedPvs: [], missingPvs: [] };
}

/** RD2: the priority-output ack on a network or server error (SPEC §8 'Server-/Netzwerkfehler'). */
export function failedPriorityOutputAck(): PriorityOutputAckResult {
  return { status: 'Failed', errorMessage: null };
}

const pvItems = (refs: readonly PvRef[]): ResultItem[] =>
  refs.map((pvRef) => ({ kind: 'pv', pvRef }));

const itemKey = (item: ResultItem): string => {
  switch (item.kind) {
    case 'pv':
      return `pv:${item.pvRef.type}:${item.pvRef.nr}`;
    case 'plan':
      return `plan:${item.stationNumber}:${item.planNumber}`;
    case 'callNumber':
      return `number:${item.id}`;
  }
};

/** RD12: each list names an item once, however often the server repeats it. */
function sectionsOf(list: [string, ResultItem[]][]): ResultSection[] {
  return list
    .map(([labelKey, items]): ResultSection => {
      const seen = new Set<string>();
      return {
        labelKey,
        items: items.filter((item) => {
          const key = itemKey(item);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
      };
    })
    .filter((section) => section.items.length > 0);
}

/** The message line under the title: the raw error text, or what kind of failure it was. */
function failureMessage(
  status: ResultStatus,
  errorMessage: string | null,
  hasLists: boolean,
): { message: RuleMessage | null; detail: string | null } {
  const detail = errorMessage && errorMessage.trim() !== '' ? errorMessage : null;
  if (detail || hasLists) return { message: null, detail };
  if (status === 'Unauthorized')
    return { message: ruleMessage(RESULT_KEYS.insufficientRights), detail };
  if (status === 'Failed') return { message: ruleMessage(RESULT_KEYS.networkError), detail };
  return { message: ruleMessage(RESULT_KEYS.operationFailed), detail };
}

export type PvAction =
  | 'setValues'
  | 'setSchedules'
  | 'resetCounters'
  | 'setRuntimes'
  | 'ackFailureInputs'
  | 'setLimits'
  | 'setPriorities';

const PV_ACTION_DIALOG: Record<PvAction, { title: string; unauthorized: string; missing: string }> =
  {
    setValues: {
      title: RESULT_KEYS.valuesNotSaved,
      unauthorized: RESULT_KEYS.unauthorizedPvs,
      missing: RESULT_KEYS.missingPvs,
    },
    setSchedules: {
      title: RESULT_KEYS.schedulesNotSaved,
      unauthorized: RESULT_KEYS.unauthorizedPvs,
      missing: RESULT_KEYS.missingPvs,
    },
    setLimits: {
      title: RESULT_KEYS.valuesNotSaved,
      unauthorized: RESULT_KEYS.unauthorizedPvs,
      missing: RESULT_KEYS.missingPvs,
    },
    setPriorities: {
      title: RESULT_KEYS.valuesNotSaved,
      unauthorized: RESULT_KEYS.unauthorizedPvs,
      missing: RESULT_KEYS.missingPvs,
    },
    resetCounters: {
      title: RESULT_KEYS.countersNotReset,
      unauthorized: RESULT_KEYS.unauthorizedCounters,
      missing: RESULT_KEYS.missingCounters,
    },
    setRuntimes: {
      title: RESULT_KEYS.runtimesNotSet,
      unauthorized: RESULT_KEYS.unauthorizedPvs,
      missing: RESULT_KEYS.missingPvs,
    },
    ackFailureInputs: {
      title: RESULT_KEYS.failureInputNotAcknowledged,
      unauthorized: RESULT_KEYS.unauthorizedInputs,
      missing: RESULT_KEYS.missingInputs,
    },
  };

/**
 * RD3b: a set of switching times (every item a time of day, SPEC §5 "hour*256 + minutes") is
 * a schedule: its failure says 'Schaltzeiten wurden nicht gespeichert' (SPEC §8 "not-saved
 * messages for … schedules"); any other set is one of values.
 */
export function valueSetAction(
  items: readonly { typeOfValue: string }[],
): 'setValues' | 'setSchedules' {
  return items.length > 0 && items.every((i) => i.typeOfValue === 'TimeOfDayValue')
    ? 'setSchedules'
    : 'setValues';
}

/**
 * RD3: the dialog after a PV action, or null on Success. 'Werte wurden nicht gespeichert'
 * (values, limits, priorities), 'Zähler wurden nicht zurückgesetzt', 'Laufzeitwerte konnten
 * nicht gesetzt werden.', 'Störeingang wurde nicht quittiert.', each listing unauthorized and
 * missing PVs.
 */
export function pvActionResultDialog(
  action: PvAction,
  result: PvActionResult,
): ResultDialog | null {
  if (shouldUpdateLocally(result.status)) return null;
  const d = PV_ACTION_DIALOG[action];
  const sections = sectionsOf([
    [d.unauthorized, pvItems(result.unauthorizedPvs)],
    [d.missing, pvItems(result.missingPvs)],
  ]);
  return {
    severity: 'error',
    title: ruleMessage(d.title),
    ...failureMessage(result.status, result.errorMessage, sections.length > 0),
    sections,
  };
}

/** A plan as a person knows it: its station's name and its own. */
export interface PlanNames {
  stationName: string;
  planName: string;
}

/**
 * RD4: 'Pläne wurden nicht quittiert' / 'Pläne wurden nicht gespeichert' listing unauthorized
 * plans, each named "Station · Plan" when `namesOf` knows it (not "3/2").
 */
export function planResultDialog(
  action: 'acknowledge' | 'save',
  result: PlanResultLike,
  namesOf: (ref: PlanRefLike) => PlanNames | undefined = () => undefined,
): ResultDialog | null {
  if (shouldUpdateLocally(result.status)) return null;
  const sections = sectionsOf([
    [
      RESULT_KEYS.unauthorizedPlans,
      result.unauthorizedPlans.map((p): ResultItem => {
        const names = namesOf(p);
        return {
          kind: 'plan',
          stationNumber: p.station.stationNumber,
          planNumber: p.planNumber,
          ...(names && { name: `${names.stationName} · ${names.planName}` }),
        };
      }),
    ],
  ]);
  return {
    severity: 'error',
    title: ruleMessage(
      action === 'acknowledge' ? RESULT_KEYS.plansNotAcknowledged : RESULT_KEYS.plansNotSaved,
    ),
    ...failureMessage(result.status, result.errorMessage, sections.length > 0),
    sections,
  };
}

/** SPEC §3 "Alarm call numbers result" as a switch or save answers it. */
export interface CallNumbersResultLike {
  status: ResultStatus;
  errorMessage: string | null;
  alarmCallnumbers: readonly { id: number; name: string; number: string }[];
  unauthorizedNumbers: readonly number[];
  conflictingNumbers: readonly number[];
  lastOnCallNumbers?: readonly number[] | undefined;
}

/**
 * RD11: after switching call numbers 'Error saving callnumbers state' (SPEC §8), after editing
 * them 'Rufnummern wurden nicht gespeichert' — each listing the numbers the user may not
 * change, those changed by someone else meanwhile, and those not switched off because their
 * standby rota would have nobody on call (with the rule as the message); null on Success. A failed call
 * ('Netzwerkfehler') is a Failed result with no text.
 */
export function callNumbersResultDialog(
  action: 'state' | 'save',
  result: CallNumbersResultLike,
): ResultDialog | null {
  if (shouldUpdateLocally(result.status)) return null;
  const byId = new Map(result.alarmCallnumbers.map((n) => [n.id, n]));
  const items = (ids: readonly number[]): ResultItem[] =>
    ids.map((id) => {
      const n = byId.get(id);
      return { kind: 'callNumber', id, name: n?.name ?? String(id), number: n?.number ?? '' };
    });
  const lastOnCall = result.lastOnCallNumbers ?? [];
  const sections = sectionsOf([
    [RESULT_KEYS.unauthorizedNumbers, items(result.unauthorizedNumbers)],
    [RESULT_KEYS.conflictingNumbers, items(result.conflictingNumbers)],
    [RESULT_KEYS.lastOnCallNumbers, items(lastOnCall)],
  ]);
  const title = ruleMessage(
    action === 'state' ? RESULT_KEYS.callNumbersStateNotSaved : RESULT_KEYS.callNumbersNotSaved,
  );
  // RS14 refused: the rule in the user's language instead of the server's German text.
  if (lastOnCall.length > 0)
    return {
      severity: 'error',
      title,
      message: ruleMessage(RESULT_KEYS.lastOnCall),
      detail: null,
      sections,
    };
  return {
    severity: 'error',
    title,
    ...failureMessage(result.status, result.errorMessage, sections.length > 0),
    sections,
  };
}

/**
 * RD6: acknowledging alerts (one, several or all): Unauthorized -> 'Der angemeldete
 * Benutzer besitzt keine Rechte zum Quittieren.'; other failures -> 'Störmeldungen konnten
 * nicht quittiert werden' with 'Beim Quittieren ist ein Fehler aufgetreten'.
 */
export function alertsAckResultDialog(result: {
  status: ResultStatus;
  errorMessage: string | null;
}): ResultDialog | null {
  if (shouldUpdateLocally(result.status)) return null;
  const detail =
    result.errorMessage && result.errorMessage.trim() !== '' ? result.errorMessage : null;
  return {
    severity: 'error',
    title: ruleMessage(RESULT_KEYS.alertsNotAcknowledged),
    message: ruleMessage(
      result.status === 'Unauthorized'
        ? RESULT_KEYS.alertsAckUnauthorized
        : RESULT_KEYS.alertsAckError,
    ),
    detail,
    sections: [],
  };
}

/**
 * RD7: priority-output acknowledge: Success -> 'Prioritätenausgänge erfolgreich quittiert';
 * NotFound -> 'Keine Prioritätenausgänge zum Quittieren vorhanden.'; Failed without text ->
 * 'Server-/Netzwerkfehler'; otherwise the server's text.
 */
export function priorityOutputAckDialog(result: PriorityOutputAckResult): ResultDialog {
  const titleOnly = (severity: ResultDialog['severity'], key: string): ResultDialog => ({
    severity,
    title: ruleMessage(key),
    message: null,
    detail: null,
    sections: [],
  });
  if (result.status === 'Success')
    return titleOnly('success', RESULT_KEYS.priorityOutputsAcknowledged);
  if (result.status === 'NotFound') return titleOnly('info', RESULT_KEYS.noPriorityOutputs);
  const detail =
    result.errorMessage && result.errorMessage.trim() !== '' ? result.errorMessage : null;
  return {
    severity: 'error',
    title: ruleMessage(RESULT_KEYS.priorityOutputsNotAcknowledged),
    message: detail
      ? null
      : ruleMessage(
          result.status === 'Unauthorized'
            ? RESULT_KEYS.insufficientRights
            : RESULT_KEYS.serverOrNetworkError,
        ),
    detail,
    sections: [],
  };
}

/** RD8: the generic status dialog for a failed text-message save, or null on Success. */
export function textMessageSaveDialog(result: TextMessageSaveResult): ResultDialog | null {
  if (shouldUpdateLocally(result.status)) return null;
  return {
    severity: 'error',
    title: ruleMessage(RESULT_KEYS.textNotSaved),
    ...failureMessage(result.status, result.message, false),
    sections: [],
  };
}

/**
 * RD9: loading messages: 'Prozessvariable konnte nicht geladen werden' when nothing came
 * back, else '{type} {nr} konnte nicht geladen werden' per missing PV.
 */
export function pvLoadMessages(missing: readonly PvRef[], nothingLoaded: boolean): RuleMessage[] {
  if (nothingLoaded) return [ruleMessage(RESULT_KEYS.pvLoadFailed)];
  return missing.map((ref) => ruleMessage(RESULT_KEYS.pvMissing, { type: ref.type, nr: ref.nr }));
}

/**
 * RD10: the message after POST /api/Pv/runtimes, or null when every runtime came back: the
 * requested PVs when the call failed, else the missing ones. `nameOf` gives a PV's name.
 */
export function runtimesResponseMessage(
  response: RuntimesResponse,
  requested: readonly PvRef[],
  nameOf: (ref: PvRef) => string,
): RuleMessage | null {
  const failed = shouldUpdateLocally(response.status) ? response.missingPvs : requested;
  return failed.length === 0 ? null : runtimesLoadFailedMessage(failed.map(nameOf));
}

/** RD9: 'Laufzeiten für … konnten nicht geladen werden', with the PV names joined. */
export function runtimesLoadFailedMessage(names: readonly string[]): RuleMessage {
  return ruleMessage(RESULT_KEYS.runtimesLoadFailed, { names: names.join(', ') });
}
