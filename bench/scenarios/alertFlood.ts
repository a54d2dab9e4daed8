/**
 * Alarm flood: the current alert list open on a 1920 × 1080 tab while the reference server
 * raises R alerts a second (PEGEL_ALERT_FLOOD_PER_SEC, each returning to normal after 20 s
 * and staying in the list until acknowledged), R = 10, 100 and 500, the list growing by R
 * rows a second and sorted newest first, so that each new alarm enters at the top. The tab must not freeze and must show each new alarm at once: main-thread
 * busy ms per second (a window without the frame sampler), frames per second and long tasks
 * (a window with it), and the time from an alert's arrival at a subscriber of the bench's own
 * (the official SignalR client on its own connection) to the list's top row showing it or a
 * newer one, read at every animation frame in the page.
 */
import type { Page } from 'playwright-core';
import type { Alert } from '../../src/contract/alerts.ts';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import { measureLiveWindow, type Side } from '../harness/liveWindow.ts';
import { requireEngineChunk, requireHub } from '../harness/prerequisites.ts';
import { addSample, defineScenario, NotReady, type FigureSamples } from '../harness/scenario.ts';
import { percentile } from '../harness/stats.ts';
import { findSharedWorker, profileWorker } from '../harness/workerProfile.ts';
import { benchHubConnection } from '../harness/benchHub.ts';

interface FloodParams {
  rates: number[];
  /** The busy window (no frame sampler). */
  windowMs: number;
  /** The window with the frame sampler (frames, long tasks, latency). */
  frameWindowMs: number;
  /** Wait after the first rows before the first window. */
  settleMs: number;
  runs: number;
  /** The naive baseline is measured (once) at these rates and below. */
  baselineMaxRate: number;
}

/** When each flood alert reached the bench's own subscriber, and its timestamp. */
interface Arrival {
  at: number;
  timestamp: number;
}

async function watchAlerts(url: string, cookie: string | null) {
  const arrivals = new Map<number, Arrival>();
  const connection = benchHubConnection(url, HUBS.alert, cookie);
  connection.on(HUB_MESSAGES.newAlert, (a: Alert) => {
    // A cleared alert comes again as newAlert: its first arrival counts.
    if (!arrivals.has(a.id)) arrivals.set(a.id, { at: Date.now(), timestamp: a.timestamp });
  });
  await connection.start();
  await connection.invoke(HUB_METHODS.alert.subscribeToAllAlerts);
  return { arrivals, stop: () => connection.stop() };
}

/**
 * In the page: at every animation frame, the id of the list's top row when it changed. A
 * string, not a function: the bench's TypeScript loader names inner functions with a helper
 * the page does not have.
 */
export const RECORD_TOP_ROW = `(() => {
  const seen = [];
  window.__floodTop = seen;
  const step = function () {
    if (window.__floodTop !== seen) return;
    const row = document.querySelector('.alert-row[data-index="0"]');
    const id = Number(row && row.dataset.alertId);
    const last = seen[seen.length - 1];
    if (id && (!last || last.id !== id)) seen.push({ at: Date.now(), id });
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})()`;

export const TAKE_TOP_ROWS = `(() => { const seen = window.__floodTop || []; window.__floodTop = []; return seen; })()`;

const ROW_COUNT = `Number(document.querySelector('.alert-table')?.getAttribute('aria-rowcount') ?? 1) - 1`;

/**
 * Arrival to shown, ms, of each alert that arrived from `from` to `to`: shown when the top
 * row first showed it or an alert at least as new (several arrive within one frame).
 */
export function floodLatencies(
  arrivals: ReadonlyMap<number, Arrival>,
  top: readonly { at: number; id: number }[],
  from: number,
  to: number,
): number[] {
  const shown = top
    .map((t) => ({ at: t.at, timestamp: arrivals.get(t.id)?.timestamp }))
    .filter((t): t is { at: number; timestamp: number } => t.timestamp !== undefined);
  const out: number[] = [];
  for (const a of arrivals.values()) {
    if (a.at < from || a.at > to) continue;
    const first = shown.find((t) => t.at >= a.at && t.timestamp >= a.timestamp);
    if (first) out.push(first.at - a.at);
  }
  return out;
}

/**
 * A recorded window from `from` to `to`: the latencies of its alerts and how many arrived,
 * leaving out the last second, whose alerts may not have had their chance to show.
 */
export function floodWindow(
  arrivals: ReadonlyMap<number, Arrival>,
  top: readonly { at: number; id: number }[],
  from: number,
  to: number,
): { latencies: number[]; expected: number } {
  const until = to - 1000;
  const latencies = floodLatencies(arrivals, top, from, until);
  const expected = [...arrivals.values()].filter((a) => a.at >= from && a.at <= until).length;
  return { latencies, expected };
}

