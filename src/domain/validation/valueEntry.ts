/**
 * Value entry rules (SPEC §5 "Value entry", §4 "Digital output target value 2"): domain
 * limits, runtime inputs, dates and times of day, and the request list of POST /api/Pv.
 */
import type { PvRuntime, PvSetItem, SetRuntimesRequest } from '../../contract/actions.ts';
import type { PvRef, TimeOfDayValue } from '../../contract/pv.ts';
import { type Parsed, parsed, rejected, type RuleMessage, ruleMessage } from './ruleMessage.ts';

export const VALUE_ENTRY_KEYS = {
  belowMin: 'validation.valueEntry.belowMin',
  aboveMax: 'validation.valueEntry.aboveMax',
  outOfLimits: 'validation.valueEntry.outOfLimits',
  validRange: 'validation.valueEntry.validRange',
  validMin: 'validation.valueEntry.validMin',
  validMax: 'validation.valueEntry.validMax',
  runtimeEmpty: 'validation.valueEntry.runtimeEmpty',
  runtimeNegative: 'validation.valueEntry.runtimeNegative',
  notANumber: 'validation.valueEntry.notANumber',
  invalidDate: 'validation.valueEntry.invalidDate',
  currentUnknown: 'validation.valueEntry.currentUnknown',
} as const;

/** Domain limits of an analogue PV; either bound may be absent. */
export interface ValueBounds {
  min?: number | null;
  max?: number | null;
}

