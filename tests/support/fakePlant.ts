/** A Plant for hub tests: state set by the test, events emitted by the test. */
import type { ServerStatus, StationCallAction } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvNode, PvRef, PvValue } from '../../src/contract/pv.ts';
import type {
  Station,
  StationCallResult,
  StationConfig,
  StationLiveData,
} from '../../src/contract/station.ts';
import type { Plant, PlantEvents, Unsubscribe } from '../../server/plant/types.ts';
import { pvConfigOf } from './pvConfigs.ts';

export function doubleValue(ref: PvRef, value: number, timestamp = 1_700_000_000_000): PvValue {
  return { pvRef: ref, typeOfValue: 'DoubleValue', doubleValue: value, quality: 'Good', timestamp };
}

export function pvConfig(ref: PvRef, name: string): PvConfig {
  return pvConfigOf(ref, {
    name,
    eksNr: `EKS-${ref.nr}`,
    dimension: 'm',
    decimalPlaces: 2,
    hasArchiveData: true,
    stationNumber: Math.floor(ref.nr / 100000),
    stationName: 'Station',
    domainConfig: { min: 0, max: 10 },
  });
}

export class FakePlant implements Plant {
  readonly values = new Map<string, PvValue>();
  readonly configs = new Map<string, PvConfig>();
  readonly limits = new Map<string, PvLimitConfig[]>();
  readonly live = new Map<number, StationLiveData>();
  readonly stationConfigs = new Map<number, StationConfig>();
  status: { status: ServerStatus; since: number } = { status: 'Connected', since: 1000 };
  private readonly listeners = new Map<keyof PlantEvents, Set<unknown>>();

  stations(): readonly Station[] {
    return [];
  }
  stationLive(stationNumber: number): StationLiveData | undefined {
    return this.live.get(stationNumber);
  }
  stationConfig(stationNumber: number): StationConfig | undefined {
    return this.stationConfigs.get(stationNumber);
  }
  pvRefs(): readonly PvRef[] {
    return [...this.values.values()].map((v) => v.pvRef);
  }
  pvNodes(): readonly PvNode[] {
    return [];
  }
  config(ref: PvRef): PvConfig | undefined {
    return this.configs.get(pvKey(ref));
  }
  valueByKey(key: string): PvValue | undefined {
    return this.values.get(key);
  }
  limitConfigs(ref: PvRef): readonly PvLimitConfig[] {
    return this.limits.get(pvKey(ref)) ?? [];
  }
  call(_action: StationCallAction, _stations: readonly number[]): StationCallResult {
    return {
      status: 'Success',
      missing: [],
      notCallable: [],
      unauthorized: [],
      errorMessage: null,
    };
  }
  serverStatus(): { status: ServerStatus; since: number } {
    return this.status;
  }
  on<E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]): Unsubscribe {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
  start(): void {}
  stop(): void {}

  listenerCount(event: keyof PlantEvents): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit<E extends keyof PlantEvents>(event: E, ...args: Parameters<PlantEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as (...a: Parameters<PlantEvents[E]>) => void)(...args);
    }
  }

  /** Stores the values and emits them as one simulator tick. */
  setValues(values: readonly PvValue[]): void {
    for (const v of values) this.values.set(pvKey(v.pvRef), v);
    this.emit('values', values);
  }
}
