/**
 * Checks and keys of pushed report data (`reportDataTopic.ts`), fetched with the topic's
 * first lease.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { ManualInputEntry, ReportLiveItem } from '../../src/contract/reports.ts';
import type { ItemParsers } from './ItemTopic.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isEntry(v: unknown): v is ManualInputEntry {
  return (
    isObject(v) &&
    isObject(v.pv) &&
    typeof v.pv.type === 'string' &&
    typeof v.pv.nr === 'number' &&
    typeof v.index === 'number' &&
    typeof v.t === 'number' &&
    (v.value === null || typeof v.value === 'number') &&
    typeof v.enteredBy === 'string' &&
    typeof v.enteredAt === 'number'
  );
}

export function isReportLiveItem(v: unknown): v is ReportLiveItem {
  return (
    isObject(v) && typeof v.key === 'string' && Array.isArray(v.manual) && v.manual.every(isEntry)
  );
}

export const reportDataParsers: ItemParsers<ReportLiveItem> = {
  [HUB_MESSAGES.newValues]: ([items]) =>
    Array.isArray(items)
      ? items.filter(isReportLiveItem).map((item) => [item.key, item] as const)
      : [],
};
