/**
 * Checks and keys of pushed maintenance configs (`maintenanceConfigTopic.ts`), fetched with
 * the topic's first lease.
 */
import { SERVICE_MESSAGE_TYPES, isOneOf } from '../../src/contract/enums.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import {
  RUNTIME_DIMENSIONS,
  RUNTIME_END_TYPES,
  type MaintenanceConfig,
  type MaintenanceConfigSet,
} from '../../src/contract/maintenance.ts';
import { isPvRef } from '../validate.ts';
import type { ItemParsers } from './ItemTopic.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isMaintenanceConfig(value: unknown): value is MaintenanceConfig {
  return (
    isRecord(value) &&
    isRecord(value.pvMaintenanceRef) &&
    isPvRef(value.pvMaintenanceRef.pvRef) &&
    isOneOf(SERVICE_MESSAGE_TYPES, value.pvMaintenanceRef.serviceMessageType) &&
    typeof value.remainingTime === 'number' &&
    typeof value.runtimeHours === 'number' &&
    typeof value.priority === 'number' &&
    typeof value.description === 'string' &&
    // Fields a plant server may leave out are checked only when present.
    (value.runtimeDimension === undefined || isOneOf(RUNTIME_DIMENSIONS, value.runtimeDimension)) &&
    (value.runtimeEndType === undefined || isOneOf(RUNTIME_END_TYPES, value.runtimeEndType))
  );
}

export const maintenanceConfigParsers: ItemParsers<MaintenanceConfigSet> = {
  [HUB_MESSAGES.newMaintenanceConfig]: ([config]) =>
    isMaintenanceConfig(config)
      ? [
          [
            pvKey(config.pvMaintenanceRef.pvRef),
            { [config.pvMaintenanceRef.serviceMessageType]: config },
          ],
        ]
      : [],
};
