/**
 * What a tab can lease, and how each kind is subscribed on the server: which hub, which
 * subscribe/unsubscribe method pairs (one key list serves every pair), and the batch size
 * of SPEC §9.
 */
import { HUB_METHODS, SUBSCRIPTION_BATCH_SIZE, type HubName } from '../src/contract/hubs.ts';
import { ITEM_KINDS, ITEM_TOPICS, type ItemKind } from './topics/itemTopics.ts';

/**
 * Kinds with stores of their own; every other kind is a keyed item topic (topics/).
 * `stationTime` (key = station key) is a tab's interest in a station's time stamp beside its
 * `station` lease (FR9, workers/SPEC.md): without it the tab's frames carry the station's
 * state with no time stamp, and a newer time stamp alone sends it nothing.
 */
export const CORE_LEASE_KINDS = [
  'pvValue',
  'pvConfig',
  'station',
  'stationTime',
  'serverStatus',
] as const;
export type CoreLeaseKind = (typeof CORE_LEASE_KINDS)[number];
export type LeaseKind = CoreLeaseKind | ItemKind;
export const LEASE_KINDS: readonly LeaseKind[] = [...CORE_LEASE_KINDS, ...ITEM_KINDS];
/** Kinds leased by key string; PV values are leased by value-store slot (pvLeases.ts). */
export type KeyKind = Exclude<LeaseKind, 'pvValue'>;
export const KEY_KINDS = LEASE_KINDS.filter((kind): kind is KeyKind => kind !== 'pvValue');

export interface MethodPair {
  subscribe: string;
  unsubscribe: string;
}

export interface Topic {
  hub: HubName;
  methods: readonly MethodPair[];
  batchSize: number;
}

const pv = HUB_METHODS.pv;
const st = HUB_METHODS.station;

const CORE_TOPICS: Record<CoreLeaseKind, Topic> = {
  pvValue: {
    hub: 'pv',
    methods: [{ subscribe: pv.subscribeToPvs, unsubscribe: pv.unsubscribeFromPvs }],
    batchSize: SUBSCRIPTION_BATCH_SIZE,
  },
  pvConfig: {
    hub: 'pv',
    methods: [{ subscribe: pv.subscribeToConfigs, unsubscribe: pv.unsubscribeFromConfigs }],
    batchSize: SUBSCRIPTION_BATCH_SIZE,
  },
  station: {
    hub: 'station',
    methods: [
      { subscribe: st.subscribeToConfigs, unsubscribe: st.unsubscribeFromConfigs },
      { subscribe: st.subscribeToTimestamps, unsubscribe: st.unsubscribeFromTimestamps },
      { subscribe: st.subscribeToDialCounters, unsubscribe: st.unsubscribeFromDialCounters },
      { subscribe: st.subscribeToDialStates, unsubscribe: st.unsubscribeFromDialStates },
    ],
    batchSize: SUBSCRIPTION_BATCH_SIZE,
  },
  // The station lease subscribes the time stamps; this one only chooses the tabs they reach.
  stationTime: { hub: 'station', methods: [], batchSize: SUBSCRIPTION_BATCH_SIZE },
  // The status hub pushes to every connection; a lease only keeps the channel open.
  serverStatus: { hub: 'serverStatus', methods: [], batchSize: SUBSCRIPTION_BATCH_SIZE },
};

export const TOPICS: Record<LeaseKind, Topic> = { ...CORE_TOPICS, ...ITEM_TOPICS };

export { SERVER_STATUS_KEY } from './topics/topicNames.ts';
