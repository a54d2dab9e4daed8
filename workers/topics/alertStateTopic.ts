/**
 * Pending-alert state per binding (SPEC §3 "Pending-alert state binding types", §7
 * "per binding type a subscription to alert state", `newAlertState`): whether a station's
 * connection, an alarm line, a device, a pipe leakage or an alert link has pending alerts,
 * and of which highest priority. Keys are `alertBindingKey(binding)`.
 */
import { alertBindingKey, type AlertStateMessage } from '../../src/contract/alerts.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import { isAlertStateMessage } from '../validate.ts';
import { pushedOn, type ItemTopic } from './ItemTopic.ts';

export const alertStateTopic: ItemTopic<AlertStateMessage> = {
  kind: 'alertState',
  ...pushedOn('alert', 'AlertState', HUB_MESSAGES.newAlertState),
  parsers: {
    [HUB_MESSAGES.newAlertState]: ([state]) =>
      isAlertStateMessage(state) ? [[alertBindingKey(state.binding), state]] : [],
  },
};
