/**
 * An idle tab (issue 44): the main thread of a tab whose values do not change, in the
 * foreground and behind another tab, for a station page and a dashboard, Pegel against the
 * naive baseline. The reference server runs in load mode at 0 updates a second: the PVs
 * keep the values they started with, so whatever the tab does is its own (age texts, timers,
 * polling, animation). Time on a core (CDP ThreadTime) per second of wall time. CPU profiles
 * of Pegel's tab over windows of their own (in front, hidden, and with ages in minutes) name
 * what woke it.
 *
 * The PVs' time stamps are the server's start, so a station page's ages read seconds for the
 * server's first minute and minutes after it: an age in seconds changes its text each second
 * (one frame a second: the worst case the issue allows), one in minutes once a minute. The
 * station page is measured first, Pegel before the baseline, while its ages are in seconds
 * (the notes name the first PV's age at each window's start and end), and once more at the
 * end, past the minute, as its own figure.
 *
 * Each view has its floor (issue 58): a copy of Pegel's page, taken from Pegel's tab of this
 * run, whose texts a page without framework or engine writes with plain DOM calls, its ages
 * ticked as Pegel's age clock ticks them (bench/baseline/floor/). Pegel's idle tab is to stay
 * within 1.25 times its floor's, with the same ages ticking.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  benchDashboardPath,
  routeBenchDashboards,
  tilesShown,
} from '../harness/benchDashboards.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import type { BenchContext, BenchServer } from '../harness/context.ts';
import type { LiveSide } from '../harness/liveWindow.ts';
import {
  FLOOR_PATH,
  loadFloorPage,
  takeFloorSnapshot,
  type FloorSnapshot,
} from '../harness/floorPage.ts';
import { requireEngineChunk, requirePvPlant } from '../harness/prerequisites.ts';
import { addSample, defineScenario, NotReady, type FigureSamples } from '../harness/scenario.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { benchDashboardKeys } from '../harness/benchDashboards.ts';
import { topSelfTimes } from '../harness/pageProfile.ts';
import { profilePage } from '../harness/workerProfile.ts';
import { serviceWorkerServes } from '../harness/serviceWorker.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';
import { agesShown, setHidden } from '../harness/pageVisibility.ts';

interface IdleParams {
  /** Wait after the view is complete before the first window (lazy loads, first polls). */
  settleMs: number;
  windowMs: number;
  runs: number;
  stations: number;
  pvsPerStation: number;
  /** Tiles of the bench dashboard. */
  tiles: number;
  /** Profile of Pegel's foreground tab (0: none). */
  profileMs: number;
}

type View = 'station' | 'dashboard';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface IdleReading {
  /** Main-thread CPU, ms per second (CDP ThreadTime). */
  msPerSec: number;
  /** What the page did over the window, per second: script ms, style recalcs, layouts. */
  scriptMsPerSec: number;
  stylesPerSec: number;
  layoutsPerSec: number;
}

/** The main thread of `page` over `ms` (CDP Performance.getMetrics before and after). */
async function readIdle(ctx: BenchContext, page: Page, ms: number): Promise<IdleReading> {
  const session = await ctx.probes.metricsSession(page);
  try {
    const before = await session.read();
    const t0 = Date.now();
    await sleep(ms);
    const after = await session.read();
    const wall = Date.now() - t0;
    const perSec = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / wall;
    return {
      msPerSec: idleMsPerSec(before.ThreadTime ?? 0, after.ThreadTime ?? 0, wall),
      scriptMsPerSec: idleMsPerSec(before.ScriptDuration ?? 0, after.ScriptDuration ?? 0, wall),
      stylesPerSec: perSec('RecalcStyleCount'),
      layoutsPerSec: perSec('LayoutCount'),
    };
  } finally {
    await session.close();
  }
}

