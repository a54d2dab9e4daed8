/**
 * The keyed live topics of the engine (README.md beside this file). Adding one: a module
 * exporting its `ItemTopic`, one line in `ItemTypes`, one in `ITEM_TOPICS`.
 */
import type { AlertStateMessage } from '../../src/contract/alerts.ts';
import type { PvAlarmState, PvLimitSet } from '../../src/domain/pvAlarm.ts';
import type { EnergyOptimisationValues } from '../../src/contract/energy.ts';
import type { PipeLeakage } from '../../src/contract/leakage.ts';
import type { ReportLiveItem } from '../../src/contract/reports.ts';
import { alertStateTopic } from './alertStateTopic.ts';
import { energyTopic } from './energyTopic.ts';
import { leakageTopic } from './leakageTopic.ts';
import type { ItemTopic } from './ItemTopic.ts';
import { limitConfigTopic } from './limitConfigTopic.ts';
import type { MaintenanceConfigSet } from '../../src/contract/maintenance.ts';
import { maintenanceConfigTopic } from './maintenanceConfigTopic.ts';
import { pvAlarmTopic } from './pvAlarmTopic.ts';
import type { StationAlarmState } from '../../src/domain/stationAlarm.ts';
import { stationAlarmTopic } from './stationAlarmTopic.ts';
import { reportDataTopic } from './reportDataTopic.ts';
import type { AlarmLine, AlarmPlan } from '../../src/contract/remoteAlert.ts';
import { lineTopic, planTopic } from './planTopic.ts';
import type { PvAck } from '../../src/contract/actions.ts';
import { pvAckTopic } from './pvAckTopic.ts';
import type { PendingRemoteAlarms } from '../../src/domain/pendingRemoteAlarms.ts';
import { pendingRemoteAlarmsTopic } from './pendingRemoteAlarmsTopic.ts';

/** What a tab receives per key of each topic. */
export interface ItemTypes {
  alertState: AlertStateMessage;
  limitConfig: PvLimitSet;
  pvAlarm: PvAlarmState;
  stationAlarm: StationAlarmState;
  energy: EnergyOptimisationValues;
  pipeLeakage: PipeLeakage;
  reportData: ReportLiveItem;
  maintenanceConfig: MaintenanceConfigSet;
  plan: AlarmPlan;
  line: AlarmLine;
  pvAck: PvAck;
  pendingRemoteAlarms: PendingRemoteAlarms;
}

export type ItemKind = keyof ItemTypes;

export const ITEM_TOPICS: { [K in ItemKind]: ItemTopic<ItemTypes[K]> } = {
  alertState: alertStateTopic,
  limitConfig: limitConfigTopic,
  pvAlarm: pvAlarmTopic,
  stationAlarm: stationAlarmTopic,
  energy: energyTopic,
  pipeLeakage: leakageTopic,
  reportData: reportDataTopic,
  maintenanceConfig: maintenanceConfigTopic,
  plan: planTopic,
  line: lineTopic,
  pvAck: pvAckTopic,
  pendingRemoteAlarms: pendingRemoteAlarmsTopic,
};

export const ITEM_KINDS = Object.keys(ITEM_TOPICS) as ItemKind[];

export { isItemKind } from './topicNames.ts';

/** A key of a frame whose subscribe failed: why it is not live. */
export type ItemError = [kind: ItemKind, key: string, error: string];

/** One entry of a frame: the item of a key, `null` when the topic holds none for it. */
export type ItemEntry = {
  [K in ItemKind]: [kind: K, key: string, item: ItemTypes[K] | null];
}[ItemKind];
