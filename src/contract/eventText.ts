/**
 * Texts the server writes into the event archives (system and control events), as a key and
 * its parameters: the client renders them in the reader's language (`alerts.eventText.<key>`),
 * so a sign-in reads 'Sign-in' in English and 'Anmeldung' in German, whoever caused it. The
 * German `text` beside it stays for rows written before and for clients that do not know a
 * key.
 */
export const EVENT_TEXT_KEYS = [
  'signIn',
  'signOut',
  /** `count` alerts acknowledged at once. */
  'alertsAcknowledged',
  /** Every pending alert acknowledged (`count`). */
  'allAlertsAcknowledged',
  /** `count` alerts deleted. */
  'alertsDeleted',
  /** One alert acknowledged, its `text` (the plant's alert text, as the plant names it). */
  'alertAcknowledged',
  /** A failure input acknowledged, its `name`. */
  'failureInputAcknowledged',
  /** The priority outputs of group `name` acknowledged. */
  'priorityOutputsAcknowledged',
  /** A dial action (`action`: Connect, Disconnect, Status). */
  'dialAction',
  /** PV `name` set to `value` (as shown: with its unit or state text). */
  'valueSet',
  /** Counter `name` reset. */
  'counterReset',
  /** Runtime `runtime` (Hours, Starts, …) of PV `name` set to `value`. */
  'runtimeSet',
  /** Limit `code` (ugw, mugw, mogw, ogw) of PV `name` set: `limit`, `priority`, `delay` s. */
  'limitSet',
  /** Limit `code` of PV `name` no longer set. */
  'limitCleared',
  /** Alert priority of digital input `name` set to `priority`. */
  'prioritySet',
  /** Station `station` lost its mains; its pumps stopped. */
  'mainsFailure',
  /** Station `station` has its mains back; the pumps start. */
  'mainsRestored',
  /** Pump `pump` of station `station` out of service, repair ordered. */
  'pumpOutOfService',
  /** Remote-alarm plan `plan` of station `station` activated. */
  'alarmPlanActivated',
  /** Remote-alarm plan `plan` of station `station` deactivated. */
  'alarmPlanDeactivated',
  /** Remote-alarm plan `plan` acknowledged with its `count` waiting alarms. */
  'alarmPlanAcknowledged',
  /** Call number `name` (`number`) switched on. */
  'callNumberOn',
  /** Call number `name` (`number`) switched off. */
  'callNumberOff',
  /** Call number `before` (`beforeNumber`) changed to `name` (`number`). */
  'callNumberChanged',
  /** Call number `name` (`number`) created. */
  'callNumberCreated',
  /** A simulated remote alarm, its `text`. */
  'remoteAlarmSimulated',
  /** Document `description` added to PV `name`. */
  'documentAdded',
  /** Document `description` of PV `name` deleted. */
  'documentDeleted',
  /** Maintenance due at `station` `name`: the interval's `text`. */
  'maintenanceDue',
  /** Service interval `type` of PV `name` set: `hours` h (`end`). */
  'serviceIntervalSet',
  /** Life record of PV `name` saved: `created` new, `updated` changed, `deleted` deleted. */
  'lifecycleSaved',
] as const;

export type EventTextKey = (typeof EVENT_TEXT_KEYS)[number];

export interface EventMessage {
  key: EventTextKey;
  params: Record<string, string | number>;
}

export function isEventTextKey(key: unknown): key is EventTextKey {
  return typeof key === 'string' && (EVENT_TEXT_KEYS as readonly string[]).includes(key);
}
