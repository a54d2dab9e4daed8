/**
 * Energy optimisation values per pump station (SPEC §3, §7 `/hubs/energy-opt`,
 * `SubscribeToEnergyOptimisation`, `newValue`), keyed by the station number.
 */
import type { EnergyOptimisationValues } from '../../src/contract/energy.ts';
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { ItemTopic } from './ItemTopic.ts';

const NUMBERS = [
  'stationNumber',
  'wirkleistungAktuell',
  'wirkleistungMittel',
  'korrekturleistung',
  'cosPhi',
  'periodenmaximum',
  'blindleistung',
  'periodenrestzeit',
  'sollleistung',
  'trendleistung',
  'timestamp',
] as const;

export function isEnergyValues(value: unknown): value is EnergyOptimisationValues {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    NUMBERS.every((k) => typeof v[k] === 'number' && Number.isFinite(v[k])) &&
    typeof v.evuImpuls === 'boolean' &&
    (v.bhkwLeistung === null || typeof v.bhkwLeistung === 'number')
  );
}

export const energyTopic: ItemTopic<EnergyOptimisationValues> = {
  kind: 'energy',
  hub: 'energyOpt',
  methods: [HUB_METHODS.energyOpt],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newValue,
      parse: ([values]) => (isEnergyValues(values) ? [[String(values.stationNumber), values]] : []),
    },
  ],
};
