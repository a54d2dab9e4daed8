/**
 * Scanning JSON text by character codes, for the PV hub's reader (pvValuesReader.ts): no
 * string, object or call to a string builtin per character. A number is read exactly as
 * `JSON.parse` reads it. Part of the reader's hot path: what its header says must not be
 * added there must not be added here either.
 */

export const QUOTE = 34;
export const COMMA = 44;
export const COLON = 58;
export const MINUS = 45;
export const PLUS = 43;
export const DOT = 46;
export const ZERO = 48;
export const NINE = 57;
export const OPEN_OBJECT = 123;
export const CLOSE_OBJECT = 125;
export const OPEN_ARRAY = 91;
export const CLOSE_ARRAY = 93;
export const BACKSLASH = 92;
export const LOWER_E = 101;
export const UPPER_E = 69;

/** Exact powers of ten: a decimal of up to 15 digits divided by one is correctly rounded. */
export const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
export const MAX_FAST_DIGITS = 15;

export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Character codes of a text, to compare without a string builtin per call. */
export function codes(text: string): readonly number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

export const TRUE = codes('true');
export const FALSE = codes('false');
export const NULL = codes('null');

/** Whether `text` at `start` spells `word`. */
export function spells(text: string, start: number, word: readonly number[]): boolean {
  for (let i = 0; i < word.length; i++) if (text.charCodeAt(start + i) !== word[i]) return false;
  return true;
}

/** The closing quote of a string whose text starts at `start`; -1 at an escape or the end. */
export function stringEnd(text: string, start: number): number {
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH) return -1;
  }
  return -1;
}

/** The number `numberAt` read. */
export let numberRead = 0;

/**
 * A JSON number at `start` into `numberRead`, exactly as `JSON.parse` reads it: decimals of
 * up to 15 digits without exponent as an integer divided by an exact power of ten (one
 * correctly rounded division), others by `Number` of their text. The position after it, or
 * -1 when no JSON number starts there.
 */
export function numberAt(text: string, start: number): number {
  let p = start;
  let c = text.charCodeAt(p);
  const negative = c === MINUS;
  if (negative) c = text.charCodeAt(++p);
  if (c < ZERO || c > NINE) return -1;
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  if (c === ZERO) {
    c = text.charCodeAt(++p);
  } else {
    while (c >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      digits++;
      c = text.charCodeAt(++p);
    }
  }
  if (c === DOT) {
    c = text.charCodeAt(++p);
    if (c < ZERO || c > NINE) return -1;
    while (c >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      digits++;
      scale++;
      c = text.charCodeAt(++p);
    }
  }
  let exponent = false;
  if (c === LOWER_E || c === UPPER_E) {
    exponent = true;
    c = text.charCodeAt(++p);
    if (c === PLUS || c === MINUS) c = text.charCodeAt(++p);
    if (c < ZERO || c > NINE) return -1;
    while (c >= ZERO && c <= NINE) c = text.charCodeAt(++p);
  }
  if (!exponent && digits <= MAX_FAST_DIGITS) {
    const magnitude = scale === 0 ? mantissa : mantissa / POW10[scale]!;
    numberRead = negative ? -magnitude : magnitude;
  } else numberRead = Number(text.slice(start, p));
  return p;
}

/**
 * The end (exclusive) of the JSON value starting at `start` (after any space), found by
 * brackets and strings only: what it spans is then checked by `JSON.parse`. -1 when the text
 * ends first.
 */
export function skipValue(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
      if (i >= text.length) return -1;
      if (depth === 0) return i + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (c === COMMA || isSpace(c))) return i;
  }
  return depth === 0 ? text.length : -1;
}
