/**
 * `newValues` read from the hub message's text into columns (workers/pvHubProtocol.ts,
 * pvValueBatch.ts) and applied by slot (pvIngest.ts): the store ends as it ends from the
 * same message through JSON.parse and the value objects, bad rows are skipped as before, and
 * everything else is the official JSON hub protocol's.
 */
import { JsonHubProtocol, NullLogger, type HubMessage } from '@microsoft/signalr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES } from '../../../src/contract/enums.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvRef, PvValue } from '../../../src/contract/pv.ts';
import { PvIngest } from '../../../workers/pvIngest.ts';
import { PvHubProtocol } from '../../../workers/pvHubProtocol.ts';
import { KEPT_ROWS, PvValueBatch } from '../../../workers/pvValueBatch.ts';
import { PvValueStore } from '../../../workers/PvValueStore.ts';
import { counterValue } from '../../support/engine/pvValueFixtures.ts';
import { pvValueJson } from '../../../server/hubs/pvValueJson.ts';

const RS = '\x1e';
const logger = NullLogger.instance;

/** A `newValues` invocation as the server writes it (server/hubs/protocol.ts). */
function newValuesText(valuesJson: string): string {
  return `{"type":1,"target":"newValues","arguments":[${valuesJson}]}${RS}`;
}

/** The only argument of the one message `text` parses to. */
function argumentOf(
  protocol: { parseMessages(t: string, l: typeof logger): HubMessage[] },
  text: string,
): unknown {
  const messages = protocol.parseMessages(text, logger);
  expect(messages).toHaveLength(1);
  const message = messages[0] as { type: number; target: string; arguments: unknown[] };
  expect(message.type).toBe(1);
  expect(message.target).toBe('newValues');
  expect(message.arguments).toHaveLength(1);
  return message.arguments[0];
}

/** A store that leases `refs`, an ingest on it, and what the ingest marked applied. */
function ingestOf(refs: readonly PvRef[]) {
  const values = new PvValueStore();
  for (const ref of refs) values.reserve(pvKey(ref));
  const applied: number[] = [];
  const ingest = new PvIngest({ values, applied: (slot) => applied.push(slot) });
  const state = () =>
    refs.map((ref) => {
      const value = values.get(pvKey(ref));
      // -0 and 0 are different values: compare them as such.
      return value && { ...value, sign: Object.is(value.doubleValue, -0) };
    });
  return { values, ingest, applied, state };
}

/** Both ways of reading `text` into a store: as the official protocol, and in columns. */
function bothWays(refs: readonly PvRef[], text: string) {
  const objects = ingestOf(refs);
  objects.ingest.batch(argumentOf(new JsonHubProtocol(), text));
  const columns = ingestOf(refs);
  const batch = argumentOf(new PvHubProtocol(), text);
  expect(batch).toBeInstanceOf(PvValueBatch);
  columns.ingest.batch(batch);
  return { objects, columns, batch: batch as PvValueBatch };
}

const ref = fc.record({ type: fc.constantFrom(...PV_TYPES), nr: fc.integer({ min: 0, max: 40 }) });
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -100_000, max: 100_000 }).map((i) => i / 100),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1e-7, 123456789012345.6, 0.1 + 0.2, Number.MAX_SAFE_INTEGER),
);
const plainValue: fc.Arbitrary<PvValue> = fc.oneof(
  fc.record({
    pvRef: ref,
    typeOfValue: fc.constant('DoubleValue' as const),
    doubleValue: number,
    quality: fc.constantFrom(...QUALITIES),
    timestamp: fc.oneof(fc.integer({ min: 0, max: 2 ** 45 }), number),
  }),
  fc.record(
    {
      pvRef: ref,
      typeOfValue: fc.constantFrom('BoolValue' as const, 'FailureStateValue' as const),
      boolValue: fc.boolean(),
      failureStateValue: fc.boolean(),
      quality: fc.constantFrom(...QUALITIES),
      timestamp: fc.integer({ min: 0, max: 2 ** 45 }),
    },
    { requiredKeys: ['pvRef', 'typeOfValue', 'quality', 'timestamp'] },
  ),
);
/** Rows that are not plain values, or not values at all: the engine checks them as objects. */
const otherRow: fc.Arbitrary<unknown> = fc.oneof(
  ref.map((r) => ({ ...counterValue, pvRef: r })),
  plainValue.map((v) => ({ ...v, quality: 'Perfect' })),
  plainValue.map((v) => ({ ...v, pvRef: { type: v.pvRef.type, nr: String(v.pvRef.nr) } })),
  plainValue.map(({ timestamp: _, ...rest }) => rest),
  plainValue.map((v) => ({ ...v, doubleValue: null })),
  plainValue.map((v) => ({ ...v, extra: [1, '"]}'] })),
  plainValue.map((v) => ({ ...v, typeOfValue: PV_VALUE_TYPES[5] })),
  fc.constantFrom(null, 42, 'text', [], {}, { pvRef: null }),
);

