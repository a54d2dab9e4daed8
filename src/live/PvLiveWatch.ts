/**
 * One PV as a row or a tile shows it, through one subscription (issue 58): its config, its
 * alarm state, its station's connection (the link's while the link is down, LD1) and what of
 * its value the view renders (`standing`), as one snapshot for `useSyncExternalStore`
 * (usePvLive.ts); a new value goes to the view's writer in place, without a render (issue
 * 44), and renders the view only when its standing changes.
 *
 * Before, a station page's PV row took the same through six hooks over the same store
 * (usePvConfig, usePvAlarm, useStationConnection with useLinkDown, useStaleValue and
 * usePvValueWriter, gone now): some 28 hooks with their effects, deps and closures a row, six listeners,
 * and two listener calls a value (the writer's and the staleness check's).
 */
import { pvKey, stationKey } from '../contract/keys.ts';
import type { PvRef, PvValue } from '../contract/pv.ts';
import type { PvAlarmState } from '../domain/pvAlarm.ts';
import { stationConnection, type StationConnection } from '../domain/valueStanding.ts';
import type { LiveClient } from './LiveClient.ts';
import type { PvConfigState } from './usePvConfig.ts';
import { pvStationNumber } from './useStationConnection.ts';

/** What a view shows of a PV besides its value. */
export interface PvLiveParts {
  /** Loading until the engine sent it (usePvConfig). */
  config: PvConfigState;
  /** Null when the PV is in no alarm, undefined until the engine sent its state (usePvAlarm). */
  alarm: PvAlarmState | null | undefined;
  /** Its station's connection (useStationConnection). */
  connection: StationConnection;
}

/** The parts and what of the value the view renders; a new object only when one changed. */
export interface PvLiveSnapshot<S> extends PvLiveParts {
  standing: S;
}

/**
 * What of a value the view renders, compared with Object.is (a string, a value object of the
 * store, undefined): the view renders when it changes, never for a value that leaves it.
 */
export type PvStanding<S> = (value: PvValue | undefined, parts: PvLiveParts) => S;

/** Writes a PV's value in place; `end` lets go of what it holds (an age on the tab's clock). */
export interface PvLiveWriter {
  write(value: PvValue | undefined): void;
  end?(): void;
}

const LOADING: PvConfigState = { state: 'loading' };
/** No value handed to the writer since it was set or the watch subscribed. */
const NOT_WRITTEN = Symbol('not written');

type Client = Pick<LiveClient, 'store' | 'lease'>;

export class PvLiveWatch<S> {
  private readonly key: string;
  private snapshot: PvLiveSnapshot<S>;
  private listener: (() => void) | null = null;
  private writer: PvLiveWriter | null = null;
  private written: PvValue | undefined | typeof NOT_WRITTEN = NOT_WRITTEN;
  /** The station listened to and leased while subscribed (null: none), and their release. */
  private station: number | null = null;
  private stationEnd: (() => void) | null = null;

  constructor(
    private readonly client: Client,
    private readonly ref: PvRef,
    private readonly standingOf: PvStanding<S>,
  ) {
    this.key = pvKey(ref);
    this.snapshot = this.read(null);
  }

  /** `useSyncExternalStore`'s snapshot: the same object until a part or the standing changed. */
  readonly getSnapshot = (): PvLiveSnapshot<S> => this.snapshot;

  /** The value held now (a view renders with it; the writer keeps the cell current). */
  value(): PvValue | undefined {
    return this.client.store.getPvValue(this.key);
  }

  /**
   * Leases the PV's config, alarm state and value and its station's live data, and listens to
   * them and to the link's state with `listener` called only when the snapshot changed.
   */
  readonly subscribe = (listener: () => void): (() => void) => {
    const { client, key } = this;
    const { store } = client;
    this.listener = listener;
    const releases = [
      client.lease('pvConfig', key),
      client.lease('pvAlarm', key),
      client.lease('pvValue', key),
    ];
    const offs = [
      store.subscribe('pvConfig', key, this.onPart),
      store.subscribe('pvAlarm', key, this.onPart),
      store.subscribeStatus(this.onPart),
      store.subscribe('pvValue', key, this.onValue),
    ];
    // What changed since the render (no listener then): the parts, the station, the value.
    this.onPart();
    if (this.writer && this.value() !== this.written) this.onValue();
    return () => {
      for (const off of offs) off();
      for (const release of releases) release();
      this.moveStation(null);
      this.listener = null;
      this.writer?.end?.();
      // A new subscription (React's StrictMode, a remount) writes again what it shows.
      this.written = NOT_WRITTEN;
    };
  };

  /** After each render: the view's writer (its config, language) writes the value held now. */
  setWriter(writer: PvLiveWriter): void {
    this.writer = writer;
    const value = this.value();
    this.written = value;
    writer.write(value);
  }

  /** A new value: written in place; the view renders only when its standing changed. */
  private readonly onValue = (): void => {
    const value = this.value();
    if (this.writer) {
      this.written = value;
      this.writer.write(value);
    }
    const last = this.snapshot;
    const standing = this.standingOf(value, last);
    if (Object.is(standing, last.standing)) return;
    this.snapshot = {
      config: last.config,
      alarm: last.alarm,
      connection: last.connection,
      standing,
    };
    this.listener?.();
  };

  /** The config, the alarm state, the station's state or the link's changed. */
  private readonly onPart = (): void => {
    const next = this.read(this.snapshot);
    if (this.listener) {
      const station = pvStationNumber(this.ref, next.config.config);
      if (station !== this.station) this.moveStation(station);
    }
    if (next === this.snapshot) return;
    this.snapshot = next;
    this.listener?.();
  };

  /** Listens to and leases `station`'s state instead of the one before (null: none). */
  private moveStation(station: number | null): void {
    this.stationEnd?.();
    this.stationEnd = null;
    this.station = station;
    if (station === null) return;
    const key = stationKey(station);
    const off = this.client.store.subscribeStationState(key, this.onPart);
    const release = this.client.lease('station', key);
    this.stationEnd = () => {
      off();
      release();
    };
  }

  /** The snapshot from the store: `last` itself when nothing in it changed. */
  private read(last: PvLiveSnapshot<S> | null): PvLiveSnapshot<S> {
    const { store } = this.client;
    const config: PvConfigState = store.getPvConfig(this.key) ?? LOADING;
    const alarm = store.getItem('pvAlarm', this.key);
    const station = pvStationNumber(this.ref, config.config);
    const dialState =
      station === null ? undefined : store.getStation(stationKey(station))?.dialState;
    const connection = stationConnection(dialState, store.getLink());
    const parts: PvLiveParts =
      last && last.config === config && last.alarm === alarm && last.connection === connection
        ? last
        : { config, alarm, connection };
    const standing = this.standingOf(this.value(), parts);
    if (parts === last && Object.is(standing, last.standing)) return last;
    return { config, alarm, connection, standing };
  }
}
