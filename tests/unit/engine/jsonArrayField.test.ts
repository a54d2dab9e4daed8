/**
 * workers/jsonArrayField.ts: a large JSON answer read in slices gives what JSON.parse of the
 * whole text gives, however the text is cut, and gives the thread back between slices.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ArrayFieldSplitter,
  readArrayField,
  type SliceScheduler,
} from '../../../workers/jsonArrayField.ts';
import { testSize } from '../../support/testSize.ts';

/** Strings that trouble a scanner: quotes, backslashes, brackets, commas, non-ASCII. */
const trickyText = fc.string({
  unit: fc.constantFrom('a', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', 'ü', '€', '\n', '😀'),
  maxLength: 12,
});
const element = fc.oneof(
  fc.record({ id: fc.integer(), text: trickyText, nested: fc.array(trickyText, { maxLength: 3 }) }),
  trickyText,
  fc.integer(),
  fc.constant(null),
  fc.array(fc.record({ k: trickyText }), { maxLength: 2 }),
);
const others = fc.dictionary(
  trickyText.filter((k) => k !== 'alerts'),
  fc.oneof(trickyText, fc.integer(), fc.array(trickyText, { maxLength: 2 })),
  { maxKeys: 3 },
);

/** The JSON text of `{...others, alerts, ...}` with the array field at a chosen place. */
function body(alerts: unknown[], before: Record<string, unknown>, after: Record<string, unknown>) {
  return JSON.stringify({ ...before, alerts, ...after }, null, 0);
}

/** Cuts `text` at the given positions (sorted, deduplicated). */
function cut(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((a) => a % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const p of points) {
    pieces.push(text.slice(from, p));
    from = p;
  }
  pieces.push(text.slice(from));
  return pieces;
}

describe('ArrayFieldSplitter', () => {
  it('JA1: the elements and the rest equal JSON.parse of the whole, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 30 }),
        others,
        others,
        fc.array(fc.nat(), { maxLength: 40 }),
        (alerts, before, after, at) => {
          const text = body(alerts, before, after);
          const splitter = new ArrayFieldSplitter('alerts');
          const got: unknown[] = [];
          for (const piece of cut(text, at)) got.push(...splitter.push(piece));
          const whole = JSON.parse(text) as Record<string, unknown>;
          expect(got).toEqual(whole.alerts);
          expect(splitter.end()).toEqual({ ...whole, alerts: [] });
        },
      ),
      { numRuns: testSize(500, 2000) },
    );
  });

  it('JA2: pretty-printed text, an absent field and a cut-off text', () => {
    const pretty = JSON.stringify({ remainingCount: 2, alerts: [{ a: 1 }, { a: 2 }] }, null, 2);
    const s = new ArrayFieldSplitter('alerts');
    expect(pretty.split('').flatMap((c) => s.push(c))).toEqual([{ a: 1 }, { a: 2 }]);
    expect(s.end()).toEqual({ remainingCount: 2, alerts: [] });

    const absent = new ArrayFieldSplitter('alerts');
    expect(absent.push('{"error":"x","n":[1]}')).toEqual([]);
    expect(absent.end()).toEqual({ error: 'x', n: [1] });

    const cutOff = new ArrayFieldSplitter('alerts');
    cutOff.push('{"alerts":[{"a":1},{"a"');
    expect(() => cutOff.end()).toThrow(/inside "alerts"/);
  });
});

describe('readArrayField', () => {
  /** A stream of `text` in UTF-8 chunks of `size` bytes (cutting characters apart). */
  function stream(text: string, size: number): ReadableStream<Uint8Array> {
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) controller.close();
        else controller.enqueue(bytes.slice(at, (at += size)));
      },
    });
  }

  it('JA3: reads a streamed body whole, and pauses between slices of work', async () => {
    const alerts = Array.from({ length: 5000 }, (_, id) => ({ id, text: `Pumpe ${id} «Störung»` }));
    const text = body(alerts, {}, { remainingCount: 7 });
    let clock = 0;
    let pauses = 0;
    const scheduler: SliceScheduler = {
      // Each reading of the clock is a millisecond of work.
      now: () => clock++,
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
    };
    const isEven = (e: unknown): e is { id: number } =>
      typeof e === 'object' && e !== null && (e as { id: number }).id % 2 === 0;
    const { elements, rest } = await readArrayField(
      stream(text, 4099),
      'alerts',
      isEven,
      scheduler,
    );
    expect(elements).toEqual(alerts.filter((a) => a.id % 2 === 0));
    expect(rest).toEqual({ alerts: [], remainingCount: 7 });
    expect(pauses).toBeGreaterThan(3);
  });
});
