import { describe, expect, it } from 'vitest';
import { alertAckRequest, alertDeleteRequest } from '../../../src/domain/alertSelection.ts';
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
});
