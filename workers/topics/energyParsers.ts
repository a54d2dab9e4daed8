/**
 * Checks and keys of pushed energy optimisation values (`energyTopic.ts`), fetched with the
 * topic's first lease.
 */
import type { EnergyOptimisationValues } from '../../src/contract/energy.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { ItemParsers } from './ItemTopic.ts';

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

export const energyParsers: ItemParsers<EnergyOptimisationValues> = {
  [HUB_MESSAGES.newValue]: ([values]) =>
    isEnergyValues(values) ? [[String(values.stationNumber), values]] : [],
};