const describeIdle = (r: IdleReading) =>
  `${r.msPerSec.toFixed(2)} ms/s (script ${r.scriptMsPerSec.toFixed(2)} ms/s, ${r.stylesPerSec.toFixed(1)} style recalcs/s, ${r.layoutsPerSec.toFixed(1)} layouts/s)`;

/** ThreadTime seconds before and after a window of `wallMs`: ms of CPU per second. */
export function idleMsPerSec(beforeS: number, afterS: number, wallMs: number): number {
  return wallMs > 0 ? ((afterS - beforeS) * 1000 * 1000) / wallMs : 0;
}

/** Pegel first: its tab leaves the copy of its page the floor starts from. */
const SIDES = ['pegel', 'floor', 'baseline'] as const;

async function openView(
  ctx: BenchContext,
  context: BrowserContext,
  side: LiveSide,
  view: View,
  p: IdleParams,
  copies: Map<View, FloorSnapshot>,
): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  const station = 1;
  if (side === 'floor') {
    const copy = copies.get(view);
    if (!copy) throw new Error(`no copy of Pegel's ${label[view]} for the floor page`);
    await page.goto(FLOOR_PATH);
    await loadFloorPage(page, view, copy);
  } else if (side === 'pegel') {
    await page.goto(view === 'station' ? `/stations/${station}` : benchDashboardPath(station));
    await waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`);
    if (view === 'dashboard') await waitForExpression(page, tilesShown(p.tiles));
    else
      await waitForExpression(page, `window.__pegelBench.snapshot().firstValueMs != null`, {
        timeout: 30_000,
      });
    // The first tab of a fresh browser profile installs the service worker, whose precache
    // fetches and stores the whole build (a few hundred requests, seconds in a routed context
    // without HTTP cache), and every store costs the page's main thread a task. An operator's
    // tab opens on an installed app: the windows start once the worker serves the page.
    await serviceWorkerServes(page);
    copies.set(view, await takeFloorSnapshot(page));
  } else {
    const keys =
      view === 'station'
        ? Array.from({ length: p.pvsPerStation }, (_, i) => `ai${station * 100_000 + i + 1}`)
        : benchDashboardKeys(station, p.tiles);
    await page.goto(
      view === 'station'
        ? ctx.baselinePath({ keys: formatKeyList(keys), chartKey: keys[0]! })
        : ctx.baselinePath({ view: 'dashboard', station, tiles: p.tiles }),
    );
    await waitBaselineConnected([page]);
    if (view === 'dashboard') await waitForExpression(page, tilesShown(p.tiles));
  }
  return page;
}

const label = { station: 'station page', dashboard: 'dashboard' } as const;
const cap = { station: 'Station', dashboard: 'Dashboard' } as const;

/** Runs `during` with `page` behind `other` and told it is hidden; shown again after. */
async function whileHidden<T>(page: Page, other: Page, during: () => Promise<T>): Promise<T> {
  await other.bringToFront();
  const state = (await page.evaluate(setHidden(true))) as string;
  if (state !== 'hidden') throw new Error(`the page still reads visibilityState ${state}`);
  try {
    return await during();
  } finally {
    await page.evaluate(setHidden(false));
  }
}

/** A CPU profile of an idle page for the notes: its busy time and the top self times. */
async function profileIdle(page: Page, what: string, p: IdleParams): Promise<string> {
  const { cpu } = await profilePage(page, () => sleep(p.profileMs), 1000);
  const top = topSelfTimes(cpu, 'ms');
  return (
    `${what}, profiled ${p.profileMs / 1000} s (1 ms sampling): ${cpu.busyMs.toFixed(1)} ms busy; ${top || 'no sample outside idle'} ` +
    '("(program)" is work outside JavaScript: the browser\'s style, layout and paint, and on an idle page mostly the sampling itself, which the ThreadTime windows do not have; a function of the app names script that woke the page)'
  );
}

export default defineScenario<IdleParams>({
  id: 'idleTab',
  title: 'Idle tab (nothing changing)',
  order: 23,
  figures: (['station', 'dashboard'] as const).flatMap((view) => [
    {
      id: `fg${cap[view]}MsPerSec`,
      label: `Idle ${label[view]}, foreground${view === 'station' ? ', ages in seconds' : ''}: main thread`,
      unit: 'ms/s',
      better: 'lower' as const,
      compare: true,
      target: { op: '<=' as const, value: 0.5 },
      floorTarget: 1.25,
    },
    ...(view === 'station'
      ? [
          {
            id: 'fgStationMinutesMsPerSec',
            label: 'Idle station page, foreground, ages in minutes: main thread',
            unit: 'ms/s',
            better: 'lower' as const,
            target: { op: '<=' as const, value: 0.5 },
            floorTarget: 1.25,
          },
        ]
      : []),
    {
      id: `bg${cap[view]}MsPerSec`,
      label: `Idle ${label[view]}, in the background (hidden, behind another tab): main thread`,
      unit: 'ms/s',
      better: 'lower' as const,
      compare: true,
      target: { op: '<=' as const, value: 0.5 },
      floorTarget: 1.25,
    },
  ]),
  quick: {
    settleMs: 2000,
    windowMs: 4000,
    runs: 1,
    stations: 10,
    pvsPerStation: 200,
    tiles: 32,
    profileMs: 3000,
  },
  full: {
    settleMs: 5000,
    windowMs: 6000,
    runs: 3,
    stations: 10,
    pvsPerStation: 200,
    tiles: 32,
    profileMs: 6000,
  },
  async run(ctx, p) {
    if (ctx.plant === 'fake') throw new NotReady('needs the reference server (dashboards)');
    requireEngineChunk(ctx.distDir);
    const serverStart = Date.now();
    const server: BenchServer = await ctx.startServer({
      stations: p.stations,
      pvsPerStation: p.pvsPerStation,
      updatesPerSec: 0,
    });
    await requirePvPlant(ctx, server);
    const figures: Record<string, FigureSamples> = {};
    const notes: string[] = [];
    const copies = new Map<View, FloorSnapshot>();
    for (const view of ['station', 'dashboard'] as const) {
      for (const side of SIDES) {
        ctx.log(`  idle ${label[view]}: ${side}`);
        const context = await ctx.newContext({ server, baseline: side !== 'pegel' });
        try {
          if (side === 'pegel' && view === 'dashboard')
            await routeBenchDashboards(context, [1], p.tiles);
          const page = await openView(ctx, context, side, view, p, copies);
          await sleep(p.settleMs);
          const other = await context.newPage();
          for (let r = 0; r < p.runs; r++) {
            await page.bringToFront();
            const shownBefore =
              side !== 'baseline' && view === 'station' ? await page.evaluate(agesShown) : null;
            const fg = await readIdle(ctx, page, p.windowMs);
            if (shownBefore !== null)
              notes.push(
                `${side} idle station page, foreground window ${r + 1}: the first PV's age read ${String(shownBefore)} at its start, ${String(await page.evaluate(agesShown))} at its end`,
              );
            addSample(figures, side, `fg${cap[view]}MsPerSec`, fg.msPerSec);
            const bg = await whileHidden(page, other, () => readIdle(ctx, page, p.windowMs));
            addSample(figures, side, `bg${cap[view]}MsPerSec`, bg.msPerSec);
            if (r === p.runs - 1)
              notes.push(
                `${side} idle ${label[view]}, last window: foreground ${describeIdle(fg)}; background ${describeIdle(bg)}`,
              );
          }
          if (side === 'pegel' && p.profileMs > 0) {
            await page.bringToFront();
            notes.push(await profileIdle(page, `Pegel idle ${label[view]}, foreground`, p));
            // Hidden as in the background windows: what the app itself still runs then.
            notes.push(
              await whileHidden(page, other, () =>
                profileIdle(page, `Pegel idle ${label[view]}, hidden`, p),
              ),
            );
          }
        } finally {
          await context.close();
        }
      }
    }
    // The station page again past the server's first minute: every age in minutes.
    const wait = serverStart + 62_000 - Date.now();
    if (wait > 0) await sleep(wait);
    for (const side of ['pegel', 'floor'] as const) {
      ctx.log(`  idle station page, ages in minutes: ${side}`);
      const context = await ctx.newContext({ server, baseline: side === 'floor' });
      try {
        const page = await openView(ctx, context, side, 'station', p, copies);
        await sleep(p.settleMs);
        for (let r = 0; r < p.runs; r++) {
          const shownBefore = String(await page.evaluate(agesShown));
          const fg = await readIdle(ctx, page, p.windowMs);
          addSample(figures, side, 'fgStationMinutesMsPerSec', fg.msPerSec);
          if (r === p.runs - 1)
            notes.push(
              `${side} idle station page, ages in minutes (the first PV's ${shownBefore} … ${String(await page.evaluate(agesShown))}), last window: foreground ${describeIdle(fg)}`,
            );
        }
        if (side === 'pegel' && p.profileMs > 0)
          notes.push(
            await profileIdle(page, 'Pegel idle station page, ages in minutes, foreground', p),
          );
      } finally {
        await context.close();
      }
    }
    // Per window, each view and side: what the tab cost in front and hidden.
    const windows = Array.from({ length: p.runs }, (_, i) => i + 1);
    const series = SIDES.flatMap((side) =>
      (['station', 'dashboard'] as const).flatMap((view) =>
        (['fg', 'bg'] as const).map((where) => {
          const f = figures[`${where}${cap[view]}MsPerSec`];
          const y = (side === 'pegel' ? f?.value : f?.[side]) ?? [];
          return {
            label: `${side}: ${label[view]}, ${where === 'fg' ? 'foreground' : 'hidden'}`,
            y: windows.map((_, i) => y[i] ?? null),
          };
        }),
      ),
    );
    return {
      figures,
      plots: [
        {
          id: 'idle-tab-main-thread',
          title: 'Idle tab: main thread per window (target 0.5 ms/s)',
          xLabel: 'window',
          yLabel: 'ms of CPU per s',
          x: windows,
          series,
        },
      ],
      notes: [
        ...notes,
        `Load mode at 0 updates/s (${p.stations} stations × ${p.pvsPerStation} PVs): the values never change. Station page: /stations/1 (baseline: its ${p.pvsPerStation} PVs and live chart); dashboard: the bench dashboard of ${p.tiles} value tiles (baseline: NaiveTiles).`,
        "Ages: the PVs keep the time stamp of the server's start, so the station page's ages are in seconds for its first minute (each second one text change and one frame: the worst case the issue allows; Pegel is measured first) and in minutes after it (the \"ages in minutes\" figure, measured past the minute). The station's own time stamp still comes each second in both.",
        "Floor: bench/baseline/floor/, a copy of Pegel's page taken from its tab in this run (HTML and built style sheets), its values written with plain DOM calls from a hub connection in a worker of its own; on the station page the ages of the rows on screen written when their text changes (formatAge's steps, one timer for the next, none while hidden), as Pegel's age clock does. The station's own age too: its time stamp each second from the station hub (in the floor's worker, to a visible page only, as Pegel's engine sends it), written as Pegel's is ('just now' within 2 s, then formatAge's steps) with its title to the minute, each only when its text changes. Pegel over the floor: target ≤ ×1.25.",
        'Main thread: CDP ThreadTime (time on a core) over the window. Background: a blank tab of the same profile in front, and the page told it is hidden (document.visibilityState "hidden" and a visibilitychange event): headless Chromium never hides a tab, so its throttling of hidden tabs (no animation frames, timers once a second) does not apply, and the figure is what the app itself still runs when hidden.',
      ],
    };
  },
});
