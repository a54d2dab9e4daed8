/** Rules RA1-RA11 of src/domain/remoteAlarm.ts (SPEC §3 "Alarm plan", §5 "Forms", §9). */
import { describe, expect, it } from 'vitest';
import { de, en } from '../i18n/allTexts.ts';
import type { AlarmPlan, PlanRecipient } from '../../../src/contract/remoteAlert.ts';
import { alarmPlan, recipientSlots } from '../../support/alarmPlans.ts';
import {
  CALL_NUMBER_ERRORS,
  CALL_NUMBER_ERROR_TEXT,
  activePlanOf,
  callNumberError,
  callNumberFieldErrors,
  callNumberNameError,
  dialledDigits,
  duplicateNumbers,
  onCallByStation,
  onCallRecipients,
  sameFields,
  sentPriorities,
  stationsLeftWithoutOnCall,
  switchesFor,
} from '../../../src/domain/remoteAlarm.ts';

const person = (id: number, active: boolean): PlanRecipient => ({
  callNumberId: id,
  name: `P${id}`,
  number: `+49 171 00000${id}`,
  active,
});

function plan(
  station: number,
  nr: number,
  active: boolean,
  recipients: PlanRecipient[],
): AlarmPlan {
  return alarmPlan(station, nr, {
    active,
    activePriorities: Array.from({ length: 10 }, (_, p) => p >= 1 && p <= 3),
    recipients: recipientSlots(recipients),
  });
}

describe('call number input (SPEC §5 Forms)', () => {
  it('RA1: digits with a leading + and spaces, / or - between; 3 to 20 digits', () => {
    for (const ok of ['+49 171 4402310', '07031/66120', '0171-4402310', '112', '+420 601 123 456'])
      expect(callNumberError(ok), ok).toBeNull();
    expect(callNumberError('  ')).toBe(CALL_NUMBER_ERRORS.numberEmpty);
    for (const bad of ['0171-abc', '++49 171', '(0171) 44', ' -171', '171-', '49+171'])
      expect(callNumberError(bad.trim() === '' ? 'x' : bad), bad).toBe(
        CALL_NUMBER_ERRORS.numberFormat,
      );
    expect(callNumberError('12')).toBe(CALL_NUMBER_ERRORS.numberDigits);
    expect(callNumberError('1'.repeat(21))).toBe(CALL_NUMBER_ERRORS.numberDigits);
  });

  it('RA6: after + the country code never starts with 0, and in DE/AT/CH the area code drops its 0', () => {
    expect(callNumberError('+0171 4402310')).toBe(CALL_NUMBER_ERRORS.numberPlusZero);
    expect(callNumberError('+49 0171 4402310')).toBe(CALL_NUMBER_ERRORS.numberPlusZero);
    expect(callNumberError('0049 0171 4402310')).toBe(CALL_NUMBER_ERRORS.numberPlusZero);
    expect(callNumberError('+43 0664 1234567')).toBe(CALL_NUMBER_ERRORS.numberPlusZero);
    // Italy keeps the 0 of Rome's area code.
    expect(callNumberError('+39 06 1234 5678')).toBeNull();
    expect(callNumberError('0171 4402310')).toBeNull();
  });

  it('RA2: a name is not empty and at most 60 characters', () => {
    expect(callNumberNameError(' Jana ')).toBeNull();
    expect(callNumberNameError('   ')).toBe(CALL_NUMBER_ERRORS.nameEmpty);
    expect(callNumberNameError('x'.repeat(60))).toBeNull();
    expect(callNumberNameError('x'.repeat(61))).toBe(CALL_NUMBER_ERRORS.nameLong);
  });

  it('RA10: every broken rule of a row, by field, groups included', () => {
    expect(callNumberFieldErrors({ name: '', number: 'abc', pvGroups: [] })).toEqual([
      { field: 'name', rule: CALL_NUMBER_ERRORS.nameEmpty },
      { field: 'number', rule: CALL_NUMBER_ERRORS.numberFormat },
      { field: 'pvGroups', rule: CALL_NUMBER_ERRORS.groupsEmpty },
    ]);
    expect(callNumberFieldErrors({ name: 'A', number: '+49 171 1', pvGroups: [1] })).toEqual([]);
  });

  it('RA11: the same dialled number twice in a category, however it is written', () => {
    expect(dialledDigits('0049 171-44 02/310')).toBe('+491714402310');
    expect(dialledDigits('+49 171 4402310')).toBe('+491714402310');
    expect(dialledDigits('07031 66120')).toBe('0703166120');
    const twice = duplicateNumbers([
      { key: 'a', categoryId: 1, number: '+49 171 4402310' },
      { key: 'b', categoryId: 1, number: '0049 1714402310' },
      { key: 'c', categoryId: 2, number: '+49 171 4402310' },
      { key: 'd', categoryId: 1, number: '' },
      { key: 'e', categoryId: 1, number: ' ' },
    ]);
    expect([...twice].sort()).toEqual(['a', 'b']);
  });

  it('RA10/RA11: the German texts the server sends are those of the locale', () => {
    const texts = (de as { remoteAlarm: { validation: Record<string, string> } }).remoteAlarm
      .validation;
    for (const [key, text] of Object.entries(CALL_NUMBER_ERROR_TEXT))
      expect(texts[key.replace('remoteAlarm.validation.', '')], key).toBe(text);
  });

  it("RD11: SPEC §8 'Error saving callnumbers state' reads as the specification has it in English", () => {
    expect(en.results.callNumbers.stateNotSaved).toBe('Error saving callnumbers state');
    expect(de.results.callNumbers.stateNotSaved).toBe('Rufnummernstatus wurde nicht gespeichert');
  });

  it("RA12: SPEC §8 'Error during get alarm plans.' reads as the specification has it in English", () => {
    expect(en.remoteAlarm.plansFailed).toBe('Error during get alarm plans.');
    expect(de.remoteAlarm.plansFailed).toBe('Fehler beim Laden der Alarmpläne.');
  });

  it('sameFields compares trimmed text and groups as a set', () => {
    const a = { name: 'Jana ', number: '+49 1', categoryId: 1, pvGroups: [2, 1] };
    expect(sameFields(a, { name: 'Jana', number: '+49 1 ', categoryId: 1, pvGroups: [1, 2] })).toBe(
      true,
    );
    expect(sameFields(a, { ...a, pvGroups: [1] })).toBe(false);
    expect(sameFields(a, { ...a, categoryId: 2 })).toBe(false);
  });
});

