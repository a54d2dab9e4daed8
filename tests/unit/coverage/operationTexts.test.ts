/**
 * SPEC §8 "Operation" texts wired to the conditions that cause them: insufficient rights,
 * operation failed, not-saved for values and schedules (switching times), too many alarms or
 * number changes.
 */
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/allTexts.ts';
import { planLimitMessages, PLAN_LIMIT_KEYS } from '../../../src/domain/planLimits.ts';
import {
  pvActionResultDialog,
  RESULT_KEYS,
  valueSetAction,
} from '../../../src/domain/validation/resultDialogs.ts';

const PV = { type: 'AnaOut', nr: 100201 } as const;

function german(key: string): string {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], de);
  expect(typeof text, key).toBe('string');
  return text as string;
}

describe('not-saved messages (SPEC §8)', () => {
  it('OT1: a set of switching times is a schedule; anything else a set of values', () => {
    expect(valueSetAction([{ typeOfValue: 'TimeOfDayValue' }])).toBe('setSchedules');
    expect(
      valueSetAction([{ typeOfValue: 'TimeOfDayValue' }, { typeOfValue: 'DoubleValue' }]),
    ).toBe('setValues');
    expect(valueSetAction([{ typeOfValue: 'BoolValue' }])).toBe('setValues');
    expect(valueSetAction([])).toBe('setValues');
  });

  it('OT2: a refused schedule says "Schaltzeiten wurden nicht gespeichert" and lists the PVs', () => {
    const dialog = pvActionResultDialog('setSchedules', {
      status: 'Unauthorized',
      errorMessage: null,
      unauthorizedPvs: [PV],
      missingPvs: [],
    })!;
    expect(german(dialog.title.key)).toBe('Schaltzeiten wurden nicht gespeichert');
    expect(dialog.sections).toEqual([
      { labelKey: RESULT_KEYS.unauthorizedPvs, items: [{ kind: 'pv', pvRef: PV }] },
    ]);
    const values = pvActionResultDialog('setValues', {
      status: 'Failed',
      errorMessage: null,
      unauthorizedPvs: [],
      missingPvs: [],
    })!;
    expect(german(values.title.key)).toBe('Werte wurden nicht gespeichert');
  });

  it('OT3: without lists, Unauthorized says "Unzureichende Rechte", another status "Vorgang fehlgeschlagen"', () => {
    const refused = (status: 'Unauthorized' | 'Conflict') =>
      pvActionResultDialog('setSchedules', {
        status,
        errorMessage: null,
        unauthorizedPvs: [],
        missingPvs: [],
      })!.message!.key;
    expect(german(refused('Unauthorized'))).toBe('Unzureichende Rechte');
    expect(german(refused('Conflict'))).toBe('Vorgang fehlgeschlagen');
  });
});

describe('too many alarms or number changes (SPEC §8)', () => {
  const plan = {
    alertingCount: 3,
    alertingCountMax: 20,
    callNumberChangeCount: 1,
    callNumberChangeCountMax: 5,
  };

  it('PL1: nothing below the daily maxima; each count at its maximum is named', () => {
    expect(planLimitMessages(plan)).toEqual([]);
    expect(planLimitMessages({ ...plan, alertingCount: 20 })).toEqual([
      { key: PLAN_LIMIT_KEYS.alarms, params: { sent: 20, count: 20 } },
    ]);
    expect(planLimitMessages({ ...plan, alertingCount: 21, callNumberChangeCount: 5 })).toEqual([
      { key: PLAN_LIMIT_KEYS.alarms, params: { sent: 21, count: 20 } },
      { key: PLAN_LIMIT_KEYS.changes, params: { made: 5, count: 5 } },
    ]);
    expect(german(PLAN_LIMIT_KEYS.title)).toBe('Zu viele Alarmierungen oder Rufnummernänderungen');
  });
});
