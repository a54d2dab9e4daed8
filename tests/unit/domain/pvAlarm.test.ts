/** DESIGN.md "Alarm states": a PV's alarm state from the current alerts — PA-S1, PA-S2. */
import { describe, expect, it } from 'vitest';
import { alarmShortText, pvAlarmStates } from '../../../src/domain/pvAlarm.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

const ref = { type: 'AnaIn', nr: 200001 } as const;

describe('PV alarm state', () => {
  it('PA-S1: phase, priority and text follow the most urgent current alert of the PV', () => {
    const states = pvAlarmStates([
      makeAlert(1, { pvRef: ref, priority: 4, text: 'niedrig', state: 'acknowledged' }),
      makeAlert(2, { pvRef: ref, priority: 1, text: 'zu hoch', cleared: true }),
      // Acknowledged and gone: not current, no effect.
      makeAlert(3, { pvRef: ref, priority: 0, text: 'alt', state: 'acknowledged', cleared: true }),
      makeAlert(4, { pvRef: null, priority: 0 }),
    ]);
    expect(states.size).toBe(1);
    expect(states.get('ai200001')).toMatchObject({
      phase: 'acknowledged',
      priority: 1,
      count: 2,
      text: 'zu hoch',
    });
    const unack = pvAlarmStates([
      makeAlert(5, { pvRef: ref, priority: 3, state: 'acknowledged' }),
      makeAlert(6, { pvRef: ref, priority: 5 }),
    ]);
    expect(unack.get('ai200001')?.phase).toBe('unacknowledged');
    expect(unack.get('ai200001')?.priority).toBe(3);
    expect(
      pvAlarmStates([makeAlert(7, { pvRef: ref, cleared: true })]).get('ai200001')?.phase,
    ).toBe('returned');
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
