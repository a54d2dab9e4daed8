/**
 * /hubs/station (SPEC §7): timestamps, dial counters, configs and dial states per station,
 * keyed `st<nr>`. Current state is pushed on subscribe; changes come from the plant.
 */
import { isOneOf, SERVER_DIAL_STATES } from '../../src/contract/enums.ts';
import {
  HUBS,
  HUB_MESSAGES,
  HUB_METHODS,
  type NewDialCounterMessage,
  type NewDialStateMessage,
  type NewTimestampMessage,
} from '../../src/contract/hubs.ts';
import { stationKey } from '../../src/contract/keys.ts';
import type { StationConfig, StationLiveData } from '../../src/contract/station.ts';
import type { Plant } from '../plant/types.ts';
import type { HubConnection } from './HubConnection.ts';
import type { HubServer } from './HubServer.ts';
import type { KeyedSubscriptions } from './KeyedSubscriptions.ts';
import { isStationKey, stationNumberOfKey } from './hubArgs.ts';
import { keyedMethods, sendCurrent } from './hubMethods.ts';

const M = HUB_METHODS.station;
const HUB = 'station';

export interface StationHubHandle {
  publishTimestamp(message: NewTimestampMessage): void;
  publishDialCounter(message: NewDialCounterMessage): void;
  publishDialState(message: NewDialStateMessage): void;
  publishConfig(config: StationConfig): void;
  dispose(): void;
}

function timestampMessage(live: StationLiveData): NewTimestampMessage | null {
  if (live.timestamp === null) return null;
  return { stationNumber: live.stationNumber, timestamp: live.timestamp };
}

function dialCounterMessage(live: StationLiveData): NewDialCounterMessage | null {
  if (live.dialCounters === null) return null;
  return {
    stationNumber: live.stationNumber,
    lastConnection: live.lastConnection,
    dialCounters: live.dialCounters,
  };
}

function dialStateMessage(live: StationLiveData): NewDialStateMessage | null {
  // NOTE: Connecting and Disconnecting are client-side interim states (SPEC §4); never sent.
  if (!isOneOf(SERVER_DIAL_STATES, live.dialState)) return null;
  return { stationNumber: live.stationNumber, dialState: live.dialState };
}

export function registerStationHub(server: HubServer, plant: Plant): StationHubHandle {
  const timestamps = server.keyedSubscriptions(HUB, 'timestamps');
  const dialCounters = server.keyedSubscriptions(HUB, 'dialCounters');
  const configs = server.keyedSubscriptions(HUB, 'configs');
  const dialStates = server.keyedSubscriptions(HUB, 'dialStates');

  /** Pushes the current live data of the newly subscribed stations. */
  const pushLive =
    (
      subscriptions: KeyedSubscriptions,
      target: string,
      build: (live: StationLiveData) => object | null,
    ) =>
    (conn: HubConnection, added: readonly string[]) => {
      for (const key of added) {
        const live = plant.stationLive(stationNumberOfKey(key));
        const message = live ? build(live) : null;
        if (message) subscriptions.pushLatest(conn, key, target, message);
      }
    };

  server.addHub({
    name: HUB,
    path: HUBS.station,
    methods: {
      ...keyedMethods(
        timestamps,
        { subscribe: M.subscribeToTimestamps, unsubscribe: M.unsubscribeFromTimestamps },
        isStationKey,
        'station',
        pushLive(timestamps, HUB_MESSAGES.newTimestamp, timestampMessage),
      ),
      ...keyedMethods(
        dialCounters,
        { subscribe: M.subscribeToDialCounters, unsubscribe: M.unsubscribeFromDialCounters },
        isStationKey,
        'station',
        pushLive(dialCounters, HUB_MESSAGES.newDialCounter, dialCounterMessage),
      ),
      ...keyedMethods(
        configs,
        { subscribe: M.subscribeToConfigs, unsubscribe: M.unsubscribeFromConfigs },
        isStationKey,
        'station',
        sendCurrent(HUB_MESSAGES.newConfig, (key) => {
          const config = plant.stationConfig(stationNumberOfKey(key));
          return config ? [config] : [];
        }),
      ),
      ...keyedMethods(
        dialStates,
        { subscribe: M.subscribeToDialStates, unsubscribe: M.unsubscribeFromDialStates },
        isStationKey,
        'station',
        (conn, added) => {
          for (const key of added) {
            const nr = stationNumberOfKey(key);
            const config = plant.stationConfig(nr);
            const live = plant.stationLive(nr);
            const message: NewDialStateMessage | null = config
              ? { stationNumber: nr, dialState: config.dialState }
              : live
                ? dialStateMessage(live)
                : null;
            if (message) dialStates.pushLatest(conn, key, HUB_MESSAGES.newDialState, message);
          }
        },
      ),
    },
  });

  const handle: StationHubHandle = {
    publishTimestamp(message) {
      const key = stationKey(message.stationNumber);
      timestamps.publishLatest(key, HUB_MESSAGES.newTimestamp, message);
    },
    publishDialCounter(message) {
      const key = stationKey(message.stationNumber);
      dialCounters.publishLatest(key, HUB_MESSAGES.newDialCounter, message);
    },
    publishDialState(message) {
      const key = stationKey(message.stationNumber);
      dialStates.publishLatest(key, HUB_MESSAGES.newDialState, message);
    },
    publishConfig(config) {
      configs.publish(stationKey(config.station.stationNumber), HUB_MESSAGES.newConfig, config);
    },
    dispose: () => {
      for (const off of listeners) off();
    },
  };

  const listeners = [
    plant.on('station', (live, what) => {
      if (what === 'timestamp') {
        const message = timestampMessage(live);
        if (message) handle.publishTimestamp(message);
      } else if (what === 'dialCounter') {
        const message = dialCounterMessage(live);
        if (message) handle.publishDialCounter(message);
      } else {
        const message = dialStateMessage(live);
        if (message) handle.publishDialState(message);
      }
    }),
    plant.on('stationConfig', (config) => handle.publishConfig(config)),
  ];
  return handle;
}
