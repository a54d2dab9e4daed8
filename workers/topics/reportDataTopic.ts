/**
 * Report data (SPEC §7 report data hub, §9 "400 for report data"): the manual values of one
 * report period, keyed `r{configId}_{Kind}_{yyyy-MM-dd}` (`reportLiveKey`). The hub pushes
 * `newValues([item, …])` with the period's whole list on subscribe and after every save, so
 * a tab showing the report sees a value typed in another tab. The checks of pushed items
 * (`reportDataParsers.ts`) come with the first lease.
 */
import { HUB_MESSAGES, HUB_METHODS, REPORT_DATA_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { ReportLiveItem } from '../../src/contract/reports.ts';
import type { ItemTopic } from './ItemTopic.ts';

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
  messages: [HUB_MESSAGES.newValues],
  parsers: () => import('./reportDataParsers.ts').then((m) => m.reportDataParsers),
};
