/**
 * Live channels (SPEC §7 "Live channels"): hub paths, the methods a client invokes and the
 * messages the server sends. Names are case-sensitive on the wire.
 */
import type { ServerDialState, ServerStatus } from './enums.ts';
import type { DialCounters } from './station.ts';

export const HUBS = {
  alert: '/hubs/alert',
  pipeLeakage: '/hubs/pipeleakage',
  pv: '/hubs/pv',
  reportData: '/hubs/reportdata',
  station: '/hubs/station',
  serverStatus: '/hubs/server-status',
  dashboard: '/hubs/dashboard',
  visuTextMessage: '/hubs/visu-text-message',
  energyOpt: '/hubs/energy-opt',
} as const;
export type HubName = keyof typeof HUBS;
export const HUB_NAMES = Object.keys(HUBS) as HubName[];

/** Methods the client invokes on a hub. Subscribe methods take a list of keys. */
export const HUB_METHODS = {
  alert: {
    subscribeToAllAlerts: 'SubscribeToAllAlerts',
    unsubscribeFromAllAlerts: 'UnsubscribeFromAllAlerts',
    subscribeToAcks: 'SubscribeToAcks',
    unsubscribeFromAcks: 'UnsubscribeFromAcks',
    subscribeToPendingAlerts: 'SubscribeToPendingAlerts',
    unsubscribeFromPendingAlerts: 'UnsubscribeFromPendingAlerts',
    fetchAllPendingAlerts: 'FetchAllPendingAlerts',
    subscribeToAlertState: 'SubscribeToAlertState',
    unsubscribeFromAlertState: 'UnsubscribeFromAlertState',
  },
  pipeLeakage: {
    subscribeToConfigs: 'SubscribeToPipeLeakageConfigs',
    unsubscribeFromConfigs: 'UnsubscribeFromPipeLeakageConfigs',
  },
  pv: {
    subscribeToPvs: 'SubscribeToPvs',
    unsubscribeFromPvs: 'UnsubscribeFromPvs',
    subscribeToAcks: 'SubscribeToAcks',
    unsubscribeFromAcks: 'UnsubscribeFromAcks',
    subscribeToConfigs: 'SubscribeToConfigs',
    unsubscribeFromConfigs: 'UnsubscribeFromConfigs',
    subscribeToLimitConfigs: 'SubscribeToLimitConfigs',
    unsubscribeFromLimitConfigs: 'UnsubscribeFromLimitConfigs',
    subscribeToMaintenanceConfigs: 'SubscribeToMaintenanceConfigs',
    unsubscribeFromMaintenanceConfigs: 'UnsubscribeFromMaintenanceConfigs',
    subscribeToPlans: 'SubscribeToPlans',
    unsubscribeFromPlans: 'UnsubscribeFromPlans',
    subscribeToLines: 'SubscribeToLines',
    unsubscribeFromLines: 'UnsubscribeFromLines',
  },
  reportData: {
    subscribe: 'SubscribeToReportData',
    unsubscribe: 'UnsubscribeFromReportData',
  },
  station: {
    subscribeToTimestamps: 'SubscribeToTimestamps',
    unsubscribeFromTimestamps: 'UnsubscribeFromTimestamps',
    subscribeToDialCounters: 'SubscribeToDialCounters',
    unsubscribeFromDialCounters: 'UnsubscribeFromDialCounters',
    subscribeToConfigs: 'SubscribeToStationConfigs',
    unsubscribeFromConfigs: 'UnsubscribeFromStationConfigs',
    subscribeToDialStates: 'SubscribeToDialStates',
    unsubscribeFromDialStates: 'UnsubscribeFromDialStates',
  },
  serverStatus: {
    getStatus: 'GetServerStatus',
  },
  dashboard: {
    subscribeToNotes: 'SubscribeToNotes',
    unsubscribeFromNotes: 'UnsubscribeFromNotes',
  },
  visuTextMessage: {
    subscribe: 'SubscribeToTextMessages',
    unsubscribe: 'UnsubscribeFromTextMessages',
  },
  energyOpt: {
    subscribe: 'SubscribeToEnergyOptimisation',
    unsubscribe: 'UnsubscribeFromEnergyOptimisation',
  },
} as const satisfies Record<HubName, Record<string, string>>;

/** Messages the server sends (SPEC §7). The client matches them case-insensitively. */
export const HUB_MESSAGES = {
  newAlert: 'newAlert',
  ackAlert: 'ackAlert',
  ackAlerts: 'ackAlerts',
  deletedAlerts: 'deletedAlerts',
  newPendingAlerts: 'newPendingAlerts',
  newAlertState: 'newAlertState',
  newConfig: 'newConfig',
  newLimitConfig: 'newLimitConfig',
  newMaintenanceConfig: 'newMaintenanceConfig',
  newAck: 'newAck',
  newValue: 'newValue',
  newValues: 'newValues',
  newPlanInfo: 'newPlanInfo',
  newLineInfo: 'newLineInfo',
  newTimestamp: 'newTimestamp',
  newDialCounter: 'newDialCounter',
  newDialState: 'newDialState',
  noteUpdate: 'noteUpdate',
  newMessage: 'newMessage',
  serverStatusChanged: 'serverStatusChanged',
  sendServerInfoMessage: 'sendServerInfoMessage',
} as const;
export type HubMessage = (typeof HUB_MESSAGES)[keyof typeof HUB_MESSAGES];

/** Subscription batch sizes (SPEC §9). */
export const SUBSCRIPTION_BATCH_SIZE = 1024;
export const REPORT_DATA_BATCH_SIZE = 400;

/**
 * Payloads of the live messages. Subscribe methods take `string[]` keys and return nothing;
 * right after a subscribe the server pushes the current state of the new keys with the
 * same messages it uses for changes, so a subscriber never waits for the next change.
 */
export interface NewTimestampMessage {
  stationNumber: number;
  timestamp: number;
}
export interface NewDialCounterMessage {
  stationNumber: number;
  lastConnection: number | null;
  dialCounters: DialCounters;
}
export interface NewDialStateMessage {
  stationNumber: number;
  dialState: ServerDialState;
}
export interface ServerStatusMessage {
  status: ServerStatus;
  /** Epoch ms at which the server last heard from the control unit. */
  since: number;
}
