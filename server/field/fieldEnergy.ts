/**
 * The energy page of a field plant lists only what its plant file declares (`energy` of a
 * station): the power PV, and the energy and volume counters for kWh per m³. Nothing is
 * matched by name or taken from the simulated plant's catalogue.
 */
import { setpointOf, type EnergyStationDef } from '../energy/registerEnergy.ts';
import type { PlantFileDef } from './plantFile.ts';

export function fieldEnergyStations(plant: PlantFileDef): EnergyStationDef[] {
  return plant.stations.flatMap((s) => {
    const e = s.energy;
    if (!e) return [];
    const ref = (id: string | undefined) =>
      id === undefined ? undefined : s.pvs.find((p) => p.id === id)?.ref;
    const power = ref(e.power);
    // The plant file's check made sure the ids name PVs of the right kind.
    if (!power) return [];
    return [
      {
        stationNumber: s.number,
        name: s.name,
        installedKw: e.installedKw,
        sollleistung: e.setpointKw ?? setpointOf(e.installedKw),
        chpKw: e.chpKw ?? null,
        power,
        energy: ref(e.energy),
        volume: ref(e.volume),
      },
    ];
  });
}
