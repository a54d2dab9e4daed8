/** DESIGN.md "Alarm states": a PV's alarm state from the current alerts — PA-S1, PA-S2. */
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import { alarmShortText, pvAlarmStates, samePvAlarm } from '../../../src/domain/pvAlarm.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

const ref = { type: 'AnaIn', nr: 200001 } as const;

describe('PV alarm state', () => {
  it('PA-S1: the mark shows one alarm, the most urgent unacknowledged one, else the highest active one', () => {
    const states = pvAlarmStates([
      makeAlert(1, { pvRef: ref, priority: 4, text: 'niedrig', state: 'acknowledged' }),
      makeAlert(2, { pvRef: ref, priority: 1, text: 'zu hoch', cleared: true }),
      // Acknowledged and gone: not current, no effect.
      makeAlert(3, { pvRef: ref, priority: 0, text: 'alt', state: 'acknowledged', cleared: true }),
      makeAlert(4, { pvRef: null, priority: 0 }),
    ]);
    expect(states.size).toBe(1);
    // The returned priority-1 alarm waits for acknowledgement: it is the one shown.
    expect(states.get('ai200001')).toMatchObject({
      phase: 'returned',
      priority: 1,
      count: 2,
      text: 'zu hoch',
    });
    expect(states.get('ai200001')?.alarms.map((a) => [a.priority, a.phase])).toEqual([
      [1, 'returned'],
      [4, 'acknowledged'],
    ]);
    const unack = pvAlarmStates([
      makeAlert(5, { pvRef: ref, priority: 3, state: 'acknowledged' }),
      makeAlert(6, { pvRef: ref, priority: 5 }),
    ]);
    expect(unack.get('ai200001')).toMatchObject({ phase: 'unacknowledged', priority: 5 });
    expect(
      pvAlarmStates([makeAlert(7, { pvRef: ref, cleared: true })]).get('ai200001')?.phase,
    ).toBe('returned');
  });

  // Issue 55 item 2: "Füllstand Rohwasserbehälter" with a priority-1 "zu hoch" and a
  // priority-5 "hoch" showed the priority of one alarm with the phase of the other.
  describe('PA-S1: two alarms on one PV, acknowledged in either order', () => {
    const high = (over: Partial<Alert> = {}) =>
      makeAlert(10, { pvRef: ref, priority: 1, text: 'zu hoch', ...over });
    const warn = (over: Partial<Alert> = {}) =>
      makeAlert(11, { pvRef: ref, priority: 5, text: 'hoch', ...over });
    const shown = (alerts: Alert[]) => {
      const s = pvAlarmStates(alerts).get('ai200001');
      return s && { priority: s.priority, phase: s.phase, text: s.text, count: s.count };
    };
    const ack = { state: 'acknowledged' as const };

    it('both unacknowledged: the priority-1 alarm', () => {
      expect(shown([warn(), high()])).toEqual({
        priority: 1,
        phase: 'unacknowledged',
        text: 'zu hoch',
        count: 2,
      });
    });
    it('the priority-1 alarm acknowledged first: the unacknowledged priority-5 one', () => {
      expect(shown([high(ack), warn()])).toEqual({
        priority: 5,
        phase: 'unacknowledged',
        text: 'hoch',
        count: 2,
      });
    });
    it('the priority-5 alarm acknowledged first: the priority-1 one, unacknowledged', () => {
      expect(shown([high(), warn(ack)])).toMatchObject({ priority: 1, phase: 'unacknowledged' });
    });
    it('both acknowledged: the highest active one, acknowledged', () => {
      expect(shown([warn(ack), high(ack)])).toMatchObject({
        priority: 1,
        phase: 'acknowledged',
        text: 'zu hoch',
      });
    });
    it('one returned unacknowledged, one acknowledged and active: the returned one', () => {
      expect(shown([high({ cleared: true }), warn(ack)])).toMatchObject({
        priority: 1,
        phase: 'returned',
      });
      expect(shown([high(ack), warn({ cleared: true })])).toMatchObject({
        priority: 5,
        phase: 'returned',
      });
    });
    it('one cleared and acknowledged (gone), one active: only the active one', () => {
      expect(shown([high({ ...ack, cleared: true }), warn()])).toEqual({
        priority: 5,
        phase: 'unacknowledged',
        text: 'hoch',
        count: 1,
      });
    });
    it('at one priority an active alarm outranks a returned one, then the newer', () => {
      expect(
        shown([high({ cleared: true }), makeAlert(12, { pvRef: ref, priority: 1, text: 'x' })]),
      ).toMatchObject({ phase: 'unacknowledged', text: 'x' });
      expect(
        shown([high(), makeAlert(12, { pvRef: ref, priority: 1, text: 'neuer' })]),
      ).toMatchObject({ text: 'neuer' });
    });
    it('lists every alarm, the shown one first, and tells a change of any of them', () => {
      const before = pvAlarmStates([high(ack), warn()]).get('ai200001')!;
      expect(before.alarms.map((a) => [a.priority, a.phase, a.text])).toEqual([
        [5, 'unacknowledged', 'hoch'],
        [1, 'acknowledged', 'zu hoch'],
      ]);
      const same = pvAlarmStates([warn(), high(ack)]).get('ai200001')!;
      expect(samePvAlarm(before, same)).toBe(true);
      const after = pvAlarmStates([high(ack), warn(ack)]).get('ai200001')!;
      expect(samePvAlarm(before, after)).toBe(false);
      expect(samePvAlarm(before, null)).toBe(false);
    });
  });

  it('PA-S2: the short text drops the station and PV names a row already shows', () => {
    const text = 'Wasserwerk Talaue: Füllstand Reinwasserbehälter zu hoch';
    expect(alarmShortText(text, 'Wasserwerk Talaue', 'Füllstand Reinwasserbehälter')).toBe(
      'zu hoch',
    );
    expect(alarmShortText(text, 'Pumpwerk Süd', 'Druck')).toBe(text);
    expect(alarmShortText('Druck', undefined, 'Druck')).toBe('Druck');
  });
});
