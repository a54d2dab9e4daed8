/** The value store's round trip and the SignalR retry adapter — rules VS1, CH7, SE1 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { PvValueStore } from '../../../workers/PvValueStore.ts';
import { foreverRetryPolicy } from '../../../workers/retryPolicy.ts';
import { toSignalrRetryPolicy } from '../../../workers/signalrTransport.ts';

const base = { quality: 'Uncertain', timestamp: 1_700_000_000_123 } as const;
const values: PvValue[] = [
  {
    ...base,
    pvRef: { type: 'AnaIn', nr: 100_001 },
    typeOfValue: 'DoubleValue',
    doubleValue: -3.25,
  },
  { ...base, pvRef: { type: 'DigiIn', nr: 100_002 }, typeOfValue: 'BoolValue', boolValue: true },
  {
    ...base,
    pvRef: { type: 'DigiIn', nr: 100_003 },
    typeOfValue: 'FailureStateValue',
    failureStateValue: false,
  },
  {
    ...base,
    pvRef: { type: 'ZaehlWert', nr: 7 },
    typeOfValue: 'CounterValue',
    counterValue: { value: 12, resetable: true, day: 1, month: 2, year: 3 },
  },
  {
    ...base,
    pvRef: { type: 'RechenWert', nr: 8 },
    typeOfValue: 'RuntimeValue',
    runtimeValue: {
      lower: 1,
      lowerMid: 2,
      upperMid: 3,
      upper: 4,
      value: 5,
      runtimeType: 'Betriebszeit',
    },
  },
  {
    ...base,
    pvRef: { type: 'LaborWert', nr: 9 },
    typeOfValue: 'TimeOfDayValue',
    timeOfDayValue: { hour: 6, minutes: 30 },
  },
];

describe('PvValueStore', () => {
  it('VS1: every kind of value comes back as it went in', () => {
    const store = new PvValueStore();
    for (const value of values) store.set(value);
    for (const value of values) expect(store.get(pvKey(value.pvRef))).toEqual(value);
    expect(store.size).toBe(values.length);
  });

  it('VS1: a reserved key has no value until one arrives, and counts only then', () => {
    const store = new PvValueStore();
    const key = pvKey(values[0]!.pvRef);
    store.reserve(key);
    expect(store.has(key)).toBe(false);
    expect(store.get(key)).toBeUndefined();
    expect(store.size).toBe(0);
    store.set(values[0]!, key);
    store.reserve(key); // already there: keeps its value
    expect(store.get(key)).toEqual(values[0]);
    expect(store.size).toBe(1);
    store.delete(key);
    store.reserve(key); // the freed slot, reused, holds nothing from before
    expect(store.get(key)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('VS1: a deleted key frees its slot for the next key, so churn does not grow the columns', () => {
    const store = new PvValueStore();
    const afterRound: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let nr = 0; nr < 5_000; nr++) {
        store.set({ ...values[0]!, pvRef: { type: 'AnaIn', nr: round * 10_000 + nr } });
      }
      for (let nr = 0; nr < 5_000; nr++) store.delete(`ai${round * 10_000 + nr}`);
      afterRound.push(store.columnBytes);
    }
    expect(store.size).toBe(0);
    // Slots of 27 bytes, grown by a quarter at a time: at most 25 % above the 5000 keys,
    // and churn never grows them again.
    expect(afterRound[0]).toBeGreaterThanOrEqual(5_000 * 27);
    expect(afterRound[0]).toBeLessThanOrEqual(5_000 * 1.25 * 27);
    expect(new Set(afterRound).size).toBe(1);
  });
});

describe('SignalR retry adapter', () => {
  it('CH7: follows the policy for dropped connections', () => {
    const retry = toSignalrRetryPolicy(foreverRetryPolicy, () => undefined);
    const context = (previousRetryCount: number) => ({
      previousRetryCount,
      elapsedMilliseconds: 0,
      retryReason: new Error('WebSocket closed with status code: 1006'),
    });
    expect([0, 1, 3, 4, 500].map((n) => retry.nextRetryDelayInMilliseconds(context(n)))).toEqual([
      0, 1_000, 5_000, 10_000, 10_000,
    ]);
  });

  it('SE1: a 401 during reconnect stops the retries and is reported', () => {
    const reported: Error[] = [];
    const retry = toSignalrRetryPolicy(foreverRetryPolicy, (error) => reported.push(error));
    const error = new Error(
      "Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'",
    );
    expect(
      retry.nextRetryDelayInMilliseconds({
        previousRetryCount: 3,
        elapsedMilliseconds: 0,
        retryReason: error,
      }),
    ).toBeNull();
    expect(reported).toEqual([error]);
  });
});
