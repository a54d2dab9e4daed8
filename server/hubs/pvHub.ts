/**
 * /hubs/pv (SPEC §7): live PV values, configs, limit configs, and the keyed subscriptions
 * whose data comes with later features (maintenance configs, acks, plans, lines).
 */
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import { parsePvKey, pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvRef, PvValue } from '../../src/contract/pv.ts';
import type { StationRef } from '../../src/contract/station.ts';
import type { SessionUser } from '../auth/service.ts';
import type { Plant } from '../plant/types.ts';
import type { HubServer } from './HubServer.ts';
import { isGenericKey, isPvKey } from './hubArgs.ts';
import { currentItems, keyedMethods, keyedMethodsWith, sendCurrent } from './hubMethods.ts';
import { pvCode, pvCodeOfKey, pvRefOfCode } from './pvCode.ts';
import { RawJson } from './protocol.ts';
import { pvValueJson } from './pvValueJson.ts';

const M = HUB_METHODS.pv;
const HUB = 'pv';

export interface PvHubHandle {
  /** Values to subscribers of their keys, coalesced per connection into one `newValues`. */
  publishValues(values: readonly PvValue[]): void;
  publishConfig(config: PvConfig): void;
  publishLimitConfig(config: PvLimitConfig): void;
  /** `newMaintenanceConfig(config)` to subscribers of the PV's key. */
  publishMaintenanceConfig<T extends { pvMaintenanceRef: { pvRef: PvRef } }>(config: T): void;
  /** Where the current maintenance configs of a newly subscribed PV come from (maintenance). */
  setMaintenanceConfigSource(source: (ref: PvRef) => readonly unknown[]): void;
  /** `newAck(ack)` to subscribers of `SubscribeToAcks` for the PV. */
  publishAck<T>(pv: PvRef, ack: T): void;
  /** Where a new SubscribeToAcks gets the PV's last acknowledgement (pushed right away). */
  setAckSource(source: (ref: PvRef) => unknown): void;
  /** `newPlanInfo(info)` to subscribers of `key` (latest per key and frame). */
  publishPlanInfo<T extends { station: StationRef; planNumber: number }>(
    key: string,
    info: T,
  ): void;
  /** `newPlanInfo` with an item made per subscriber (its user's currentUserCanEdit). */
  publishPlanInfoFor(key: string, infoFor: (user: SessionUser) => unknown): void;
  /** Where a new plan or line subscription gets its current item (pushed right away). */
  setPlanSource(source: (key: string, user: SessionUser) => unknown): void;
  setLineSource(source: (key: string) => unknown): void;
  /** `newLineInfo(info)` to subscribers of `key` (latest per key and frame). */
  publishLineInfo<T extends { station: StationRef; lineNumber: number }>(
    key: string,
    info: T,
  ): void;
  dispose(): void;
}

const rawPvValue = (value: PvValue): RawJson => new RawJson(pvValueJson(value));

