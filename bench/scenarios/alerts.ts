/**
 * Alerts: a list of 100,000 rows shows its first rows within 200 ms, scrolls with frame
 * p95 ≤ 16.7 ms and filters within 50 ms. The alert view reports through
 * window.__pegelBench.alerts (AlertsProbe below).
 */
import type { Page } from 'playwright-core';
import { HUBS } from '../../src/contract/hubs.ts';
import { percentile } from '../harness/stats.ts';
import { requireHub, requireSource } from '../harness/prerequisites.ts';
import { defineScenario, NotReady } from '../harness/scenario.ts';

interface AlertsParams {
  runs: number;
  rows: number;
  path: string;
  scrollSteps: number;
  scrollStepPx: number;
  filterText: string;
}

/** What the alert view exposes for the bench (window.__pegelBench.alerts). */
export interface AlertsProbe {
  /** Navigation start to the first rows on screen, ms. */
  firstRowsMs(): number | null;
  /** Applies a text filter and resolves with its duration to drawn rows, ms. */
  filter(text: string): Promise<number>;
}

async function alertsProbe(page: Page): Promise<void> {
  const ok = await page
    .waitForFunction(`window.__pegelBench?.alerts?.firstRowsMs() != null`, null, {
      timeout: 20_000,
    })
    .then(() => true)
    .catch(() => false);
  if (!ok) throw new NotReady('the alert view exposes no window.__pegelBench.alerts (AlertsProbe)');
}

export default defineScenario<AlertsParams>({
  id: 'alerts',
  title: 'Alerts (100,000 rows)',
  order: 50,
  figures: [
    {
      id: 'firstRowsMs',
      label: 'First rows on screen',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 200 },
    },
    {
      id: 'scrollFrameP95Ms',
      label: 'Scroll frame time p95',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 16.7 },
    },
    {
      id: 'filterMs',
      label: 'Filter applied',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 50 },
    },
  ],
  quick: {
    runs: 3,
    rows: 100_000,
    path: '/alerts/archive?bench=1',
    scrollSteps: 60,
    scrollStepPx: 400,
    filterText: 'Druck',
  },
  full: {
    runs: 7,
    rows: 100_000,
    path: '/alerts/archive?bench=1',
    scrollSteps: 240,
    scrollStepPx: 400,
    filterText: 'Druck',
  },
  async run(ctx, p) {
    requireSource(ctx.root, 'src/features/alerts', 'the alerts feature');
    const server = await ctx.startServer(
      { stations: 500, pvsPerStation: 200, updatesPerSec: 1000 },
      { PEGEL_ALERT_ARCHIVE_SEED: String(p.rows) },
    );
    await requireHub(server.url, HUBS.alert, await ctx.cookieHeader(server));
    const runs = await ctx.repeat(p.runs, async () => {
      const set = await ctx.openTabs(1, p.path, { server });
      const page = set.pages[0]!;
      await alertsProbe(page);
      const firstRowsMs = (await page.evaluate(
        `window.__pegelBench.alerts.firstRowsMs()`,
      )) as number;
      await ctx.probes.start(page);
      for (let i = 0; i < p.scrollSteps; i++) {
        await page.mouse.wheel(0, p.scrollStepPx);
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => r()))');
      }
      const frames = (await ctx.probes.stop(page)).frameIntervalsMs;
      const filterMs = (await page.evaluate(
        `window.__pegelBench.alerts.filter(${JSON.stringify(p.filterText)})`,
      )) as number;
      await set.close();
      return { firstRowsMs, scrollP95: percentile(frames, 95), filterMs };
    });
    return {
      figures: {
        firstRowsMs: { value: runs.map((r) => r.firstRowsMs) },
        scrollFrameP95Ms: { value: runs.map((r) => r.scrollP95) },
        filterMs: { value: runs.map((r) => r.filterMs) },
      },
    };
  },
});
