import { describe, expect, it } from 'vitest';
import {
  alertAckRequest,
  alertDeleteRequest,
  shownAckPlan,
} from '../../../src/domain/alertSelection.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

describe('SPEC §4 alerts pending/acknowledged, §7 ack and delete bodies', () => {
  it('AL1: only pending alerts are acknowledged, each once; none pending -> no request', () => {
    const acked = makeAlert(2, { state: 'acknowledged' });
    expect(alertAckRequest([makeAlert(1), acked, makeAlert(3), makeAlert(1)])).toEqual({
      ids: [1, 3],
    });
    expect(alertAckRequest([acked])).toBeNull();
    expect(alertAckRequest([])).toBeNull();
  });

  it('AL2: the delete body lists each selected alert once as {id}', () => {
    expect(alertDeleteRequest([makeAlert(5), makeAlert(6), makeAlert(5)])).toEqual([
      { id: 5 },
      { id: 6 },
    ]);
  });

  it('AL3: acknowledging the shown alerts takes the unacknowledged ones, counted per priority; returned ones never on screen stay apart', () => {
    const rows = [
      makeAlert(1, { priority: 1 }),
      makeAlert(2, { priority: 0 }),
      makeAlert(3, { priority: 1, state: 'acknowledged' }),
      makeAlert(4, { priority: 1, cleared: true }),
      makeAlert(5, { priority: 0, cleared: true }),
      makeAlert(6, { priority: 2, cleared: true }),
    ];
    const plan = shownAckPlan(rows, new Set([4]));
    expect(plan.ids).toEqual([1, 2, 4]);
    expect(plan.byPriority).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(plan.unseenReturned).toEqual([5, 6]);
    expect(plan.unseenByPriority).toEqual([
      [0, 1],
      [2, 1],
    ]);
    expect(shownAckPlan([], new Set())).toEqual({
      ids: [],
      byPriority: [],
      unseenReturned: [],
      unseenByPriority: [],
    });
  });
});
