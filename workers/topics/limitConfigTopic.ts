/**
 * The analogue limits of a PV (SPEC §3 "PV limit config", §7 "limit configs",
 * `newLimitConfig`), keyed like the PV. The hub pushes one limit type per message; the item
 * holds all four by type, so a view shows which limit a value crossed and its priority.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvLimitSet } from '../../src/domain/pvAlarm.ts';
import { isPvLimitConfig } from '../validate.ts';
import { pushedOn, type ItemTopic } from './ItemTopic.ts';

export const limitConfigTopic: ItemTopic<PvLimitSet> = {
  kind: 'limitConfig',
  ...pushedOn('pv', 'LimitConfigs', HUB_MESSAGES.newLimitConfig),
  parsers: {
    [HUB_MESSAGES.newLimitConfig]: ([config]) =>
      isPvLimitConfig(config)
        ? [[pvKey(config.pvLimitRef.pv), { [config.pvLimitRef.limitType]: config }]]
        : [],
  },
  merge: (held, pushed) => ({ ...held, ...pushed }),
};
