/** The REST side of energy optimisation and pipe leakage: which stations and zones exist. */
import { getJson } from '../../../api/http.ts';
import { ENERGY_API, type EnergyStation, type SpecificEnergy } from '../../../contract/energy.ts';
import { LEAKAGE_API, type LeakageSection } from '../../../contract/leakage.ts';

export const fetchEnergyStations = (signal?: AbortSignal) =>
  getJson<EnergyStation[]>(ENERGY_API.stations, { signal });

export const fetchLeakageSections = (signal?: AbortSignal) =>
  getJson<LeakageSection[]>(LEAKAGE_API.sections, { signal });

export const fetchSpecificEnergy = (nr: number, signal?: AbortSignal) =>
  getJson<SpecificEnergy[]>(ENERGY_API.specific.replace(':nr', String(nr)), { signal });
