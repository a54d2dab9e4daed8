/** The view-side rules of the action dialogs (src/features/shared/actions/actionRules.ts). */
import { describe, expect, it } from 'vitest';
import type { PvValue } from '../../../src/contract/pv.ts';
import {
  actionsOf,
  analogueEntry,
  analogueTarget,
  combinedAckResult,
  offeredDigitalChoice,
} from '../../../src/features/shared/actions/actionRules.ts';
import { pvConfigOf as config } from '../../support/pvConfigs.ts';

const counter = (resetable: boolean): PvValue => ({
  pvRef: { type: 'ZaehlWert', nr: 1001 },
  typeOfValue: 'CounterValue',
  counterValue: { value: 5, resetable, day: 1, month: 2, year: 3 },
  quality: 'Good',
  timestamp: 0,
});

describe('action dialogs: view rules', () => {
  it('AV1: an AnaOut entry is a number (decimal comma allowed) or a time of day; blank and text are refused with their message', () => {
    expect(analogueTarget('12,5', false)).toEqual({ ok: true, target: 12.5 });
    expect(analogueTarget('06:30', true)).toEqual({ ok: true, target: { hour: 6, minutes: 30 } });
    expect(analogueTarget('  ', false)).toMatchObject({
      ok: false,
      message: { key: 'validation.forms.enterValue' },
    });
    expect(analogueTarget('abc', false)).toMatchObject({
      ok: false,
      message: { key: 'validation.valueEntry.notANumber' },
    });
    expect(analogueTarget('24:00', true)).toMatchObject({
      ok: false,
      message: { key: 'validation.valueEntry.invalidDate' },
    });
  });

  it('AV2: a PV offers the actions of its kind: outputs are set, limits for AnaIn with limits, priority for failure inputs, runtimes for DigiIn/AnaIn that keep them, reset for resetable counters', () => {
    expect(actionsOf(config({ type: 'AnaOut', nr: 100001 }), undefined)).toEqual(['setValue']);
    expect(actionsOf(config({ type: 'DigiOut', nr: 100001 }), undefined)).toEqual(['setValue']);
    const limits = { lower: 1, lowerMid: null, upperMid: null, upper: 9 };
    expect(
      actionsOf(config({ type: 'AnaIn', nr: 100001 }, { anaLimitConfig: limits }), undefined),
    ).toEqual(['limits', 'runtimes']);
    expect(
      actionsOf(
        config({ type: 'AnaIn', nr: 100001 }, { anaLimitConfig: limits }),
        undefined,
        false,
      ),
    ).toEqual(['limits']);
    const alert = { description: 'd', message: 'm', priority: 2 };
    expect(
      actionsOf(config({ type: 'DigiIn', nr: 100002 }, { alertInputConfig: alert }), undefined),
    ).toEqual(['priority', 'runtimes']);
    expect(actionsOf(config({ type: 'ZaehlWert', nr: 1001 }), counter(true))).toEqual(['counter']);
    expect(actionsOf(config({ type: 'ZaehlWert', nr: 1001 }), counter(false))).toEqual([]);
    expect(actionsOf(config({ type: 'RechenWert', nr: 1001 }), undefined)).toEqual([]);
  });

  it('AV3: several priority-output acks give one answer: a failure wins, then a success, else none to acknowledge', () => {
    const ok = { status: 'Success', errorMessage: null } as const;
    const none = { status: 'NotFound', errorMessage: null } as const;
    const failed = { status: 'Failed', errorMessage: null } as const;
    expect(combinedAckResult([none, ok])).toBe(ok);
    expect(combinedAckResult([ok, failed, none])).toBe(failed);
    expect(combinedAckResult([none, none])).toBe(none);
    expect(combinedAckResult([])).toEqual(none);
  });

  it("AV4: an output's entry waits for its first value: only it says time of day or number, and which state to offer", () => {
    const time: PvValue = {
      pvRef: { type: 'AnaOut', nr: 7 },
      typeOfValue: 'TimeOfDayValue',
      timeOfDayValue: { hour: 22, minutes: 0 },
      quality: 'Good',
      timestamp: 0,
    };
    const number: PvValue = { ...time, typeOfValue: 'DoubleValue', doubleValue: 3 };
    delete number.timeOfDayValue;
    expect(analogueEntry(undefined)).toEqual({ ready: false, isTime: false });
    expect(analogueEntry(time)).toEqual({ ready: true, isTime: true });
    expect(analogueEntry(number)).toEqual({ ready: true, isTime: false });

    const out = (boolValue: boolean | undefined): PvValue => ({
      pvRef: { type: 'DigiOut', nr: 3 },
      typeOfValue: 'BoolValue',
      ...(boolValue === undefined ? {} : { boolValue }),
      quality: 'Good',
      timestamp: 0,
    });
    expect(offeredDigitalChoice(undefined)).toBeNull();
    expect(offeredDigitalChoice(out(undefined))).toBeNull();
    expect(offeredDigitalChoice(out(true))).toBe('off');
    expect(offeredDigitalChoice(out(false))).toBe('on');
  });
});