function bound(v: number | null | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** VE1: 'Der Wert {value} liegt unter/über dem Minimal-/Maximalwert von {0}'. */
export function checkAnalogueValue(
  value: number,
  domain: ValueBounds | null | undefined,
): RuleMessage | null {
  const min = bound(domain?.min);
  const max = bound(domain?.max);
  if (min !== null && value < min) return ruleMessage(VALUE_ENTRY_KEYS.belowMin, { value, min });
  if (max !== null && value > max) return ruleMessage(VALUE_ENTRY_KEYS.aboveMax, { value, max });
  return null;
}

/** VE2: the valid range shown with 'Werte sind außerhalb der Grenzwerte'. */
export function validRangeMessage(domain: ValueBounds | null | undefined): RuleMessage | null {
  const min = bound(domain?.min);
  const max = bound(domain?.max);
  if (min !== null && max !== null) return ruleMessage(VALUE_ENTRY_KEYS.validRange, { min, max });
  if (min !== null) return ruleMessage(VALUE_ENTRY_KEYS.validMin, { min });
  if (max !== null) return ruleMessage(VALUE_ENTRY_KEYS.validMax, { max });
  return null;
}

/** Parses a number typed by the user; accepts a decimal comma. */
export function parseNumberInput(text: string, decimal: ',' | '.' | 'any' = 'any'): number | null {
  // Issue 12: only plain decimal numbers in the locale's format; no exponent ("1e3"), no
  // group separators, no other locale's decimal mark.
  const raw = text.trim();
  if (decimal === ',' && raw.includes('.')) return null;
  if (decimal === '.' && raw.includes(',')) return null;
  const t = raw.replace(',', '.');
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The decimal mark of a locale: ',' in de, cs and ru, '.' in en. */
export function decimalMarkOf(locale: string): ',' | '.' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** VE3: runtime values must be non-empty and not negative. */
export function parseRuntimeInput(text: string | null | undefined): Parsed<number> {
  if (text === null || text === undefined || text.trim() === '') {
    return rejected(ruleMessage(VALUE_ENTRY_KEYS.runtimeEmpty));
  }
  const n = parseNumberInput(text);
  if (n === null) return rejected(ruleMessage(VALUE_ENTRY_KEYS.notANumber));
  if (n < 0) return rejected(ruleMessage(VALUE_ENTRY_KEYS.runtimeNegative));
  return parsed(n);
}

/** VE4: time of day on the wire is hour*256 + minutes. */
export function encodeTimeOfDay(t: TimeOfDayValue): number {
  return t.hour * 256 + t.minutes;
}

export function decodeTimeOfDay(encoded: number): TimeOfDayValue {
  return { hour: Math.floor(encoded / 256), minutes: encoded % 256 };
}

export function isValidTimeOfDay(t: TimeOfDayValue): boolean {
  return (
    Number.isInteger(t.hour) &&
    Number.isInteger(t.minutes) &&
    t.hour >= 0 &&
    t.hour <= 23 &&
    t.minutes >= 0 &&
    t.minutes <= 59
  );
}

/** VE5: 'HH:mm' (or 'H:mm') to a time of day, else 'Ungültiges Datum'. */
export function parseTimeOfDayInput(text: string): Parsed<TimeOfDayValue> {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  const t = m ? { hour: Number(m[1]), minutes: Number(m[2]) } : null;
  if (!t || !isValidTimeOfDay(t)) return rejected(ruleMessage(VALUE_ENTRY_KEYS.invalidDate));
  return parsed(t);
}

/**
 * VE5: a calendar date 'yyyy-MM-dd' (the date input's value) or 'dd.MM.yyyy'; rejects
 * dates that do not exist (31.02.). Returns the local midnight as epoch ms.
 */
export function parseDateInput(text: string): Parsed<number> {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const parts = iso
    ? { y: Number(iso[1]), m: Number(iso[2]), d: Number(iso[3]) }
    : de
      ? { y: Number(de[3]), m: Number(de[2]), d: Number(de[1]) }
      : null;
  if (!parts) return rejected(ruleMessage(VALUE_ENTRY_KEYS.invalidDate));
  const date = new Date(parts.y, parts.m - 1, parts.d);
  if (
    date.getFullYear() !== parts.y ||
    date.getMonth() !== parts.m - 1 ||
    date.getDate() !== parts.d
  ) {
    return rejected(ruleMessage(VALUE_ENTRY_KEYS.invalidDate));
  }
  return parsed(date.getTime());
}

/** VE5: a Date object or epoch ms is valid when it is a real point in time. */
export function isValidDate(value: Date | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const t = value instanceof Date ? value.getTime() : value;
  return Number.isFinite(t);
}

/** VE6: runtime values are loaded only for DigiIn and AnaIn. */
export function hasRuntimes(ref: PvRef): boolean {
  return ref.type === 'DigiIn' || ref.type === 'AnaIn';
}

/** VE7: only AnaOut and DigiOut are set. */
export function isSettable(ref: PvRef): boolean {
  return ref.type === 'AnaOut' || ref.type === 'DigiOut';
}

function isTimeOfDay(v: unknown): v is TimeOfDayValue {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Record<string, unknown>).hour === 'number' &&
    typeof (v as Record<string, unknown>).minutes === 'number'
  );
}

/** The items of POST /api/Pv that carry an AnaOut value. */
export type AnaOutSetItem = Extract<PvSetItem, { typeOfValue: 'DoubleValue' | 'TimeOfDayValue' }>;

/** SPEC §4: a digital output target of 2 inverts the current value. */
export const DIGITAL_INVERT = 2;

/** What the user entered for one PV in the set-values dialog. */
export interface SetValueInput {
  pvRef: PvRef;
  /**
   * AnaOut: a number or a time of day; null/undefined/'' when nothing was entered.
   * DigiOut: a boolean, 0/1, or 2 (invert); anything else means nothing is sent.
   */
  target: unknown;
  /** AnaOut: the domain limits from the PV config. */
  domain?: ValueBounds | null;
  /** DigiOut: the current value, needed to invert. */
  current?: boolean | null;
}

/**
 * VE8: the AnaOut item for a value; a number or a time of day, anything else throws
 * 'Unknown data type' (a programming error: the dialog offers no other input).
 */
export function anaOutItem(pvRef: PvRef, value: unknown): AnaOutSetItem {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return { pvRef, typeOfValue: 'DoubleValue', doubleValue: value };
  }
  if (isTimeOfDay(value)) {
    return { pvRef, typeOfValue: 'TimeOfDayValue', timeOfDayValue: encodeTimeOfDay(value) };
  }
  throw new Error('Unknown data type');
}

