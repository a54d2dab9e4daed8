/**
 * The text outputs and priority-output PV groups of the reference plant. The real server takes
 * them from its project; here they follow from the station catalogue, so they are the same on
 * every start.
 */
import type { PvGroup, TextOutput } from '../../src/contract/actions.ts';
import type { Station } from '../../src/contract/station.ts';

/** Text outputs of a station: one per set-text mode of SPEC §4. */
export function textOutputsOf(station: Pick<Station, 'id' | 'name'>): TextOutput[] {
  const base = { stationNumber: station.id, stationName: station.name };
  return [
    {
      ...base,
      id: station.id * 100 + 1,
      name: 'Anzeige Schaltschrank',
      mode: 'Edit',
      presetText: '',
    },
    {
      ...base,
      id: station.id * 100 + 2,
      name: 'Bereitschaft benachrichtigt',
      mode: 'DirectWithAcknowledge',
      presetText: 'Bereitschaft ist benachrichtigt',
    },
    {
      ...base,
      id: station.id * 100 + 3,
      name: 'Vor-Ort-Einsatz beendet',
      mode: 'DirectWithoutAcknowledge',
      presetText: 'Vor-Ort-Einsatz beendet',
    },
  ];
}

/** What raises the priority outputs of a PV group: alerts of these PV types (null: no PV). */
export interface PriorityGroupDef extends PvGroup {
  pvTypes: readonly (string | null)[];
}

/**
 * PV groups with priority outputs: pumps and drives (failure inputs), measurements (analogue
 * limits), station (connection and mains). Measuring points have no priority outputs.
 */
export function priorityGroupsOf(station: Pick<Station, 'id' | 'kind'>): PriorityGroupDef[] {
  if (station.kind === 'networkMeasuringPoint') return [];
  const id = (n: number) => station.id * 10 + n;
  return [
    { id: id(1), name: 'Pumpen und Antriebe', pvTypes: ['DigiIn'] },
    { id: id(2), name: 'Messwerte', pvTypes: ['AnaIn'] },
    { id: id(3), name: 'Station und Verbindung', pvTypes: [null] },
  ];
}
