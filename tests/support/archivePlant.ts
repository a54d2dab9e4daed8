/**
 * A Plant for archive and chart tests and the archive timing script: stations with levels,
 * flows, pump states and a counter; values are emitted by the test. Only what the archive
 * and the chart routes use is real; the rest answers empty.
 */
import type { ServerStatus } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvNode, PvRef, PvValue } from '../../src/contract/pv.ts';
import type {
  Station,
  StationCallResult,
  StationConfig,
  StationLiveData,
} from '../../src/contract/station.ts';
import type { Plant, PlantEvents, Unsubscribe } from '../../server/plant/types.ts';

export interface ArchivePlantOptions {
  stations?: number;
  /** Extra analogue inputs per station beyond the standard five PVs. */
  extraAnalogPerStation?: number;
}

function config(
  ref: PvRef,
  name: string,
  station: number,
  dimension: string,
  domain: [number, number] | null,
  hasArchiveData = true,
): PvConfig {
  return {
    pvRef: ref,
    name,
    eksNr: `EKS-${ref.type}-${ref.nr}`,
    subtype: '',
    dimension,
    decimalPlaces: 2,
    hasArchiveData,
    stationNumber: station,
    stationName: `Station ${station}`,
    domainConfig: domain ? { min: domain[0], max: domain[1] } : null,
    digiDisplayConfig: null,
    anaLimitConfig: null,
    alertInputConfig: null,
  };
}

export class ArchivePlant implements Plant {
  readonly configs = new Map<string, PvConfig>();
  readonly values = new Map<string, PvValue>();
  private readonly refs: PvRef[] = [];
  private readonly nodes: PvNode[] = [];
  private readonly stationList: Station[] = [];
  private readonly listeners = new Set<PlantEvents['values']>();

  constructor(options: ArchivePlantOptions = {}) {
    const stations = options.stations ?? 3;
    const extra = options.extraAnalogPerStation ?? 0;
    for (let s = 1; s <= stations; s++) {
      const base = s * 100000;
      const pvs: PvConfig[] = [
        config({ type: 'AnaIn', nr: base + 1 }, 'Füllstand', s, 'm', [0, 5]),
        config({ type: 'AnaIn', nr: base + 2 }, 'Durchfluss', s, 'm³/h', [0, 250]),
        {
          ...config({ type: 'DigiIn', nr: base + 101 }, 'Pumpe 1 läuft', s, '', null),
          digiDisplayConfig: { stateActiveText: 'Läuft', stateInactiveText: 'Aus' },
        },
        config({ type: 'ZaehlWert', nr: s * 1000 + 1 }, 'Fördermenge', s, 'm³', [0, 250]),
        config({ type: 'AnaIn', nr: base + 90 }, 'Schranktemperatur', s, '°C', [0, 50], false),
      ];
      for (let i = 0; i < extra; i++) {
        pvs.push(
          config({ type: 'AnaIn', nr: base + 200 + i }, `Messwert ${i + 1}`, s, 'bar', [0, 10]),
        );
      }
      for (const c of pvs) {
        this.configs.set(pvKey(c.pvRef), c);
        this.refs.push(c.pvRef);
      }
      this.nodes.push({
        stationNumber: s,
        stationName: `Station ${s}`,
        pvs: pvs.map((c) => c.pvRef),
      });
      this.stationList.push({
        id: s,
        name: `Station ${s}`,
        kind: 'reservoir',
        hasGeoLocation: false,
        location: null,
        processImage: null,
        dialUp: false,
      });
    }
  }

  stations(): readonly Station[] {
    return this.stationList;
  }
  stationLive(_stationNumber: number): StationLiveData | undefined {
    return undefined;
  }
  stationConfig(_stationNumber: number): StationConfig | undefined {
    return undefined;
  }
  pvRefs(): readonly PvRef[] {
    return this.refs;
  }
  pvNodes(): readonly PvNode[] {
    return this.nodes;
  }
  config(ref: PvRef): PvConfig | undefined {
    return this.configs.get(pvKey(ref));
  }
  valueByKey(key: string): PvValue | undefined {
    return this.values.get(key);
  }
  limitConfigs(_ref: PvRef): readonly PvLimitConfig[] {
    return [];
  }
  call(): StationCallResult {
    return { status: 'Failed', missing: [], notCallable: [], unauthorized: [], errorMessage: null };
  }
  serverStatus(): { status: ServerStatus; since: number } {
    return { status: 'Connected', since: 0 };
  }
  on<E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]): Unsubscribe {
    if (event !== 'values') return () => {};
    const l = listener as PlantEvents['values'];
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }
  start(): void {}
  stop(): void {}

  listenerCount(): number {
    return this.listeners.size;
  }

  /** One simulator tick. */
  emit(values: readonly PvValue[]): void {
    for (const v of values) this.values.set(pvKey(v.pvRef), v);
    for (const l of [...this.listeners]) l(values);
  }
}

export function doubleAt(ref: PvRef, timestamp: number, value: number, bad = false): PvValue {
  return {
    pvRef: ref,
    typeOfValue: 'DoubleValue',
    doubleValue: value,
    quality: bad ? 'Bad' : 'Good',
    timestamp,
  };
}
