/**
 * Report data (SPEC §7 report data hub, §9 "400 for report data"): the manual values of one
 * report period, keyed `r{configId}_{Kind}_{yyyy-MM-dd}` (`reportLiveKey`). The hub pushes
 * `newValues([item, …])` with the period's whole list on subscribe and after every save, so
 * a tab showing the report sees a value typed in another tab.
 */
import { HUB_MESSAGES, HUB_METHODS, REPORT_DATA_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { ManualInputEntry, ReportLiveItem } from '../../src/contract/reports.ts';
import type { ItemTopic } from './ItemTopic.ts';

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

export const reportDataTopic: ItemTopic<ReportLiveItem> = {
  kind: 'reportData',
  hub: 'reportData',
  methods: [
    {
      subscribe: HUB_METHODS.reportData.subscribe,
      unsubscribe: HUB_METHODS.reportData.unsubscribe,
    },
  ],
  batchSize: REPORT_DATA_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newValues,
      parse: ([items]) =>
        Array.isArray(items)
          ? items.filter(isReportLiveItem).map((item) => [item.key, item] as const)
          : [],
    },
  ],
};