const rateFigures = (r: number) => [
  {
    id: `busyMsPerSec${r}`,
    label: `Main thread busy at ${r} alerts/s`,
    unit: 'ms/s',
    better: 'lower' as const,
  },
  {
    id: `workerPct${r}`,
    label: `Engine SharedWorker CPU at ${r} alerts/s (% of one core)`,
    unit: '%',
    better: 'lower' as const,
  },
  {
    id: `fps${r}`,
    label: `Frames per second at ${r} alerts/s`,
    unit: 'fps',
    better: 'higher' as const,
    target: { op: '>=' as const, value: 55 },
  },
  {
    id: `longTasks${r}`,
    label: `Long tasks per 30 s at ${r} alerts/s`,
    unit: 'tasks',
    better: 'lower' as const,
    target: { op: '<=' as const, value: 0 },
  },
  {
    id: `latencyP95Ms${r}`,
    label: `New alarm to top row on screen, p95, at ${r} alerts/s`,
    unit: 'ms',
    better: 'lower' as const,
    target: { op: '<=' as const, value: 250 },
  },
  {
    id: `shownPct${r}`,
    label: `Alerts of the window shown at the top within 1 s at ${r} alerts/s`,
    unit: '%',
    better: 'higher' as const,
    target: { op: '>=' as const, value: 99 },
  },
];

