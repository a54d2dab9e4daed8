/**
 * The names of the engine's live topics that a tab needs without their implementations: a
 * tab's first script must not carry every topic's parser and hub methods (itemTopics.ts,
 * topics.ts) only to tell an item frame's kind or to lease the server status.
 */
import type { ItemKind } from './itemTopics.ts';

/** Every keyed item topic (itemTopics.ts `ITEM_TOPICS`, in the same order: tested). */
export const ITEM_KIND_NAMES: readonly ItemKind[] = [
  'alertState',
  'limitConfig',
  'pvAlarm',
  'stationAlarm',
  'energy',
  'pipeLeakage',
  'reportData',
  'maintenanceConfig',
  'plan',
  'line',
  'pvAck',
  'pendingRemoteAlarms',
];

const ITEM_KIND_SET: ReadonlySet<string> = new Set(ITEM_KIND_NAMES);

export function isItemKind(kind: string): kind is ItemKind {
  return ITEM_KIND_SET.has(kind);
}

/** The one key of the server-status lease. */
export const SERVER_STATUS_KEY = 'server';
