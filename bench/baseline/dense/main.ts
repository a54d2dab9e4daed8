/**
 * The naive dense view (`view=dense&n=N`, optional `perStation`): the grid of the dense-view scenario as an inline
 * SVG fitted to the window, its own hub connection, and every received value written into
 * its text element at once, as a straightforward HMI page does.
 */
import { parsePvUrlId, pvKey } from '../../../src/contract/keys.ts';
import type { BaselineStats } from '../baselineStats.ts';
import { LATENCY_SAMPLE_CAP } from '../baselineStats.ts';
import { DENSE_PVS_PER_STATION, densePv, denseSvg } from '../denseGrid.ts';
import { openPvConnection } from '../pvConnection.ts';

export function mount(root: HTMLElement, query: URLSearchParams, stats: BaselineStats): void {
  const n = Number(query.get('n') ?? 1000);
  const perStation = Number(query.get('perStation') ?? DENSE_PVS_PER_STATION);
  root.innerHTML = denseSvg(n, perStation);
  const svg = root.querySelector('svg')!;
  svg.style.width = '100%';
  svg.style.height = 'auto';
  const byKey = new Map<string, SVGTextElement>();
  const keys: string[] = [];
  svg.querySelectorAll<SVGTextElement>('text[data-pv]').forEach((el, k) => {
    const ref = parsePvUrlId(densePv(k, perStation));
    if (!ref) return;
    const key = pvKey(ref);
    byKey.set(key, el);
    keys.push(key);
  });
  openPvConnection(
    keys,
    (list) => {
      stats.messages++;
      const now = Date.now();
      for (const v of list) {
        const el = byKey.get(pvKey(v.pvRef));
        if (!el) continue;
        stats.values++;
        el.textContent = `${(v.doubleValue ?? 0).toFixed(2).replace('.', ',')} m³/h`;
        if (stats.latenciesMs.length < LATENCY_SAMPLE_CAP)
          stats.latenciesMs.push(now - v.timestamp);
      }
    },
    (error) => {
      stats.state = error === null ? 'connected' : 'failed';
      stats.error = error;
    },
  );
}
