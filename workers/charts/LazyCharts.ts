/**
 * The engine's chart side, its code fetched on first use: most tabs never open a chart, so the
 * chart service stays out of the worker's start (DESIGN.md worker budget). Until then, values
 * and closed tabs concern no chart and are ignored.
 */
import * as Comlink from 'comlink';
import type { ChartDirectory, ChartType } from '../../src/contract/charts.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import type { Timers } from '../../src/domain/timers.ts';
import type { ChartDataAnswer, ChartDataRequest, ChartDefinition } from './chartProtocol.ts';
import type { ChartFetchers } from './chartRest.ts';
import type { ChartService } from './ChartService.ts';

export interface LazyChartsDeps {
  timers: Timers;
  /** Chart REST calls; without them chart requests fail with a message. */
  fetchers?: ChartFetchers;
  /** Tells a tab that live series of its views grew. */
  notify(tabId: string, viewIds: string[]): void;
}

export class LazyCharts {
  private service: ChartService | null = null;
  private loading: Promise<ChartService> | null = null;

  constructor(private readonly deps: LazyChartsDeps) {}

  private load(): Promise<ChartService> {
    this.loading ??= import('./ChartService.ts').then(({ ChartService }) => {
      const noCharts = () => Promise.reject(new Error('No chart API configured'));
      this.service = new ChartService({
        timers: this.deps.timers,
        fetchers: this.deps.fetchers ?? {
          directory: noCharts,
          config: noCharts,
          series: noCharts,
          data: noCharts,
        },
        notify: this.deps.notify,
      });
      return this.service;
    });
    return this.loading;
  }

  /** A PV value arrived; its key is made only while some live chart watches. */
  /** Whether a live chart watches some PV (else a value need not reach `valueReceived`). */
  watchesAny(): boolean {
    return this.service?.watchesAny() ?? false;
  }

  valueReceived(value: PvValue): void {
    if (this.service?.watchesAny()) this.service.valueReceived(pvKey(value.pvRef), value);
  }

  dropTab(tabId: string): void {
    this.service?.dropTab(tabId);
  }

  async directory(type: ChartType, reload: boolean): Promise<ChartDirectory> {
    return (await this.load()).directory(type, reload);
  }

  async definition(chartId: number, reload: boolean): Promise<ChartDefinition> {
    return (await this.load()).definition(chartId, reload);
  }

  async data(request: ChartDataRequest): Promise<ChartDataAnswer> {
    const answer = await (await this.load()).data(request);
    // Through Comlink the columns move without a copy; in-process this is a no-op.
    const buffers = answer.series.flatMap((s) => [s.times.buffer, s.values.buffer]);
    return Comlink.transfer(answer, buffers as ArrayBuffer[]);
  }

  async watchLive(
    tabId: string,
    viewId: string,
    keys: string[],
    read: (key: string) => PvValue | undefined,
  ): Promise<void> {
    (await this.load()).watchLive(tabId, viewId, keys, read);
  }

  unwatchLive(tabId: string, viewId: string): void {
    this.service?.unwatchLive(tabId, viewId);
  }
}