describe('PV values read into columns', () => {
  it('IN1: the store ends as JSON.parse and the value objects leave it, whatever the rows and their spacing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof({ weight: 4, arbitrary: plainValue }, { weight: 1, arbitrary: otherRow }),
          {
            maxLength: 40,
          },
        ),
        fc.constantFrom(undefined, 1, '\t', ' \r\n'),
        (rows, space) => {
          const refs = PV_TYPES.flatMap((type) =>
            Array.from({ length: 41 }, (_, nr) => ({ type, nr })),
          );
          const { objects, columns } = bothWays(
            refs,
            newValuesText(JSON.stringify(rows, null, space)),
          );
          expect(columns.state()).toEqual(objects.state());
          expect(columns.applied).toEqual(objects.applied);
          expect(columns.ingest.stats()).toEqual(objects.ingest.stats());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('IN1: values as the server writes them are all column rows, and read as JSON.parse reads them', () => {
    fc.assert(
      fc.property(fc.array(plainValue, { minLength: 1, maxLength: 30 }), (rows) => {
        const text = newValuesText(`[${rows.map(pvValueJson).join(',')}]`);
        const refs = rows.map((row) => row.pvRef);
        const { objects, columns, batch } = bothWays(refs, text);
        expect(batch.objects).toEqual([]);
        expect(columns.state()).toEqual(objects.state());
        expect(columns.ingest.stats()).toEqual(objects.ingest.stats());
      }),
      { numRuns: 300 },
    );
  });

  it('IN1: numbers come out exactly as JSON.parse reads them', () => {
    fc.assert(
      fc.property(fc.array(number, { minLength: 1, maxLength: 20 }), (numbers) => {
        const rows = numbers.map((n, nr) => ({
          pvRef: { type: 'AnaIn', nr },
          typeOfValue: 'DoubleValue',
          doubleValue: n,
          quality: 'Good',
          timestamp: n,
        }));
        const batch = argumentOf(new PvHubProtocol(), newValuesText(JSON.stringify(rows)));
        expect(batch).toBeInstanceOf(PvValueBatch);
        const { nums, length, objects } = batch as PvValueBatch;
        expect(length).toBe(numbers.length);
        expect(objects).toEqual([]);
        const parsed = JSON.parse(JSON.stringify(numbers)) as number[];
        for (let row = 0; row < length; row++) {
          expect(Object.is(nums[3 * row + 1], parsed[row])).toBe(true);
          expect(Object.is(nums[3 * row + 2], parsed[row])).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('IN1: plain values become column rows (no object per value); others keep their object, in order', () => {
    const refs = [
      { type: 'AnaIn' as const, nr: 1 },
      { type: 'ZaehlWert' as const, nr: 9 },
      { type: 'DigiIn' as const, nr: 7 },
    ];
    const rows = [
      {
        pvRef: refs[0],
        typeOfValue: 'DoubleValue',
        doubleValue: 1.25,
        quality: 'Good',
        timestamp: 3,
      },
      counterValue,
      { pvRef: refs[2], typeOfValue: 'BoolValue', boolValue: true, quality: 'Bad', timestamp: 4 },
      // The same PV again: the later value wins, as it does through the objects.
      {
        pvRef: refs[0],
        typeOfValue: 'DoubleValue',
        doubleValue: 2.5,
        quality: 'Good',
        timestamp: 5,
      },
    ];
    const { objects, columns, batch } = bothWays(refs, newValuesText(JSON.stringify(rows)));
    expect(columns.state()).toEqual(objects.state());
    expect(columns.values.get('ai1')?.doubleValue).toBe(2.5);
    expect(columns.values.get('count9')).toEqual(counterValue);
    // Read, the batch is the reader's again (its buffers are filled by the next message).
    expect(batch.inUse).toBe(false);
    expect(batch.objects).toEqual([]);
  });

  it('IN2: a bad row is skipped and counted as received; the rows around it are applied', () => {
    const good = (nr: number) => ({
      pvRef: { type: 'AnaIn', nr },
      typeOfValue: 'DoubleValue',
      doubleValue: nr / 10,
      quality: 'Good',
      timestamp: 1,
    });
    const bad = [
      { ...good(2), quality: 'Perfect' },
      { ...good(3), timestamp: 'now' },
      { ...good(4), pvRef: { type: 'Pump', nr: 4 } },
      { pvRef: { type: 'AnaIn', nr: 5 } },
      null,
      'ai6',
    ];
    const refs = Array.from({ length: 8 }, (_, nr) => ({ type: 'AnaIn' as const, nr }));
    const { columns } = bothWays(refs, newValuesText(JSON.stringify([good(1), ...bad, good(7)])));
    expect(columns.ingest.stats()).toEqual({
      pvValuesReceived: 8,
      pvValuesApplied: 2,
      pvMessages: 1,
    });
    expect(columns.state().map((v) => v?.doubleValue)).toEqual([
      undefined,
      0.1,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      0.7,
    ]);
  });

  it('IN2: text that is not JSON fails as the official protocol fails it', () => {
    const value = JSON.stringify({
      pvRef: { type: 'AnaIn', nr: 1 },
      typeOfValue: 'DoubleValue',
      doubleValue: 1,
      quality: 'Good',
      timestamp: 1,
    });
    for (const valuesJson of [
      `[${value},]`,
      `[${value.replace('"doubleValue":1', '"doubleValue":01')}]`,
      `[${value.replace('"doubleValue":1', '"doubleValue":1.')}]`,
      `[${value.slice(0, -1)}]`,
      `[${value} ${value}]`,
      `[${value}`,
      `[{"pvRef":{"type":"AnaIn","nr":1},"quality":"Go`,
    ]) {
      const text = newValuesText(valuesJson);
      let official: unknown;
      try {
        new JsonHubProtocol().parseMessages(text, logger);
      } catch (error) {
        official = error;
      }
      expect(official, valuesJson).toBeInstanceOf(Error);
      expect(() => new PvHubProtocol().parseMessages(text, logger), valuesJson).toThrow(
        (official as Error).message,
      );
    }
  });

  it('IN3: every other message, and several in one piece of text, parse as the official protocol parses them', () => {
    const value = {
      pvRef: { type: 'AnaIn', nr: 1 },
      typeOfValue: 'DoubleValue',
      doubleValue: 1,
      quality: 'Good',
      timestamp: 1,
    };
    const records = [
      `{"type":1,"target":"newConfig","arguments":[{"pvRef":{"type":"AnaIn","nr":1},"name":"x"}]}`,
      `{"type":3,"invocationId":"1","result":null}`,
      `{"type":6}`,
      `{"type":1,"target":"newValues","arguments":[[${JSON.stringify(value)}]],"invocationId":"2"}`,
      `{"type":1,"target":"newValues","arguments":[[],1]}`,
      `{"type":1,"target":"newValue","arguments":[${JSON.stringify(value)}]}`,
    ];
    for (const record of records)
      expect(new PvHubProtocol().parseMessages(record + RS, logger)).toEqual(
        new JsonHubProtocol().parseMessages(record + RS, logger),
      );
    // A newValues among others: the others as the official protocol has them, in order.
    const text =
      records.slice(0, 3).join(RS) + RS + newValuesText(JSON.stringify([value])) + records[5] + RS;
    const messages = new PvHubProtocol().parseMessages(text, logger);
    const official = new JsonHubProtocol().parseMessages(text, logger);
    expect(messages).toHaveLength(official.length);
    expect(messages.filter((_, i) => i !== 3)).toEqual(official.filter((_, i) => i !== 3));
    expect((messages[3] as { arguments: unknown[] }).arguments[0]).toBeInstanceOf(PvValueBatch);
    expect(new PvHubProtocol().parseMessages(newValuesText('[]'), logger)).toHaveLength(1);
  });

  it('IN3: a batch the engine has not read yet is not filled again by the next message', () => {
    const protocol = new PvHubProtocol();
    const text = newValuesText(JSON.stringify([{ ...counterValue }]));
    const first = argumentOf(protocol, text) as PvValueBatch;
    const second = argumentOf(protocol, text) as PvValueBatch;
    expect(second).not.toBe(first);
    expect(first.objects).toHaveLength(1);
    first.release();
    second.release();
    expect(argumentOf(protocol, text)).toBe(second);
  });

  it('IN1: a batch gives back the room of a large message once read, so no leased PV pays for it later', () => {
    const batch = new PvValueBatch();
    batch.reset();
    for (let i = 0; i < 3 * KEPT_ROWS; i++) batch.pushPlain(0, 0, 0, i, i, 1);
    expect(batch.nums.length).toBeGreaterThanOrEqual(9 * KEPT_ROWS);
    batch.release();
    expect(batch.codes.length).toBeLessThanOrEqual(3 * KEPT_ROWS);
    expect(batch.nums.length).toBeLessThanOrEqual(3 * KEPT_ROWS);
    batch.reset();
    batch.pushPlain(0, 0, 0, 7, 70, 1);
    expect([batch.length, batch.nums[0], batch.nums[1]]).toEqual([1, 7, 70]);
  });
});
