/** The PVs of one station by name, as the process image generator looks them up. */
import { pvUrlId } from '../../src/contract/keys.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Plant } from '../plant/types.ts';

export interface NamedPv {
  ref: PvRef;
  name: string;
  subtype: string;
  unit: string;
}

export class StationPvLookup {
  private readonly byStation = new Map<number, NamedPv[]>();

  constructor(plant: Plant) {
    for (const ref of plant.pvRefs()) {
      const c = plant.config(ref);
      if (!c) continue;
      let list = this.byStation.get(c.stationNumber);
      if (!list) this.byStation.set(c.stationNumber, (list = []));
      list.push({ ref, name: c.name, subtype: c.subtype, unit: c.dimension });
    }
  }

  of(station: number): readonly NamedPv[] {
    return this.byStation.get(station) ?? [];
  }

  /** `TYPE-NR` of the first PV of the type whose name passes, or null. */
  find(station: number, type: PvRef['type'], test: (name: string) => boolean): string | null {
    const pv = this.of(station).find((p) => p.ref.type === type && test(p.name));
    return pv ? pvUrlId(pv.ref) : null;
  }
}
