/**
 * The naive baseline client: what a straightforward dashboard does. Each tab opens its own
 * hub connection on the main thread, and every received value is a React state update.
 * Query: `keys` (see keyList.ts), `rows` (values rendered, default all), `chartKey`,
 * `chartPoints` (live chart window, default 3600).
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
const keys = parseKeyList(query.get('keys') ?? '');
const stats = createBaselineStats();
window.__baseline = stats;

createRoot(document.getElementById('root')!).render(
  <NaiveDashboard
    keys={keys}
    rows={Number(query.get('rows') ?? keys.length)}
    chartKey={query.get('chartKey') ?? keys[0] ?? ''}
    chartPoints={Number(query.get('chartPoints') ?? 3600)}
    stats={stats}
  />,
);
