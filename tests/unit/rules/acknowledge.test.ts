import { describe, expect, it } from 'vitest';
import type { PriorityOutputOptions } from '../../../src/contract/actions.ts';
import {
  priorityOutputAckQueries,
  priorityOutputAckState,
  pvGroupsOfStation,
} from '../../../src/domain/validation/acknowledge.ts';

const OPTIONS: PriorityOutputOptions = {
  hasOptions: true,
  stationOptions: [
    { stationNumber: 1, name: 'Wasserwerk' },
    { stationNumber: 2, name: 'Pumpwerk' },
  ],
  optionsForStation: [
    {
      stationNumber: 1,
      pvGroups: [
        { id: 10, name: 'Pumpen' },
        { id: 11, name: 'Becken' },
      ],
    },
    { stationNumber: 2, pvGroups: [] },
  ],
};

describe('SPEC §5 Acknowledge: priority outputs', () => {
  it("AK1: a station without PV groups disables the acknowledge: 'Keine PV-Bereiche …'", () => {
    expect(priorityOutputAckState(OPTIONS, 2, [10])).toEqual({
      pvGroups: [],
      disabledReason: { key: 'validation.acknowledge.noPvGroups', field: 'station' },
      canAcknowledge: false,
    });
    expect(pvGroupsOfStation(OPTIONS, 3)).toEqual([]);
    expect(priorityOutputAckState(OPTIONS, 3, []).disabledReason?.key).toBe(
      'validation.acknowledge.noPvGroups',
    );
  });

  it('AK1: no priority outputs at all gives the results message that none exist', () => {
    const none = { hasOptions: false, stationOptions: [], optionsForStation: [] };
    expect(priorityOutputAckState(none, 1, [10]).disabledReason).toEqual({
      key: 'results.priorityOutputs.noneToAcknowledge',
    });
  });

  it('AK2: at least one PV area must be selected (and known for the station)', () => {
    expect(priorityOutputAckState(OPTIONS, 1, []).disabledReason).toEqual({
      key: 'validation.acknowledge.selectPvArea',
      field: 'pvGroup',
    });
    expect(priorityOutputAckState(OPTIONS, 1, [99]).canAcknowledge).toBe(false);
    expect(priorityOutputAckState(OPTIONS, null, [10]).disabledReason?.key).toBe(
      'validation.acknowledge.selectStation',
    );
    expect(priorityOutputAckState(OPTIONS, 1, [11])).toEqual({
      pvGroups: OPTIONS.optionsForStation[0]!.pvGroups,
      disabledReason: null,
      canAcknowledge: true,
    });
  });

  it('AK3: one acknowledge call per selected PV area, duplicates removed', () => {
    expect(priorityOutputAckQueries(1, [10, 11, 10])).toEqual([
      { station: 1, pvGroup: 10 },
      { station: 1, pvGroup: 11 },
    ]);
  });
});
