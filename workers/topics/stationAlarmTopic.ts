/**
 * The alarm state of a station (ISA-101 level 1: the overview says which station is in
 * trouble and how badly), keyed by station number. Derived in the engine from the current
 * alert list it already holds for every tab (`DerivedAlarms`), as the PV alarm is: SPEC §3/§7
 * give no per-station counts (newAlertState counts only a binding's own alerts, e.g. the
 * station's connection). `null` is a station with no current alert.
 */
import { SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { StationAlarmState } from '../../src/domain/stationAlarm.ts';
import type { ItemTopic } from './ItemTopic.ts';

export const stationAlarmTopic: ItemTopic<StationAlarmState> = {
  kind: 'stationAlarm',
  hub: 'alert',
  methods: [],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [],
  parsers: {},
};
