/**
 * Acknowledge rules (SPEC §5 "Acknowledge"): the priority-output acknowledge dialog needs a
 * station with PV groups and at least one selected PV area.
 */
import type { PriorityOutputOptions, PvGroup } from '../../contract/actions.ts';
import { type RuleMessage, ruleMessage } from './ruleMessage.ts';

export const ACKNOWLEDGE_KEYS = {
  noPvGroups: 'validation.acknowledge.noPvGroups',
  selectPvArea: 'validation.acknowledge.selectPvArea',
  selectStation: 'validation.acknowledge.selectStation',
  noneToAcknowledge: 'results.priorityOutputs.noneToAcknowledge',
} as const;

/** The PV groups offered for a station; empty when it has none. */
export function pvGroupsOfStation(
  options: PriorityOutputOptions,
  stationNumber: number | null,
): PvGroup[] {
  if (stationNumber === null) return [];
  return options.optionsForStation.find((o) => o.stationNumber === stationNumber)?.pvGroups ?? [];
}

export interface PriorityOutputAckState {
  /** The PV groups to choose from. */
  pvGroups: PvGroup[];
  /** When set, the acknowledge button is disabled and this message says why. */
  disabledReason: RuleMessage | null;
  /** True when the acknowledge can be sent as selected. */
  canAcknowledge: boolean;
}

/**
 * AK1: no options at all -> 'Keine Prioritätenausgänge zum Quittieren vorhanden.'; a station
 * without PV groups -> 'Keine PV-Bereiche für ausgewählte Station vorhanden.'; AK2: nothing
 * sent until a station and at least one PV area are selected.
 */
export function priorityOutputAckState(
  options: PriorityOutputOptions,
  stationNumber: number | null,
  selectedPvGroupIds: readonly number[],
): PriorityOutputAckState {
  if (!options.hasOptions || options.stationOptions.length === 0) {
    return {
      pvGroups: [],
      disabledReason: ruleMessage(ACKNOWLEDGE_KEYS.noneToAcknowledge),
      canAcknowledge: false,
    };
  }
  if (stationNumber === null) {
    return {
      pvGroups: [],
      disabledReason: ruleMessage(ACKNOWLEDGE_KEYS.selectStation, undefined, 'station'),
      canAcknowledge: false,
    };
  }
  const pvGroups = pvGroupsOfStation(options, stationNumber);
  if (pvGroups.length === 0) {
    return {
      pvGroups,
      disabledReason: ruleMessage(ACKNOWLEDGE_KEYS.noPvGroups, undefined, 'station'),
      canAcknowledge: false,
    };
  }
  const known = new Set(pvGroups.map((g) => g.id));
  const selected = selectedPvGroupIds.filter((id) => known.has(id));
  if (selected.length === 0) {
    return {
      pvGroups,
      disabledReason: ruleMessage(ACKNOWLEDGE_KEYS.selectPvArea, undefined, 'pvGroup'),
      canAcknowledge: false,
    };
  }
  return { pvGroups, disabledReason: null, canAcknowledge: true };
}

/** AK3: one POST /api/pv/PriorityOutputs/Ack per selected PV area (query station, pvGroup). */
export function priorityOutputAckQueries(
  stationNumber: number,
  selectedPvGroupIds: readonly number[],
): { station: number; pvGroup: number }[] {
  return [...new Set(selectedPvGroupIds)].map((pvGroup) => ({ station: stationNumber, pvGroup }));
}
