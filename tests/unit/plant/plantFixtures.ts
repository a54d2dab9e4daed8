/** Helpers for the plant unit tests: a plant on a fixed start time and PV lookup by name. */
import type { PvRef, PvValue } from '../../../src/contract/pv.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { SessionUser } from '../../../server/auth/service.ts';
import {
  createPlant,
  type PlantOptions,
  type SimulatedPlant,
} from '../../../server/plant/simulatedPlant.ts';
import type { Right } from '../../../src/contract/auth.ts';
import { DEFAULT_FINDINGS, plantIncidents } from '../../../server/plant/incidents.ts';

/** 15 June 2026, 04:00 UTC: early morning, demand about to rise. */
export const START = Date.UTC(2026, 5, 15, 4, 0);

export function makePlant(options: Partial<PlantOptions> = {}): SimulatedPlant {
  return createPlant({ seed: 7, startTime: START, callInIntervalMs: 0, ...options });
}

/** The incidents of the week before START with the default findings, drawn from `seed`. */
export function weekOfIncidents(seed: number) {
  return plantIncidents({ seed, anchorMs: START, days: 7, findings: DEFAULT_FINDINGS });
}

export function findPv(plant: SimulatedPlant, stationNumber: number, name: string): PvRef {
  const node = plant.pvNodes().find((n) => n.stationNumber === stationNumber);
  const ref = node?.pvs.find((r) => plant.config(r)?.name === name);
  if (!ref) throw new Error(`no PV '${name}' at station ${stationNumber}`);
  return ref;
}

export function valueOf(plant: SimulatedPlant, ref: PvRef): PvValue {
  const v = plant.valueByKey(pvKey(ref));
  if (!v) throw new Error(`no value for ${ref.type} ${ref.nr}`);
  return v;
}

export function user(rights: Right[], stations: number[] | null = null): SessionUser {
  return {
    userId: 1,
    username: 'test',
    role: 'operator',
    rights: new Set(rights),
    stations: stations === null ? null : new Set(stations),
    sessionId: 's1',
  };
}