export function registerPvHub(server: HubServer, plant: Plant): PvHubHandle {
  // NOTE: keyed by pvCode, not by key string: the lookup per published value is the hot path.
  const values = server.keyedSubscriptions<number>(HUB, 'values');
  const configs = server.keyedSubscriptions(HUB, 'configs');
  const limitConfigs = server.keyedSubscriptions(HUB, 'limitConfigs');
  const maintenanceConfigs = server.keyedSubscriptions(HUB, 'maintenanceConfigs');
  const acks = server.keyedSubscriptions(HUB, 'acks');
  const plans = server.keyedSubscriptions(HUB, 'plans');
  let maintenanceConfigSource: (ref: PvRef) => readonly unknown[] = () => [];
  const lines = server.keyedSubscriptions(HUB, 'lines');
  const currentLines = currentItems(lines, HUB_MESSAGES.newLineInfo);
  let planSource: (key: string, user: SessionUser) => unknown = () => undefined;
  let ackSource: (ref: PvRef) => unknown = () => undefined;

  server.addHub({
    name: HUB,
    path: HUBS.pv,
    methods: {
      ...keyedMethodsWith(
        values,
        { subscribe: M.subscribeToPvs, unsubscribe: M.unsubscribeFromPvs },
        isPvKey,
        'PV',
        pvCodeOfKey,
        (conn, added) => {
          // Current values right away, in the same coalesced message as later changes.
          for (const code of added) {
            const value = plant.valueByKey(pvKey(pvRefOfCode(code)));
            if (value) values.pushLatest(conn, code, HUB_MESSAGES.newValues, value, 'batch');
          }
        },
      ),
      ...keyedMethods(
        configs,
        { subscribe: M.subscribeToConfigs, unsubscribe: M.unsubscribeFromConfigs },
        isPvKey,
        'PV',
        sendCurrent(HUB_MESSAGES.newConfig, (key) => {
          const config = plant.config(parsePvKey(key)!);
          return config ? [config] : [];
        }),
      ),
      ...keyedMethods(
        limitConfigs,
        { subscribe: M.subscribeToLimitConfigs, unsubscribe: M.unsubscribeFromLimitConfigs },
        isPvKey,
        'PV',
        sendCurrent(HUB_MESSAGES.newLimitConfig, (key) => plant.limitConfigs(parsePvKey(key)!)),
      ),
      ...keyedMethods(
        maintenanceConfigs,
        {
          subscribe: M.subscribeToMaintenanceConfigs,
          unsubscribe: M.unsubscribeFromMaintenanceConfigs,
        },
        isPvKey,
        'PV',
        sendCurrent(HUB_MESSAGES.newMaintenanceConfig, (key) =>
          maintenanceConfigSource(parsePvKey(key)!),
        ),
      ),
      ...keyedMethods(
        acks,
        { subscribe: M.subscribeToAcks, unsubscribe: M.unsubscribeFromAcks },
        isPvKey,
        'PV',
        sendCurrent(HUB_MESSAGES.newAck, (key) => {
          const ack = ackSource(parsePvKey(key)!);
          return ack === undefined ? [] : [ack];
        }),
      ),
      ...keyedMethods(
        plans,
        { subscribe: M.subscribeToPlans, unsubscribe: M.unsubscribeFromPlans },
        isGenericKey,
        'plan',
        (conn, added) => {
          for (const key of added) {
            const info = planSource(key, conn.user);
            if (info) plans.pushLatest(conn, key, HUB_MESSAGES.newPlanInfo, info);
          }
        },
      ),
      ...keyedMethods(
        lines,
        { subscribe: M.subscribeToLines, unsubscribe: M.unsubscribeFromLines },
        isGenericKey,
        'line',
        currentLines.onSubscribed,
      ),
    },
  });

  const handle: PvHubHandle = {
    publishValues(changed) {
      if (values.keyCount === 0) return;
      for (let i = 0; i < changed.length; i++) {
        const value = changed[i]!;
        // Serialised once (by hand: the hot path), however many connections receive it.
        values.publishLatestWith(
          pvCode(value.pvRef),
          HUB_MESSAGES.newValues,
          value,
          rawPvValue,
          'batch',
        );
      }
    },
    publishConfig(config) {
      configs.publish(pvKey(config.pvRef), HUB_MESSAGES.newConfig, config);
    },
    publishLimitConfig(config) {
      limitConfigs.publish(pvKey(config.pvLimitRef.pv), HUB_MESSAGES.newLimitConfig, config);
    },
    publishMaintenanceConfig(config) {
      const key = pvKey(config.pvMaintenanceRef.pvRef);
      maintenanceConfigs.publish(key, HUB_MESSAGES.newMaintenanceConfig, config);
    },
    setMaintenanceConfigSource(source) {
      maintenanceConfigSource = source;
    },
    publishAck(pv, ack) {
      acks.publish(pvKey(pv), HUB_MESSAGES.newAck, ack);
    },
    setAckSource(source) {
      ackSource = source;
    },
    publishPlanInfo(key, info) {
      plans.publishLatest(key, HUB_MESSAGES.newPlanInfo, info);
    },
    publishPlanInfoFor(key, infoFor) {
      for (const conn of plans.subscribers(key))
        plans.pushLatest(conn, key, HUB_MESSAGES.newPlanInfo, infoFor(conn.user));
    },
    setPlanSource(source) {
      planSource = source;
    },
    setLineSource: currentLines.setSource,
    publishLineInfo(key, info) {
      lines.publishLatest(key, HUB_MESSAGES.newLineInfo, info);
    },
    dispose: () => {
      for (const off of listeners) off();
    },
  };
  const listeners = [
    plant.on('values', (changed) => handle.publishValues(changed)),
    plant.on('config', (config) => handle.publishConfig(config)),
    plant.on('limitConfig', (config) => handle.publishLimitConfig(config)),
  ];
  return handle;
}
