/**
 * JSON text of a PvValue without JSON.stringify: the load plant pushes up to 250,000 values
 * a second through one connection, and a generic stringify per value was a quarter of the
 * server's time. The fixed shape lets every field be written directly.
 *
 * The result equals JSON.stringify(value) for a PvValue whose own properties are those of
 * the contract in the contract's order (pvRef {type, nr}, typeOfValue, boolValue,
 * doubleValue, failureStateValue, counterValue, runtimeValue, timeOfDayValue, quality,
 * timestamp), as the plants build them: absent and undefined fields are left out,
 * non-finite numbers become null, strings are escaped as JSON.stringify escapes them, and
 * the nested counter, runtime and time-of-day objects go through JSON.stringify. A value
 * whose properties come in another order gives the same JSON value with the keys in this
 * order; properties outside the contract are not written.
 */
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES } from '../../src/contract/enums.ts';
import type { PvRef, PvValue } from '../../src/contract/pv.ts';

/** The enum strings of the contract, already quoted (they need no escaping). */
const QUOTED = new Map<string, string>(
  [...PV_TYPES, ...PV_VALUE_TYPES, ...QUALITIES].map((s) => [s, `"${s}"`]),
);

/** `.01` … `.99` for the hundredths of a number, `` for none, trailing zeros left out. */
const HUNDREDTHS = Array.from({ length: 100 }, (_, r) =>
  r === 0 ? '' : `.${String(r).padStart(2, '0')}`.replace(/0$/, ''),
);
const SMI_LIMIT = 2 ** 30;

/**
 * `${v}` for a finite number. Measured values mostly carry two decimals (the load plant
 * rounds to hundredths), and V8's generic double-to-text is the costliest part of a value;
 * for a v that is exactly the double nearest to i/100 the shortest round-trip text (what
 * Number#toString and JSON write) is the decimal i/100 itself, built from integer parts.
 */
function finiteNumber(v: number): string {
  const i = Math.round(v * 100);
  if (i / 100 !== v || i >= SMI_LIMIT || i <= -SMI_LIMIT) return `${v}`;
  if (i === 0) return '0';
  const a = i < 0 ? -i : i;
  const r = a % 100;
  const text = `${(a - r) / 100}${HUNDREDTHS[r]!}`;
  return i < 0 ? `-${text}` : text;
}

function str(s: string): string {
  return QUOTED.get(s) ?? JSON.stringify(s);
}

/** Like JSON.stringify for one property value; undefined when the property is left out. */
function any(v: unknown): string | undefined {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? finiteNumber(v) : 'null';
    case 'string':
      return str(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      // Objects (counter, runtime, time of day), null, and what JSON leaves out (undefined,
      // functions, symbols: JSON.stringify returns undefined for them).
      return JSON.stringify(v) as string | undefined;
  }
}

/** Appends `"name":json` to an object text that starts with `{`; left out when undefined. */
function field(text: string, name: string, v: unknown): string {
  if (v === undefined) return text;
  const json = any(v);
  if (json === undefined) return text;
  return text.length === 1 ? `${text}"${name}":${json}` : `${text},"${name}":${json}`;
}

function pvRefJson(ref: PvRef): string | undefined {
  if (ref !== null && typeof ref === 'object') {
    const { type, nr } = ref;
    if (typeof type === 'string' && typeof nr === 'number') {
      return `{"type":${str(type)},"nr":${Number.isFinite(nr) ? finiteNumber(nr) : 'null'}}`;
    }
  }
  return any(ref);
}

/**
 * Makes V8 flatten a string built from pieces (reading a character does), while the pieces
 * are still in the cache: a frame of 25,000 unflattened values cost the WebSocket twice as
 * much to flatten when it encoded the frame a tick later.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

let lastTimestamp = Number.NaN;
let lastTimestampText = '';

/** The values of one tick share their timestamp: its text is made once. */
function timestampText(t: number): string {
  if (t !== lastTimestamp) {
    lastTimestamp = t;
    lastTimestampText = `${t}`;
  }
  return lastTimestampText;
}

/** JSON.stringify(value) for the PvValue shape (see the file comment for the key order). */
export function pvValueJson(value: PvValue): string {
  const { pvRef, typeOfValue, doubleValue, quality, timestamp } = value;
  // The hot case (analog values): one template; building the text piece by piece costs
  // more in string joining than it saves.
  if (
    typeof doubleValue === 'number' &&
    typeof timestamp === 'number' &&
    typeof pvRef === 'object' &&
    pvRef !== null &&
    typeof pvRef.type === 'string' &&
    typeof pvRef.nr === 'number' &&
    typeof typeOfValue === 'string' &&
    typeof quality === 'string' &&
    value.boolValue === undefined &&
    value.failureStateValue === undefined &&
    value.counterValue === undefined &&
    value.runtimeValue === undefined &&
    value.timeOfDayValue === undefined &&
    Number.isFinite(doubleValue) &&
    Number.isFinite(timestamp) &&
    Number.isFinite(pvRef.nr)
  ) {
    return flat(
      `{"pvRef":{"type":${str(pvRef.type)},"nr":${finiteNumber(pvRef.nr)}},"typeOfValue":${str(typeOfValue)},"doubleValue":${finiteNumber(doubleValue)},"quality":${str(quality)},"timestamp":${timestampText(timestamp)}}`,
    );
  }
  let text = '{';
  if (pvRef !== undefined) {
    const ref = pvRefJson(pvRef);
    if (ref !== undefined) text = `{"pvRef":${ref}`;
  }
  text = field(text, 'typeOfValue', typeOfValue);
  if (value.boolValue !== undefined) text = field(text, 'boolValue', value.boolValue);
  if (doubleValue !== undefined) text = field(text, 'doubleValue', doubleValue);
  if (value.failureStateValue !== undefined)
    text = field(text, 'failureStateValue', value.failureStateValue);
  if (value.counterValue !== undefined) text = field(text, 'counterValue', value.counterValue);
  if (value.runtimeValue !== undefined) text = field(text, 'runtimeValue', value.runtimeValue);
  if (value.timeOfDayValue !== undefined)
    text = field(text, 'timeOfDayValue', value.timeOfDayValue);
  text = field(text, 'quality', quality);
  text = field(text, 'timestamp', timestamp);
  return flat(`${text}}`);
}
