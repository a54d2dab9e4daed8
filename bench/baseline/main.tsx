/**
 * The naive baseline client: what a straightforward client does. `view` picks the page:
 * - `station` (default): each tab opens its own hub connection on the main thread, and every
 *   received value is a React state update. Query: `keys` (see keyList.ts), `rows` (values
 *   rendered, default all), `chartKey`, `chartPoints` (live chart window, default 3600).
 * - `alerts`: the alert archive fetched whole and rendered whole (alerts/main.tsx).
 * - `liveAlerts`: the current alert list, every change re-sorting and re-rendering it whole
 *   (alerts/NaiveCurrentAlerts.tsx).
 * - `chart`: archive and live charts without a cache or reduction (chart/main.tsx).
 * - `dense`: the dense-view grid, each value written into its SVG text (dense/main.ts).
 * - `dashboard`: the value tiles of a bench dashboard, every value a React state update
 *   (NaiveTiles.tsx). Query: `station`, `tiles`.
 */
import { createRoot } from 'react-dom/client';
import { NaiveDashboard } from './NaiveDashboard.tsx';
import { createBaselineStats, type BaselineStats } from './baselineStats.ts';
import { parseKeyList } from './keyList.ts';

declare global {
  interface Window {
    __baseline?: BaselineStats;
  }
}

const query = new URLSearchParams(location.search);
const root = document.getElementById('root')!;
const view = query.get('view') ?? 'station';

if (view === 'alerts') {
  void import('./alerts/main.tsx').then((m) => m.mount(root, query));
} else if (view === 'liveAlerts') {
  void import('./alerts/NaiveCurrentAlerts.tsx').then((m) =>
    createRoot(root).render(<m.NaiveCurrentAlerts />),
  );
} else if (view === 'chart') {
  void import('./chart/main.tsx').then((m) => m.mount(root, query));
} else if (view === 'dashboard') {
  const stats = createBaselineStats();
  window.__baseline = stats;
  void import('./NaiveTiles.tsx').then((m) =>
    createRoot(root).render(
      <m.NaiveTiles
        station={Number(query.get('station') ?? 1)}
        tiles={Number(query.get('tiles') ?? 32)}
        stats={stats}
      />,
    ),
  );
} else if (view === 'dense') {
  const stats = createBaselineStats();
  window.__baseline = stats;
  void import('./dense/main.ts').then((m) => m.mount(root, query, stats));
} else {
  const keys = parseKeyList(query.get('keys') ?? '');
  const stats = createBaselineStats();
  window.__baseline = stats;
  createRoot(root).render(
    <NaiveDashboard
      keys={keys}
      rows={Number(query.get('rows') ?? keys.length)}
      chartKey={query.get('chartKey') ?? keys[0] ?? ''}
      chartPoints={Number(query.get('chartPoints') ?? 3600)}
      stats={stats}
    />,
  );
}
