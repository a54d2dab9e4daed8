/** ISA-101 level 1: a station's alarm state from the current alerts — SA1 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { stationAlarmStates } from '../../../src/domain/stationAlarm.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

const at = (stationNumber: number) => ({ stationNumber, stationName: `Station ${stationNumber}` });

describe('station alarm state', () => {
  it('SA1: highest active priority, unacknowledged and active counts of each station', () => {
    const states = stationAlarmStates([
      makeAlert(1, { ...at(1), priority: 3 }),
      makeAlert(2, { ...at(1), priority: 1, state: 'acknowledged' }),
      makeAlert(3, { ...at(1), priority: 1 }),
      // Returned, not yet acknowledged: counts as unacknowledged, not as active.
      makeAlert(4, { ...at(1), priority: 0, cleared: true }),
      // Acknowledged and returned: no longer current, no effect.
      makeAlert(5, { ...at(1), priority: 0, state: 'acknowledged', cleared: true }),
      // Another station's alarm and one without a station.
      makeAlert(6, { ...at(2), priority: 5, state: 'acknowledged' }),
      makeAlert(7, { stationNumber: null, priority: 0 }),
      // A non-PV source (the station's connection) counts for its station too.
      makeAlert(8, {
        ...at(1),
        pvRef: null,
        source: { type: 'StationConnection', stationNumber: 1 },
        priority: 2,
      }),
    ]);
    expect([...states.keys()].sort()).toEqual(['1', '2']);
    expect(states.get('1')).toEqual({
      priority: 1,
      phase: 'unacknowledged',
      highestActive: 1,
      unacknowledged: 4,
      active: 4,
    });
    expect(states.get('2')).toEqual({
      priority: 5,
      phase: 'acknowledged',
      highestActive: 5,
      unacknowledged: 0,
      active: 1,
    });
  });

  it('SA1: a station whose alarms all returned but wait for acknowledgement shows them hollow', () => {
    const states = stationAlarmStates([
      makeAlert(1, { ...at(3), priority: 4, cleared: true }),
      makeAlert(2, { ...at(3), priority: 2, cleared: true }),
    ]);
    expect(states.get('3')).toEqual({
      priority: 2,
      phase: 'returned',
      highestActive: null,
      unacknowledged: 2,
      active: 0,
    });
    expect(
      stationAlarmStates([makeAlert(3, { ...at(3), state: 'acknowledged', cleared: true })]).size,
    ).toBe(0);
  });
});
