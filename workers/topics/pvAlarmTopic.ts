/**
 * The alarm state of a PV (DESIGN.md "Alarm states": every PV shown anywhere shows its alarm
 * state at the value), keyed like the PV. Derived in the engine from the current alert list
 * it already holds for every tab, so it costs no subscription of its own: a lease only keeps
 * the alert feed's current list in use (`PvAlarms`). `null` is a PV in no alarm.
 */
import { SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { PvAlarmState } from '../../src/domain/pvAlarm.ts';
import type { ItemTopic } from './ItemTopic.ts';

export const pvAlarmTopic: ItemTopic<PvAlarmState> = {
  kind: 'pvAlarm',
  hub: 'alert',
  methods: [],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [],
  parsers: {},
};
