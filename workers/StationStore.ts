/**
 * Live data per station, merged from the four station subscriptions (configs, timestamps,
 * dial counters, dial states). Each change makes a new object, so a tab can compare by
 * identity. A station's state alone (`state`: no time stamp) is a second object, new only
 * when something but the time stamp changed (FR9).
 */
import type {
  NewDialCounterMessage,
  NewDialStateMessage,
  NewTimestampMessage,
} from '../src/contract/hubs.ts';
import { stationKey } from '../src/contract/keys.ts';
import type { StationConfig, StationLiveData } from '../src/contract/station.ts';

export class StationStore {
  private readonly byKey = new Map<string, StationLiveData>();
  /** The state objects built so far; one goes when its station's state changes. */
  private readonly states = new Map<string, StationLiveData>();

  get(key: string): StationLiveData | undefined {
    return this.byKey.get(key);
  }

  /**
   * The station's live data with no time stamp (`timestamp: null`), for a tab that shows no
   * age: the same object until its name, counters or dial state change.
   */
  state(key: string): StationLiveData | undefined {
    let state = this.states.get(key);
    if (state) return state;
    const live = this.byKey.get(key);
    if (!live) return undefined;
    state = { ...live, timestamp: null };
    this.states.set(key, state);
    return state;
  }

  delete(key: string): void {
    this.byKey.delete(key);
    this.states.delete(key);
  }

  /** Each apply returns the key that changed. */
  applyConfig(config: StationConfig): string {
    return this.merge(config.station.stationNumber, {
      name: config.name,
      dialState: config.dialState,
    });
  }

  applyTimestamp(message: NewTimestampMessage): string {
    return this.merge(message.stationNumber, { timestamp: message.timestamp });
  }

  applyDialCounter(message: NewDialCounterMessage): string {
    return this.merge(message.stationNumber, {
      lastConnection: message.lastConnection,
      dialCounters: message.dialCounters,
    });
  }

  applyDialState(message: NewDialStateMessage): string {
    return this.merge(message.stationNumber, { dialState: message.dialState });
  }

  private merge(stationNumber: number, change: Partial<StationLiveData>): string {
    const key = stationKey(stationNumber);
    const before: StationLiveData = this.byKey.get(key) ?? {
      stationNumber,
      name: '',
      timestamp: null,
      lastConnection: null,
      dialCounters: null,
      dialState: 'NotDefined',
    };
    this.byKey.set(key, { ...before, ...change, stationNumber });
    if (Object.keys(change).some((field) => field !== 'timestamp')) this.states.delete(key);
    return key;
  }
}
