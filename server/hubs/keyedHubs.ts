/**
 * The hubs that only track keys until their features land (SPEC §7): pipe leakage, report
 * data, dashboard notes, visualisation text messages and energy optimisation. Each exposes
 * one publish function, so a feature sends with a one-line call.
 */
import { HUBS, HUB_MESSAGES, HUB_METHODS, type HubName } from '../../src/contract/hubs.ts';
import type { HubServer } from './HubServer.ts';
import { isGenericKey } from './hubArgs.ts';
import { keyedMethods, type MethodPair } from './hubMethods.ts';
import type { KeyedSubscriptions } from './KeyedSubscriptions.ts';
import type { HubConnection } from './HubConnection.ts';

type WithId = { id: number | string };

export interface PipeLeakageHubHandle {
  /** `newConfig(config)` to subscribers of the pipe leakage key. */
  publishConfig<C>(key: string, config: C): void;
  /** Where the current config of a key comes from, pushed right after a subscribe. */
  setCurrent(current: (key: string) => unknown): void;
}
export interface ReportDataHubHandle {
  /** Report values, coalesced per connection into one `newValues([item, …])` per frame. */
  publishReportData<D>(key: string, data: D): void;
  /** Where the current item of a newly subscribed key comes from (null: none), pushed at once. */
  setCurrent(current: (key: string) => unknown): void;
}
export interface DashboardHubHandle {
  /** `noteUpdate(note)` to subscribers of the note key. */
  publishNoteUpdate<N extends WithId>(key: string, note: N): void;
}
export interface VisuTextMessageHubHandle {
  /** `newMessage(message)` to subscribers of the text message key. */
  publishTextMessage<T extends WithId>(key: string, message: T): void;
}
export interface EnergyOptHubHandle {
  /** `newValue(values)` to subscribers of the key (latest per key and frame). */
  publishEnergyValues<V>(key: string, values: V): void;
  /** Where the current values of a key come from, pushed right after a subscribe. */
  setCurrent(current: (key: string) => unknown): void;
}

function keyedHub(
  server: HubServer,
  name: HubName,
  kind: string,
  pair: MethodPair,
  onSubscribed?: (conn: HubConnection, added: readonly string[]) => void,
): KeyedSubscriptions {
  const subscriptions = server.keyedSubscriptions(name, kind);
  server.addHub({
    name,
    path: HUBS[name],
    methods: keyedMethods(subscriptions, pair, isGenericKey, kind, onSubscribed),
  });
  return subscriptions;
}

/** Pushes the current item of each newly subscribed key with `message` (server/hubs/SPEC.md). */
function currentPusher(message: string) {
  let current: (key: string) => unknown = () => undefined;
  return {
    set: (next: (key: string) => unknown) => {
      current = next;
    },
    push: (conn: HubConnection, added: readonly string[]) => {
      for (const key of added) {
        const item = current(key);
        if (item !== undefined) conn.send(message, item);
      }
    },
  };
}

export function registerPipeLeakageHub(server: HubServer): PipeLeakageHubHandle {
  const m = HUB_METHODS.pipeLeakage;
  const current = currentPusher(HUB_MESSAGES.newConfig);
  const s = keyedHub(
    server,
    'pipeLeakage',
    'pipe leakage',
    { subscribe: m.subscribeToConfigs, unsubscribe: m.unsubscribeFromConfigs },
    current.push,
  );
  return {
    publishConfig: (key, config) => s.publishLatest(key, HUB_MESSAGES.newConfig, config),
    setCurrent: current.set,
  };
}

export function registerReportDataHub(server: HubServer): ReportDataHubHandle {
  let current: ((key: string) => unknown) | null = null;
  const s = server.keyedSubscriptions('reportData', 'report data');
  server.addHub({
    name: 'reportData',
    path: HUBS.reportData,
    methods: keyedMethods(s, HUB_METHODS.reportData, isGenericKey, 'report data', (conn, added) => {
      if (!current) return;
      for (const key of added) {
        const item = current(key);
        if (item !== null && item !== undefined) {
          s.pushLatest(conn, key, HUB_MESSAGES.newValues, item, 'batch');
        }
      }
    }),
  });
  return {
    publishReportData: (key, data) => s.publishLatest(key, HUB_MESSAGES.newValues, data, 'batch'),
    setCurrent: (fn) => {
      current = fn;
    },
  };
}

export function registerDashboardHub(server: HubServer): DashboardHubHandle {
  const m = HUB_METHODS.dashboard;
  const s = keyedHub(server, 'dashboard', 'note', {
    subscribe: m.subscribeToNotes,
    unsubscribe: m.unsubscribeFromNotes,
  });
  return { publishNoteUpdate: (key, note) => s.publish(key, HUB_MESSAGES.noteUpdate, note) };
}

export function registerVisuTextMessageHub(server: HubServer): VisuTextMessageHubHandle {
  const s = keyedHub(server, 'visuTextMessage', 'text message', HUB_METHODS.visuTextMessage);
  return {
    publishTextMessage: (key, message) => s.publish(key, HUB_MESSAGES.newMessage, message),
  };
}

export function registerEnergyOptHub(server: HubServer): EnergyOptHubHandle {
  const current = currentPusher(HUB_MESSAGES.newValue);
  const s = keyedHub(
    server,
    'energyOpt',
    'energy optimisation',
    HUB_METHODS.energyOpt,
    current.push,
  );
  return {
    publishEnergyValues: (key, values) => s.publishLatest(key, HUB_MESSAGES.newValue, values),
    setCurrent: current.set,
  };
}
