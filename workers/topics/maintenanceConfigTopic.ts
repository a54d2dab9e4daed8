/**
 * The service intervals of a machine (SPEC §3 "Maintenance config", §7 "maintenance configs",
 * `newMaintenanceConfig`), keyed like the PV. The hub pushes one service message type per
 * message; the item holds all four by type (uwm, muwm, mowm, owm), so a view shows the next
 * service due and whether one is overdue.
 */
import { SERVICE_MESSAGE_TYPES, isOneOf } from '../../src/contract/enums.ts';
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import {
  RUNTIME_DIMENSIONS,
  RUNTIME_END_TYPES,
  type MaintenanceConfig,
  type MaintenanceConfigSet,
} from '../../src/contract/maintenance.ts';
import { isPvRef } from '../validate.ts';
import type { ItemTopic } from './ItemTopic.ts';

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

export const maintenanceConfigTopic: ItemTopic<MaintenanceConfigSet> = {
  kind: 'maintenanceConfig',
  hub: 'pv',
  methods: [
    {
      subscribe: HUB_METHODS.pv.subscribeToMaintenanceConfigs,
      unsubscribe: HUB_METHODS.pv.unsubscribeFromMaintenanceConfigs,
    },
  ],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newMaintenanceConfig,
      parse: ([config]) =>
        isMaintenanceConfig(config)
          ? [
              [
                pvKey(config.pvMaintenanceRef.pvRef),
                { [config.pvMaintenanceRef.serviceMessageType]: config },
              ],
            ]
          : [],
    },
  ],
  merge: (held, pushed) => ({ ...held, ...pushed }),
};
