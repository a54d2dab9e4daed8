/**
 * The data of one item's page of energy or leakage: the area's list (the same read as the list
 * page's), the item in it, its live figures once it is known, and how current they are by the
 * station that measures it. `frame` is what AnalyticsDetailFrame needs of them.
 */
import type { EnergyOptimisationValues } from '../../../contract/energy.ts';
import type { PipeLeakage } from '../../../contract/leakage.ts';
import { useLiveItem } from '../../../live/useLiveItem.ts';
import type { PageState } from '../pageData.ts';
import { useStationStanding, type Standing } from './AnalyticsFrame.tsx';

/** The live topic of each area's items. */
interface AnalyticsTopics {
  energy: EnergyOptimisationValues;
  pipeLeakage: PipeLeakage;
}

export interface AnalyticsItem<T, V> {
  /** The item once the list has it. */
  item: T | undefined;
  /** Its live figures: undefined until the first came, null when the topic has none. */
  values: V | null | undefined;
  standing: Standing;
  frame: {
    status: PageState<unknown>['state'];
    onRetry: () => void;
    name: string | undefined;
    live: boolean;
    standing: Standing;
  };
}

export function useAnalyticsItem<
  T extends { name: string; stationNumber?: number },
  K extends keyof AnalyticsTopics,
>(
  [list, retry]: readonly [PageState<readonly T[]>, () => void],
  match: (item: T) => boolean,
  kind: K,
  key: string,
): AnalyticsItem<T, AnalyticsTopics[K]> {
  const item = list.state === 'ready' ? list.data.find(match) : undefined;
  const values = useLiveItem(kind, item ? key : null);
  const standing = useStationStanding(item?.stationNumber, values?.timestamp);
  return {
    item,
    values,
    standing,
    frame: { status: list.state, onRetry: retry, name: item?.name, live: !!values, standing },
  };
}
