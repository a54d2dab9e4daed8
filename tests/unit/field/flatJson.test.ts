/**
 * The MQTT JSON connector's reader of flat payloads (server/field/mqtt/flatJson.ts) against
 * JSON.parse: what it takes it reads exactly as JSON.parse does (every number to the bit, the
 * last of a key given twice), and everything else it leaves to JSON.parse.
 */
import { describe, expect, it } from 'vitest';
import { FlatJson } from '../../../server/field/mqtt/flatJson.ts';

/** JSON.parse's view of a flat payload, or null when it is not a flat object of scalars. */
function parsed(text: string): Record<string, number | boolean> | null | 'throws' {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'throws';
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  for (const v of Object.values(doc as object))
    if (typeof v !== 'number' && typeof v !== 'boolean') return null;
  return doc as Record<string, number | boolean>;
}

/** Reads `text` and checks it against JSON.parse; true when the reader took it. */
function agrees(text: string): boolean {
  const reader = new FlatJson();
  const took = reader.read(Buffer.from(text, 'utf8'));
  const expected = parsed(text);
  if (!took) return false;
  // What the reader takes JSON.parse takes as a flat object, with the same members.
  expect(expected, text).not.toBe('throws');
  expect(expected, text).not.toBeNull();
  const doc = expected as Record<string, number | boolean>;
  for (const [key, value] of Object.entries(doc))
    expect(reader.get(key), `${text} ${key}`).toBe(value);
  expect(reader.get('not-there')).toBeUndefined();
  return true;
}

describe('flat JSON payloads', () => {
  it('FJ1 reads numbers and booleans of a flat object exactly as JSON.parse', () => {
    const taken = [
      '{"v":12,"ts":1764281601234}',
      '{"v":-0}',
      '{"v":-0.0,"w":0}',
      '{"v":0.1,"w":0.2,"x":0.30000000000000004}',
      '{"v":1.7976931348623157e308,"w":5e-324,"x":1e400,"y":-1e-400}',
      '{"v":123456789012345678901234567890}',
      '{"v":0.000000000000000000000000001234}',
      '{"v":9007199254740993,"w":9007199254740992.5}',
      '{"v":1E5,"w":1e+5,"x":1e-5,"y":2.5E-3}',
      '{"v":3.141592653589793,"w":2.718281828459045,"x":1234.5678}',
      ' \t\r\n{ "v" : 1 , "ok" : true , "bad" : false } \n',
      '{}',
      '{"v":1,"v":2}',
      '{"":7,"a/b":8,"~":9,"__proto__":10}',
    ];
    for (const text of taken) expect(agrees(text), text).toBe(true);
  });

  it('FJ2 leaves everything else to JSON.parse: other values, escapes, non-ASCII keys and every syntax error', () => {
    const left = [
      '{"v":"12"}',
      '{"v":null}',
      '{"v":{"x":1}}',
      '{"v":[1]}',
      '{"v\\u0041":1}',
      '{"vä":1}',
      '[1,2]',
      '12',
      '"v"',
      '',
      '{',
      '{"v":1',
      '{"v":1,}',
      '{"v" 1}',
      '{"v":01}',
      '{"v":1.}',
      '{"v":.5}',
      '{"v":+1}',
      '{"v":1e}',
      '{"v":-}',
      '{"v":NaN}',
      '{"v":Infinity}',
      '{"v":tru}',
      '{"v":truex}',
      '{"v":1} x',
      '{v:1}',
      "{'v':1}",
      '\uFEFF{"v":1}',
      '{"v":1}\u0000',
      `{${Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    ];
    for (const text of left) expect(agrees(text), text).toBe(false);
  });

  it('FJ3 agrees with JSON.parse on random numbers, spacing and damage', () => {
    let seed = 56;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const digits = (n: number) =>
      Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');
    const numberText = () =>
      `${pick(['', '-'])}${pick(['0', `${1 + Math.floor(random() * 9)}${digits(Math.floor(random() * 18))}`])}` +
      `${pick(['', `.${digits(1 + Math.floor(random() * 20))}`])}` +
      `${pick(['', `${pick(['e', 'E'])}${pick(['', '+', '-'])}${digits(1 + Math.floor(random() * 3))}`])}`;
    const space = () => pick(['', '', ' ', '\n', '\t ']);
    let taken = 0;
    for (let i = 0; i < 5000; i++) {
      const members = Array.from(
        { length: Math.floor(random() * 4) },
        (_, m) =>
          `${space()}"${pick(['v', 'ts', 'q', `k${m}`])}"${space()}:${space()}${pick([numberText(), numberText(), 'true', 'false'])}${space()}`,
      );
      let text = `${space()}{${members.join(',')}}${space()}`;
      if (random() < 0.3) {
        // Damage: a byte dropped, doubled or replaced.
        const at = Math.floor(random() * text.length);
        const how = Math.floor(random() * 3);
        const byte = pick(['"', ',', ':', '}', '{', '.', 'e', '-', '0', 'x', ' ']);
        text =
          how === 0
            ? text.slice(0, at) + text.slice(at + 1)
            : how === 1
              ? text.slice(0, at) + text[at] + text.slice(at)
              : text.slice(0, at) + byte + text.slice(at + 1);
      }
      if (agrees(text)) taken++;
    }
    // Most of them are flat objects the reader takes.
    expect(taken).toBeGreaterThan(3000);
  });
});
