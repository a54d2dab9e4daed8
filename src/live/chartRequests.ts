/**
 * The tab's chart requests of the engine: directories, definitions and ranges from its caches
 * (workers/charts/SPEC.md CL1-CL4, BC1-BC7, RD1-RD4), each asked again of a new engine when
 * the lost one never answered (workers/SPEC.md EL3); and live chart views (LS1-LS5), whose
 * PVs are leased like any value's (TB2) and which hear, at most every few hundred ms, that
 * new points arrived. After an engine loss every live view is watched again and every view
 * loads its range again, now from the new engine's cache (EL2).
 */
import { pvKey } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import type { ChartDirectory, ChartType } from '../contract/charts.ts';
import type {
  ChartDataAnswer,
  ChartDataRequest,
  ChartDefinition,
  EngineApi,
} from '../../workers/engineApi.ts';
import type { TabAlertsHost } from './alertViews.ts';

export interface TabChartsHost extends TabAlertsHost {
  /** Leases a PV's value key for the tab (TB2); returns its release. */
  lease(key: string): () => void;
}

export class TabCharts {
  /** Each live view's PV keys, for a new engine (EL2). */
  private readonly liveKeys = new Map<string, string[]>();
  private readonly liveListeners = new Map<string, () => void>();

  constructor(private readonly host: TabChartsHost) {}

  directory(type: ChartType, reload = false): Promise<ChartDirectory> {
    return this.host.ask((api) => api.getChartDirectory(type, reload));
  }

  definition(chartId: number, reload = false): Promise<ChartDefinition> {
    return this.host.ask((api) => api.getChartDefinition(chartId, reload));
  }

  /** Chart data of a range from the engine's batch cache, reduced to the plot width. */
  data(request: ChartDataRequest): Promise<ChartDataAnswer> {
    return this.host.ask((api) => api.getChartData(request));
  }

  /**
   * Live series of these PVs for one chart view: leases their values and calls `onChange`
   * (at most every few hundred ms) when new points arrived. Returns an idempotent release.
   */
  watchLive(pvs: readonly PvRef[], onChange: () => void): () => void {
    const { host } = this;
    const viewId = host.nextViewId('c');
    const keys = [...new Set(pvs.map(pvKey))];
    const releases = keys.map((key) => host.lease(key));
    this.liveListeners.set(viewId, onChange);
    this.liveKeys.set(viewId, keys);
    void host.start().then((api) => api.watchLiveChart(host.tabId, viewId, keys));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.liveListeners.delete(viewId);
      this.liveKeys.delete(viewId);
      for (const release of releases) release();
      void host.start().then((api) => api.releaseLiveChart(host.tabId, viewId));
    };
  }

  /** A `chartLive` message: these views got new points. */
  applyLive(viewIds: readonly string[]): void {
    for (const viewId of viewIds) this.liveListeners.get(viewId)?.();
  }

  /** EL2: every live view, to a new engine. */
  leaseAgain(api: EngineApi): Promise<unknown>[] {
    const { tabId } = this.host;
    return [...this.liveKeys].map(([viewId, keys]) => api.watchLiveChart(tabId, viewId, keys));
  }

  /** EL2: once the new engine has everything, every chart view loads its range again. */
  reloadAll(): void {
    for (const listener of [...this.liveListeners.values()]) listener();
  }
}
