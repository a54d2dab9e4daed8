/**
 * The hubs that only track keys until their features land (SPEC §7): pipe leakage, report
 * data, dashboard notes, visualisation text messages and energy optimisation. Each exposes
 * one publish function, so a feature sends with a one-line call.
 */
import { HUBS, HUB_MESSAGES, HUB_METHODS, type HubName } from '../../src/contract/hubs.ts';
import type { HubServer } from './HubServer.ts';
import { isGenericKey } from './hubArgs.ts';
import { currentItems, keyedMethods, type MethodPair } from './hubMethods.ts';
import type { CoalesceMode } from './HubConnection.ts';

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

/**
 * A hub of one keyed subscription kind. With `current`, the current item of each newly
 * subscribed key is pushed with that message; the returned `setCurrent` sets its source.
 */
function keyedHub(
  server: HubServer,
  name: HubName,
  kind: string,
  pair: MethodPair,
  current?: { message: string; mode?: CoalesceMode },
) {
  const subscriptions = server.keyedSubscriptions(name, kind);
  const items = current ? currentItems(subscriptions, current.message, current.mode) : null;
  server.addHub({
    name,
    path: HUBS[name],
    methods: keyedMethods(subscriptions, pair, isGenericKey, kind, items?.onSubscribed),
  });
  return {
    subscriptions,
    setCurrent: (source: (key: string) => unknown) => items?.setSource(source),
  };
}

export function registerPipeLeakageHub(server: HubServer): PipeLeakageHubHandle {
  const m = HUB_METHODS.pipeLeakage;
  const { subscriptions: s, setCurrent } = keyedHub(
    server,
    'pipeLeakage',
    'pipe leakage',
    { subscribe: m.subscribeToConfigs, unsubscribe: m.unsubscribeFromConfigs },
    { message: HUB_MESSAGES.newConfig },
  );
  return {
    publishConfig: (key, config) => s.publishLatest(key, HUB_MESSAGES.newConfig, config),
    setCurrent,
  };
}

export function registerReportDataHub(server: HubServer): ReportDataHubHandle {
  const { subscriptions: s, setCurrent } = keyedHub(
    server,
    'reportData',
    'report data',
    HUB_METHODS.reportData,
    { message: HUB_MESSAGES.newValues, mode: 'batch' },
  );
  return {
    publishReportData: (key, data) => s.publishLatest(key, HUB_MESSAGES.newValues, data, 'batch'),
    setCurrent,
  };
}

export function registerDashboardHub(server: HubServer): DashboardHubHandle {
  const m = HUB_METHODS.dashboard;
  const { subscriptions: s } = keyedHub(server, 'dashboard', 'note', {
    subscribe: m.subscribeToNotes,
    unsubscribe: m.unsubscribeFromNotes,
  });
  return { publishNoteUpdate: (key, note) => s.publish(key, HUB_MESSAGES.noteUpdate, note) };
}

export function registerVisuTextMessageHub(server: HubServer): VisuTextMessageHubHandle {
  const { subscriptions: s } = keyedHub(
    server,
    'visuTextMessage',
    'text message',
    HUB_METHODS.visuTextMessage,
  );
  return {
    publishTextMessage: (key, message) => s.publish(key, HUB_MESSAGES.newMessage, message),
  };
}

export function registerEnergyOptHub(server: HubServer): EnergyOptHubHandle {
  const { subscriptions: s, setCurrent } = keyedHub(
    server,
    'energyOpt',
    'energy optimisation',
    HUB_METHODS.energyOpt,
    { message: HUB_MESSAGES.newValue },
  );
  return {
    publishEnergyValues: (key, values) => s.publishLatest(key, HUB_MESSAGES.newValue, values),
    setCurrent,
  };
}
