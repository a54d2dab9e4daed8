/**
 * /hubs/alert (SPEC §7): all alerts, acks and pending alerts as per-connection flags, alert
 * state per binding key. The alerts feature calls the publish functions.
 */
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import type { HubServer } from './HubServer.ts';
import { expectArgCount, isGenericKey } from './hubArgs.ts';
import { currentItems, flagMethods, keyedMethods } from './hubMethods.ts';

const M = HUB_METHODS.alert;
const HUB = 'alert';

type WithId = { id: number | string };

/** What FetchAllPendingAlerts answers: one entry per PV group. */
export interface PendingAlertsOfGroup<A = unknown> {
  pvGroupId: number | string;
  alerts: A[];
}

export interface AlertHubHandle {
  /** `newAlert(alert)` to SubscribeToAllAlerts subscribers. */
  publishNewAlert<A extends WithId>(alert: A): void;
  /** `ackAlert(ack)` to SubscribeToAcks subscribers. */
  publishAckAlert<A extends WithId>(ack: A): void;
  /** `ackAlerts(acks)` to SubscribeToAcks subscribers. */
  publishAckAlerts<A extends WithId>(acks: readonly A[]): void;
  /** `deletedAlerts(deleted)` (objects with id, SPEC §3 "Alert") to SubscribeToAllAlerts. */
  publishDeletedAlerts<A extends WithId>(deleted: readonly A[]): void;
  /** `newPendingAlerts(pvGroupId, alerts)` to SubscribeToPendingAlerts subscribers. */
  publishPendingAlerts<A>(pvGroupId: number | string, alerts: readonly A[]): void;
  /** Some connection subscribed to newPendingAlerts: building its lists is worth it. */
  pendingAlertsWatched(): boolean;
  /** `newAlertState(state)` to subscribers of the binding key (latest per key and frame). */
  publishAlertState<S>(key: string, state: S): void;
  /**
   * Where a binding's current alert state comes from: pushed right after SubscribeToAlertState
   * (server/hubs/SPEC.md), so a view opened while an alarm stands shows it at once.
   */
  setAlertStateSource(source: (key: string) => unknown): void;
  /** Where FetchAllPendingAlerts gets its answer (an empty list until alerts land). */
  setPendingAlertsSource(
    source: () => PendingAlertsOfGroup[] | Promise<PendingAlertsOfGroup[]>,
  ): void;
}

export function registerAlertHub(server: HubServer): AlertHubHandle {
  const allAlerts = server.flagSubscriptions(HUB, 'allAlerts');
  const acks = server.flagSubscriptions(HUB, 'acks');
  const pending = server.flagSubscriptions(HUB, 'pendingAlerts');
  const alertState = server.keyedSubscriptions(HUB, 'alertState');
  const currentState = currentItems(alertState, HUB_MESSAGES.newAlertState);
  let pendingSource: () => PendingAlertsOfGroup[] | Promise<PendingAlertsOfGroup[]> = () => [];

  server.addHub({
    name: HUB,
    path: HUBS.alert,
    methods: {
      ...flagMethods(allAlerts, {
        subscribe: M.subscribeToAllAlerts,
        unsubscribe: M.unsubscribeFromAllAlerts,
      }),
      ...flagMethods(acks, { subscribe: M.subscribeToAcks, unsubscribe: M.unsubscribeFromAcks }),
      ...flagMethods(pending, {
        subscribe: M.subscribeToPendingAlerts,
        unsubscribe: M.unsubscribeFromPendingAlerts,
      }),
      [M.fetchAllPendingAlerts]: (_conn, ...args) => {
        expectArgCount(M.fetchAllPendingAlerts, args, 0);
        return pendingSource();
      },
      ...keyedMethods(
        alertState,
        { subscribe: M.subscribeToAlertState, unsubscribe: M.unsubscribeFromAlertState },
        isGenericKey,
        'alert state',
        currentState.onSubscribed,
      ),
    },
  });

  return {
    publishNewAlert: (alert) => allAlerts.publish(HUB_MESSAGES.newAlert, alert),
    publishAckAlert: (ack) => acks.publish(HUB_MESSAGES.ackAlert, ack),
    publishAckAlerts: (list) => acks.publish(HUB_MESSAGES.ackAlerts, list),
    publishDeletedAlerts: (deleted) => allAlerts.publish(HUB_MESSAGES.deletedAlerts, deleted),
    publishPendingAlerts: (pvGroupId, alerts) =>
      pending.publish(HUB_MESSAGES.newPendingAlerts, pvGroupId, alerts),
    pendingAlertsWatched: () => pending.size > 0,
    publishAlertState: (key, state) =>
      alertState.publishLatest(key, HUB_MESSAGES.newAlertState, state),
    setPendingAlertsSource(source) {
      pendingSource = source;
    },
    setAlertStateSource: currentState.setSource,
  };
}
