/**
 * The members of a flat JSON object payload (`{"v":12.5,"ts":1764281601234,"ok":true}`), read
 * straight from its bytes: the common form of an MQTT JSON device, at up to 100,000 messages a
 * second. `JSON.parse` of such a payload costs a string, an object and a heap number per
 * message; this reads the numbers in place (bench/README.md "The field plant").
 *
 * It takes only what it can read exactly as `JSON.parse` would: an object whose keys are plain
 * ASCII (no escapes) and whose values are numbers or `true`/`false`, with JSON's whitespace.
 * Anything else (strings, null, nested values, escapes, non-ASCII, a syntax error) gives
 * `false`, and the caller parses the payload with `JSON.parse`, which also says what is wrong
 * with bad input. A key given twice has its last value, as with `JSON.parse`.
 */

/** Members read at most; a larger object goes to `JSON.parse`. */
const MAX_MEMBERS = 32;
/** 10^0 … 10^22: exactly representable, so m × 10^e and m / 10^e round correctly. */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Integer mantissas below this are exact (15 digits < 2^53). */
const MAX_EXACT_DIGITS = 15;

/** The last payload's members: where each key stands in the payload, and its value. */
export class FlatJson {
  count = 0;
  private readonly keyStart = new Int32Array(MAX_MEMBERS);
  private readonly keyEnd = new Int32Array(MAX_MEMBERS);
  private readonly values: (number | boolean)[] = new Array<number | boolean>(MAX_MEMBERS).fill(0);
  private buf: Buffer = Buffer.alloc(0);

  /**
   * Reads `buf` from `start` to `end` (a payload within a socket's chunk); false when it is not
   * a flat object this reader takes (use JSON.parse).
   */
  read(buf: Buffer, start = 0, end = buf.length): boolean {
    this.buf = buf;
    this.count = 0;
    let i = skipSpace(buf, start, end);
    if (i >= end || buf[i] !== 0x7b /* { */) return false;
    i = skipSpace(buf, i + 1, end);
    if (i < end && buf[i] === 0x7d /* } */) return skipSpace(buf, i + 1, end) === end;
    for (;;) {
      if (this.count === MAX_MEMBERS || i >= end || buf[i] !== 0x22 /* " */) return false;
      const ks = i + 1;
      let k = ks;
      for (; k < end; k++) {
        const c = buf[k]!;
        if (c === 0x22) break;
        // Escapes, control characters and non-ASCII: JSON.parse decides.
        if (c === 0x5c || c < 0x20 || c > 0x7e) return false;
      }
      if (k >= end) return false;
      i = skipSpace(buf, k + 1, end);
      if (i >= end || buf[i] !== 0x3a /* : */) return false;
      i = skipSpace(buf, i + 1, end);
      const n = this.count;
      const after = this.value(buf, i, end, n);
      if (after < 0) return false;
      this.keyStart[n] = ks;
      this.keyEnd[n] = k;
      this.count = n + 1;
      i = skipSpace(buf, after, end);
      if (i >= end) return false;
      if (buf[i] === 0x2c /* , */) {
        i = skipSpace(buf, i + 1, end);
        continue;
      }
      if (buf[i] !== 0x7d) return false;
      return skipSpace(buf, i + 1, end) === end;
    }
  }

  /** The value of `key` in the last payload read (the last one when given twice). */
  get(key: string): number | boolean | undefined {
    const buf = this.buf;
    outer: for (let m = this.count - 1; m >= 0; m--) {
      const ks = this.keyStart[m]!;
      if (this.keyEnd[m]! - ks !== key.length) continue;
      for (let j = 0; j < key.length; j++) if (buf[ks + j] !== key.charCodeAt(j)) continue outer;
      return this.values[m];
    }
    return undefined;
  }

  /** Reads a number, true or false at `i` into member `n`; the index after it, or -1. */
  private value(buf: Buffer, i: number, end: number, n: number): number {
    const c = buf[i];
    if (c === 0x74 /* t */) {
      if (i + 4 > end || buf[i + 1] !== 0x72 || buf[i + 2] !== 0x75 || buf[i + 3] !== 0x65)
        return -1;
      this.values[n] = true;
      return i + 4;
    }
    if (c === 0x66 /* f */) {
      if (
        i + 5 > end ||
        buf[i + 1] !== 0x61 ||
        buf[i + 2] !== 0x6c ||
        buf[i + 3] !== 0x73 ||
        buf[i + 4] !== 0x65
      )
        return -1;
      this.values[n] = false;
      return i + 5;
    }
    return this.number(buf, i, end, n);
  }

  /** A number by JSON's grammar: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)? */
  private number(buf: Buffer, start: number, end: number, n: number): number {
    let i = start;
    const negative = buf[i] === 0x2d; /* - */
    if (negative) i++;
    if (i >= end) return -1;
    let mantissa = 0;
    let digits = 0;
    let c = buf[i]!;
    if (c === 0x30 /* 0 */) i++;
    else if (c >= 0x31 && c <= 0x39) {
      for (; i < end && (c = buf[i]!) >= 0x30 && c <= 0x39; i++) {
        mantissa = mantissa * 10 + (c - 0x30);
        digits++;
      }
    } else return -1;
    let scale = 0;
    if (i < end && buf[i] === 0x2e /* . */) {
      i++;
      const first = i;
      for (; i < end && (c = buf[i]!) >= 0x30 && c <= 0x39; i++) {
        mantissa = mantissa * 10 + (c - 0x30);
        // Leading zeros of a fraction (0.005) are no significant digits.
        if (mantissa !== 0) digits++;
        scale--;
      }
      if (i === first) return -1;
    }
    let exponent = 0;
    if (i < end && (buf[i] === 0x65 || buf[i] === 0x45) /* e E */) {
      i++;
      const sign = i < end && buf[i] === 0x2d ? -1 : 1;
      if (i < end && (buf[i] === 0x2d || buf[i] === 0x2b)) i++;
      const first = i;
      for (; i < end && (c = buf[i]!) >= 0x30 && c <= 0x39; i++)
        if (exponent < 100_000) exponent = exponent * 10 + (c - 0x30);
      if (i === first) return -1;
      exponent *= sign;
    }
    const e = scale + exponent;
    let v: number;
    if (digits <= MAX_EXACT_DIGITS && e >= -22 && e <= 22)
      v = e < 0 ? mantissa / POW10[-e]! : mantissa * POW10[e]!;
    // Longer mantissas and larger exponents: the runtime's correctly rounded conversion, the one
    // JSON.parse uses.
    else v = Number(buf.toString('latin1', negative ? start + 1 : start, i));
    this.values[n] = negative ? -v : v;
    return i;
  }
}

/** JSON whitespace: space, tab, line feed, carriage return. */
function skipSpace(buf: Buffer, i: number, end: number): number {
  for (; i < end; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
  }
  return i;
}
