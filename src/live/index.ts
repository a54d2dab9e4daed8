/**
 * The tab side of the live-data engine: what features and the app shell use. A hook that only
 * lazily loaded pages use is imported from its own file (`src/live/useAlertWindow.ts`,
 * `useAlarmPerformance.ts`, `useLiveItems.ts`, `usePvStandings.ts`), not from here: whatever
 * this file names is built into the tab's first script.
 */
export { LiveProvider, type LiveProviderProps } from './LiveProvider.tsx';
export { useLiveClient } from './LiveContext.ts';
export { usePvValue } from './usePvValue.ts';
export { usePvConfig, type PvConfigState } from './usePvConfig.ts';
export {
  useStationDialState,
  useStationLive,
  useStationLiveWriter,
  useStationStale,
  useStationTime,
  useStationState,
} from './useStationLive.ts';
export { pvStationNumber, useStationConnection } from './useStationConnection.ts';
export { useLinkDown } from './useLinkDown.ts';
export { useConnectionStatus } from './useConnectionStatus.ts';
export type { TabConnectionState, TabConnectionStatus } from './TabLiveStore.ts';
export { LiveClient, LEASE_RELEASE_GRACE_MS, type LiveClientOptions } from './LiveClient.ts';
export { logoutUrl } from './sessionRedirect.ts';
export type { ConnectionStatus, PvConfigResult } from '../../workers/engineProtocol.ts';
export { useAlertCounts } from './useAlertCounts.ts';
export type { AlertCounts, AlertViewFrame } from '../../workers/engineProtocol.ts';
export type { AlertView, AlertViewSource } from '../../workers/engineApi.ts';
export {
  useLiveItem,
  useLiveItemState,
  usePvAlarm,
  useStationAlarm,
  usePvLimits,
  type LiveItemState,
} from './useLiveItem.ts';
export { useServerInfo } from './useServerInfo.ts';