export default defineScenario<FloodParams>({
  id: 'alertFlood',
  title: 'Alarm flood (current list open, R new alerts a second)',
  order: 55,
  figures: [10, 100, 500].flatMap(rateFigures),
  quick: {
    rates: [100],
    windowMs: 5_000,
    frameWindowMs: 5_000,
    settleMs: 2_000,
    runs: 1,
    baselineMaxRate: 100,
  },
  full: {
    rates: [10, 100, 500],
    windowMs: 10_000,
    frameWindowMs: 10_000,
    settleMs: 3_000,
    runs: 3,
    baselineMaxRate: 100,
  },
  async run(ctx, p) {
    requireEngineChunk(ctx.distDir);
    const figures: Record<string, FigureSamples> = {};
    const notes: string[] = [];
    const add = (side: Side, id: string, v: number) => addSample(figures, side, id, v);
    /** The modelled plant (no load mode), quiet but for the flood; the list starts empty. */
    const floodServer = async (rate: number) => {
      const server = await ctx.startServer(
        { stations: 0, pvsPerStation: 0, updatesPerSec: 0 },
        {
          PEGEL_ALERT_FLOOD_PER_SEC: String(rate),
          PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
        },
      );
      const cookie = await ctx.cookieHeader(server);
      await requireHub(server.url, HUBS.alert, cookie);
      return { server, cookie };
    };
    // `PEGEL_BENCH_FLOOD_RATES=500` (comma-separated) floods at those rates only, for A/B runs.
    const rates = process.env.PEGEL_BENCH_FLOOD_RATES?.split(',').map(Number) ?? p.rates;
    if (rates.some((r) => !Number.isFinite(r) || r <= 0))
      throw new Error(`PEGEL_BENCH_FLOOD_RATES: rates above 0 (got ${rates.join(',')})`);
    for (const rate of rates) {
      const rows: Record<Side, number[]> = { pegel: [], baseline: [] };
      const measure = async (
        side: Side,
        page: Page,
        { server, cookie }: Awaited<ReturnType<typeof floodServer>>,
      ) => {
        await page.mouse.move(5, 1070);
        await page.waitForTimeout(p.settleMs);
        const busy = await measureLiveWindow(ctx, side, [page], p.windowMs, page, {
          frames: false,
        });
        const watch = await watchAlerts(server.url, cookie);
        try {
          await page.evaluate(RECORD_TOP_ROW);
          const from = Date.now();
          const frameWindow = () => measureLiveWindow(ctx, side, [page], p.frameWindowMs);
          // The engine's worker over the frame window, not the busy one: on two cores the
          // profiler's own work would count as the tab's. A coarse sampling interval.
          const worker = side === 'pegel' ? await findSharedWorker(ctx.cdp) : null;
          let framed: Awaited<ReturnType<typeof frameWindow>>;
          if (worker) {
            const profiled = await profileWorker(ctx.cdp, worker.targetId, frameWindow, 1000);
            framed = profiled.result;
            add(side, `workerPct${rate}`, profiled.cpu.busyPct);
          } else framed = await frameWindow();
          const to = Date.now();
          const top = (await page.evaluate(TAKE_TOP_ROWS)) as { at: number; id: number }[];
          const { latencies, expected } = floodWindow(watch.arrivals, top, from, to);
          add(side, `busyMsPerSec${rate}`, busy.mainThreadBusyPct * 10);
          const fps = framed.frameP95Ms > 0 ? 1000 / framed.frameP95Ms : 0;
          add(side, `fps${rate}`, Math.min(60, fps));
          const longTasks =
            (busy.longTasksPerMin * p.windowMs + framed.longTasksPerMin * p.frameWindowMs) /
            (p.windowMs + p.frameWindowMs);
          add(side, `longTasks${rate}`, (longTasks * 30) / 60);
          // Each long task with its place in its window, for the next profile to look at.
          const at = (name: string, w: typeof busy) =>
            w.longTasks.map(
              (t) =>
                `${Math.round(t.durationMs)} ms at +${(t.atMs / 1000).toFixed(1)} s of the ${name} window`,
            );
          const tasks = [...at('busy', busy), ...at('frame', framed)];
          if (tasks.length > 0)
            notes.push(
              `${side === 'pegel' ? 'Pegel' : 'naive'} at ${rate} alerts/s, long tasks: ${tasks.join(', ')}`,
            );
          if (latencies.length > 0) add(side, `latencyP95Ms${rate}`, percentile(latencies, 95));
          if (expected > 0)
            add(
              side,
              `shownPct${rate}`,
              (100 * latencies.filter((ms) => ms <= 1000).length) / expected,
            );
          rows[side].push((await page.evaluate(ROW_COUNT)) as number);
        } finally {
          await watch.stop();
        }
      };
      const pegelServer = await floodServer(rate);
      await ctx.repeat(p.runs, async () => {
        const context = await ctx.newContext({ server: pegelServer.server });
        try {
          const page: Page = await context.newPage();
          await page.setViewportSize({ width: 1920, height: 1080 });
          await page.goto('/alerts');
          try {
            await page.locator('.alert-row[data-index="0"]').waitFor({ timeout: 30_000 });
          } catch {
            throw new NotReady(
              'the current list showed no alert within 30 s: the server raised no flood (PEGEL_ALERT_FLOOD_PER_SEC)',
            );
          }
          // Newest first (the time column), so every new alarm enters at the top; the
          // default order is by urgency, where an alarm of lower priority enters further down.
          const time = page.locator('.alert-head [role="columnheader"].col-time');
          await time.locator('button').click();
          await time.and(page.locator('[aria-sort="descending"]')).waitFor();
          await measure('pegel', page, pegelServer);
        } finally {
          await context.close();
        }
      });
      await pegelServer.server.handle.dispose();
      // The naive list on a server of its own, so that its list is as long as Pegel's first
      // run's; once, and only where it keeps up at all.
      if (rate <= p.baselineMaxRate) {
        const baselineServer = await floodServer(rate);
        const set = await ctx.openTabs(0, '/', { server: baselineServer.server });
        try {
          const [page] = await set.open(1, ctx.baselinePath({ view: 'liveAlerts' }));
          await page!.setViewportSize({ width: 1920, height: 1080 });
          await page!.locator('.alert-row[data-index="0"]').waitFor({ timeout: 30_000 });
          await measure('baseline', page!, baselineServer);
        } finally {
          await set.close();
          await baselineServer.server.handle.dispose();
        }
      }
      const held = (side: Side) => rows[side].map((n) => n.toLocaleString('en')).join(', ');
      notes.push(
        `${rate} alerts/s: the list held ${held('pegel')} rows at the end of Pegel's runs` +
          (rows.baseline.length ? `, ${held('baseline')} at the end of the baseline's` : ''),
      );
    }
    return {
      figures,
      notes: [
        ...notes,
        'Flood: PEGEL_ALERT_FLOOD_PER_SEC alerts a second on the modelled plant’s limits in ticks of 100 ms, each returning to normal after 20 s and staying in the current list until acknowledged; the list grows by the rate.',
        'Engine: the SharedWorker profiled over the frame window (CDP, 1 ms sampling), busy share of one core.',
        'Busy: CDP TaskDuration over a window without the frame sampler; frames per second from the p95 frame interval of a window with it; long tasks from both.',
        'The list is sorted newest first (time column) before the windows: in the default order, by urgency, an alarm of lower priority enters below the top. The pointer rests outside the list (inside it, the list holds still for the operator).',
        "Latency: each alert's first arrival at a SignalR subscriber of the bench's own to the first animation frame in which the list's top row shows it or a newer alert; alerts of the window's last second are left out.",
        'Baseline: the naive current list (bench/baseline/alerts/NaiveCurrentAlerts.tsx: its own hub connection, every new alert re-sorts and re-renders the whole list), one run on a server of its own, at rates up to baselineMaxRate.',
      ],
    };
  },
});
