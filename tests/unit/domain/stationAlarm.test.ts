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
    // The mark: the most urgent unacknowledged alarm, the returned priority-0 one (PA1's order:
    // priority before active or returned).
    expect(states.get('1')).toEqual({
      priority: 0,
      phase: 'returned',
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

  it('SA1: the mark shows one alarm, the most urgent unacknowledged one, else the highest active one (issue 55)', () => {
    const p1 = makeAlert(1, { ...at(4), priority: 1 });
    const p5 = makeAlert(2, { ...at(4), priority: 5 });
    const acked = (a: typeof p1) => ({ ...a, state: 'acknowledged' as const });
    const mark = (alerts: (typeof p1)[]) => {
      const s = stationAlarmStates(alerts).get('4')!;
      return [s.priority, s.phase, s.highestActive, s.active, s.unacknowledged];
    };
    // Both pending: the priority-1 one.
    expect(mark([p5, p1])).toEqual([1, 'unacknowledged', 1, 2, 2]);
    // The case: priority 1 acknowledged, priority 5 pending: the priority-5 mark,
    // unacknowledged; never the priority-1 mark with the halo. The counts and the highest
    // active priority tell the rest.
    expect(mark([acked(p1), p5])).toEqual([5, 'unacknowledged', 1, 2, 1]);
    expect(mark([p5, acked(p1)])).toEqual([5, 'unacknowledged', 1, 2, 1]);
    // The other order: priority 5 acknowledged first, the priority-1 one still pending.
    expect(mark([acked(p5), p1])).toEqual([1, 'unacknowledged', 1, 2, 1]);
    // Both acknowledged: the highest active one, acknowledged.
    expect(mark([acked(p5), acked(p1)])).toEqual([1, 'acknowledged', 1, 2, 0]);
    // A returned priority-1 alarm waiting for acknowledgement beside an acknowledged active
    // priority-5 one: the returned one, hollow, as at the value (PA1).
    expect(mark([acked(p5), { ...p1, cleared: true }])).toEqual([1, 'returned', 5, 1, 1]);
    // Unacknowledged active before unacknowledged returned of the same priority.
    expect(
      mark([
        { ...p1, cleared: true },
        { ...p5, priority: 1 },
      ]),
    ).toEqual([1, 'unacknowledged', 1, 1, 2]);
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
