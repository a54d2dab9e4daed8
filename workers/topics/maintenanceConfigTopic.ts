/**
 * The service intervals of a machine (SPEC §3 "Maintenance config", §7 "maintenance configs",
 * `newMaintenanceConfig`), keyed like the PV. The hub pushes one service message type per
 * message; the item holds all four by type (uwm, muwm, mowm, owm), so a view shows the next
 * service due and whether one is overdue. The checks of pushed configs
 * (`maintenanceConfigParsers.ts`) come with the first lease.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { MaintenanceConfigSet } from '../../src/contract/maintenance.ts';
import { pushedOn, type ItemTopic } from './ItemTopic.ts';

export const maintenanceConfigTopic: ItemTopic<MaintenanceConfigSet> = {
  kind: 'maintenanceConfig',
  ...pushedOn('pv', 'MaintenanceConfigs', HUB_MESSAGES.newMaintenanceConfig),
  parsers: () => import('./maintenanceConfigParsers.ts').then((m) => m.maintenanceConfigParsers),
  merge: (held, pushed) => ({ ...held, ...pushed }),
};
