/**
 * Remote alarm plans (SPEC §3 "Alarm plan", §7 `newPlanInfo`) and lines (`newLineInfo`), keyed
 * `{station}_{plan}` and `{station}_{line}` (DESIGN.md "Plan and line keys"), 1024 keys per
 * invocation (SPEC §9). The checks of pushed items (`planParsers.ts`) come with the first lease.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { AlarmLine, AlarmPlan } from '../../src/contract/remoteAlert.ts';
import { pushedOn, type ItemTopic } from './ItemTopic.ts';

export const planTopic: ItemTopic<AlarmPlan> = {
  kind: 'plan',
  ...pushedOn('pv', 'Plans', HUB_MESSAGES.newPlanInfo),
  parsers: () => import('./planParsers.ts').then((m) => m.planParsers),
};

export const lineTopic: ItemTopic<AlarmLine> = {
  kind: 'line',
  ...pushedOn('pv', 'Lines', HUB_MESSAGES.newLineInfo),
  parsers: () => import('./planParsers.ts').then((m) => m.lineParsers),
};