/** VE9: the boolean to send for a DigiOut, or null when none is given. */
export function digiOutTarget(
  target: unknown,
  current: boolean | null | undefined,
): boolean | null {
  if (typeof target === 'boolean') return target;
  if (target === DIGITAL_INVERT) return typeof current === 'boolean' ? !current : null;
  if (target === 0 || target === 1) return target === 1;
  return null;
}

export interface RangeViolation {
  pvRef: PvRef;
  value: number;
  /** 'Der Wert … liegt unter/über …'. */
  message: RuleMessage;
  /** The valid range (or minimum, or maximum). */
  range: RuleMessage | null;
}

export type PvSetBuild =
  | { ok: true; items: PvSetItem[] }
  | {
      ok: false;
      /** 'Werte sind außerhalb der Grenzwerte'. */
      message: RuleMessage;
      violations: RangeViolation[];
      /** DigiOut PVs to invert whose current value is not known. */
      unknownCurrent: PvRef[];
    };

function isNothingEntered(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * VE10: the body of POST /api/Pv from the user's input. Only AnaOut and DigiOut are sent, a
 * DigiOut only with a boolean (or invert), every AnaOut number is checked against its
 * domain; on any violation nothing is sent.
 */
export function buildPvSetRequest(inputs: readonly SetValueInput[]): PvSetBuild {
  const items: PvSetItem[] = [];
  const violations: RangeViolation[] = [];
  const unknownCurrent: PvRef[] = [];
  for (const input of inputs) {
    const { pvRef, target } = input;
    if (pvRef.type === 'DigiOut') {
      const value = digiOutTarget(target, input.current);
      if (value !== null) items.push({ pvRef, typeOfValue: 'BoolValue', boolValue: value });
      else if (target === DIGITAL_INVERT) unknownCurrent.push(pvRef);
      continue;
    }
    if (pvRef.type !== 'AnaOut' || isNothingEntered(target)) continue;
    const item = anaOutItem(pvRef, target);
    if (item.typeOfValue === 'DoubleValue') {
      const message = checkAnalogueValue(item.doubleValue, input.domain);
      if (message) {
        violations.push({
          pvRef,
          value: item.doubleValue,
          message,
          range: validRangeMessage(input.domain),
        });
        continue;
      }
    } else if (!isValidTimeOfDay(target as TimeOfDayValue)) {
      violations.push({
        pvRef,
        value: item.timeOfDayValue,
        message: ruleMessage(VALUE_ENTRY_KEYS.invalidDate),
        range: null,
      });
      continue;
    }
    items.push(item);
  }
  if (violations.length > 0 || unknownCurrent.length > 0) {
    const message =
      violations.length > 0
        ? ruleMessage(VALUE_ENTRY_KEYS.outOfLimits)
        : ruleMessage(VALUE_ENTRY_KEYS.currentUnknown);
    return { ok: false, message, violations, unknownCurrent };
  }
  return { ok: true, items };
}

export type SetRuntimesBuild =
  { ok: true; request: SetRuntimesRequest } | { ok: false; messages: RuleMessage[] };

/**
 * VE13: the body of POST /api/Pv/set-runtimes from the loaded runtimes and the texts the
 * user typed for their values (same positions; undefined = not touched). Every touched
 * value must be non-empty and not negative (field = its index); only changed values are sent.
 */
export function buildSetRuntimesRequest(
  loaded: readonly PvRuntime[],
  edited: readonly (string | undefined)[],
): SetRuntimesBuild {
  const request: SetRuntimesRequest = { oldValues: [], newValues: [] };
  const messages: RuleMessage[] = [];
  loaded.forEach((old, i) => {
    const text = edited[i];
    if (text === undefined) return;
    const value = parseRuntimeInput(text);
    if (!value.ok) {
      messages.push({ ...value.message, field: String(i) });
      return;
    }
    if (value.value === old.runtimeValue.value) return;
    request.oldValues.push(old);
    request.newValues.push({ ...old, runtimeValue: { ...old.runtimeValue, value: value.value } });
  });
  return messages.length > 0 ? { ok: false, messages } : { ok: true, request };
}