describe('who is on call (SPEC §3 Alarm plan)', () => {
  const day = plan(1, 1, false, [person(11, true), person(9, true)]);
  const night = plan(1, 2, true, [person(1, false), person(2, true), person(9, true)]);

  it('RA3/RA4/RA5: on-call recipients in calling order, sent priorities, the active plan', () => {
    expect(onCallRecipients(night).map((r) => r.callNumberId)).toEqual([2, 9]);
    expect(sentPriorities(night)).toEqual([1, 2, 3]);
    expect(activePlanOf([day, night])).toBe(night);
    expect(activePlanOf([day])).toBeNull();
  });

  it('RA8: per station its active plan and who is on call, stations ascending', () => {
    const other = plan(7, 1, false, [person(11, true)]);
    const rows = onCallByStation([other, night, day]);
    expect(rows.map((r) => r.stationNumber)).toEqual([1, 7]);
    expect(rows[0]!.activePlan).toBe(night);
    expect(rows[0]!.onCall.map((r) => r.callNumberId)).toEqual([2, 9]);
    expect(rows[1]).toMatchObject({ activePlan: null, onCall: [] });
  });

  it('RA7: switching on in a standby rota switches the person on call off; nothing for no change', () => {
    const numbers = [
      { id: 1, categoryId: 1, active: false },
      { id: 2, categoryId: 1, active: true },
      { id: 9, categoryId: 3, active: true },
      { id: 10, categoryId: 3, active: true },
    ];
    const categories = [
      { id: 1, name: 'Bereitschaft Wasser', standby: true },
      { id: 3, name: 'Meister', standby: false },
    ];
    expect(switchesFor(numbers, categories, 1, true)).toEqual([
      { id: 1, from: false, to: true },
      { id: 2, from: true, to: false },
    ]);
    expect(switchesFor(numbers, categories, 2, false)).toEqual([{ id: 2, from: true, to: false }]);
    expect(switchesFor(numbers, categories, 9, false)).toEqual([{ id: 9, from: true, to: false }]);
    expect(switchesFor(numbers, categories, 2, true)).toEqual([]);
    expect(switchesFor(numbers, categories, 42, true)).toEqual([]);
  });

  it('RA9: the stations whose active plan would call nobody after the switches', () => {
    const lonely = plan(3, 2, true, [person(2, true)]);
    const off = [{ id: 2, from: true, to: false }];
    expect(stationsLeftWithoutOnCall([night, lonely], off).map((s) => s.stationNumber)).toEqual([
      3,
    ]);
    // Handing over keeps someone on call.
    expect(
      stationsLeftWithoutOnCall(
        [plan(3, 2, true, [person(2, true), person(1, false)])],
        [...off, { id: 1, from: false, to: true }],
      ),
    ).toEqual([]);
    // A station already calling nobody is not news.
    expect(stationsLeftWithoutOnCall([plan(4, 1, true, [person(5, false)])], off)).toEqual([]);
  });
});
