/**
 * Dense view (issue 13, "the peer anchor"): one process image with N text elements, each
 * bound to its own PV, every PV changing once a second, at N = 1,000, 5,000 and 20,000 on a
 * 1920 × 1080 tab. The image is a grid written into the server's process-image folder; the
 * reference server runs in load mode with N PVs and N updates a second (its load engine goes
 * round the PVs, so each changes once a second). Figures: main-thread busy ms per second,
 * frame intervals, long tasks, and what the eye sees: sampled elements must show their PV's
 * current value within 1 s (checked against a subscriber of the bench's own), so a figure
 * never comes from values left undrawn.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HUBS } from '../../src/contract/hubs.ts';
import { requireEngineChunk, requireHub } from '../harness/prerequisites.ts';
import { addSample, defineScenario, type FigureSamples } from '../harness/scenario.ts';
import type { Page } from 'playwright-core';
import { measureLiveWindow, type Side } from '../harness/liveWindow.ts';
import { DENSE_PVS_PER_STATION, densePv, denseSvg } from '../baseline/denseGrid.ts';
import { shownNumber, watchValues } from '../harness/valueWatch.ts';
import { parsePvUrlId, pvKey } from '../../src/contract/keys.ts';

interface DenseParams {
  sizes: number[];
  /** The busy window (no frame sampler). */
  windowMs: number;
  /** The window with the frame sampler (frames per second). */
  frameWindowMs: number;
  /** The opening: a busy window from the moment every value is shown. */
  openWindowMs: number;
  /** Wait between the opening and the steady windows (busy, frames). */
  settleMs: number;
  runs: number;
}

const PVS_PER_STATION = DENSE_PVS_PER_STATION;

/** What the page reports it shows: the SVG text or, on a dense image, the canvas layer. */
type ShownWindow = Window & {
  __pegelBench?: { processImage?: { shown(selector: string): (string | null)[] } };
};

/** The value texts checked for what the eye sees: 100 spread over the grid (7919 is prime). */
const sampleOf = (n: number) => Array.from({ length: 100 }, (_, i) => (i * 7919) % n);

/** What the sampled value texts show now (in the page; the baseline: its SVG texts). */
function shownSample(indices: number[]): (string | null)[] {
  const all =
    (window as ShownWindow).__pegelBench?.processImage?.shown('text.pi-value') ??
    [...document.querySelectorAll('text.pi-value')].map((e) => e.textContent);
  return indices.map((k) => all[k] ?? null);
}

/** How long a shown value may lag the server's, ms ("the current value within 1 s"). */
const CURRENT_WITHIN_MS = 1000;
/** Readings of the sample per measured window, and the pause between them. */
const READINGS = 5;
const READING_GAP_MS = 350;

const sizeFigures = (n: number) => [
  {
    id: `openBusyMsPerSec${n}`,
    label: `Main thread busy in the opening at ${n.toLocaleString('en')} values (the first seconds after every value is shown)`,
    unit: 'ms/s',
    better: 'lower' as const,
  },
  {
    id: `busyMsPerSec${n}`,
    label: `Main thread busy at ${n.toLocaleString('en')} values`,
    unit: 'ms/s',
    better: 'lower' as const,
    target: { op: '<=' as const, value: n >= 20_000 ? 90 : n >= 5_000 ? 30 : 15 },
  },
  {
    id: `busyFramedMsPerSec${n}`,
    label: `Main thread busy at ${n.toLocaleString('en')} values, frame sampler running`,
    unit: 'ms/s',
    better: 'lower' as const,
  },
  {
    id: `fps${n}`,
    label: `Frames per second at ${n.toLocaleString('en')} values`,
    unit: 'fps',
    better: 'higher' as const,
    target: { op: '>=' as const, value: 55 },
  },
  {
    id: `longTasks${n}`,
    label: `Long tasks per 30 s at ${n.toLocaleString('en')} values`,
    unit: 'tasks',
    better: 'lower' as const,
    target: { op: '<=' as const, value: 0 },
  },
  {
    id: `currentPct${n}`,
    label: `Sampled elements showing their PV's current value (at most 1 s old) at ${n.toLocaleString('en')}`,
    unit: '%',
    better: 'higher' as const,
    target: { op: '>=' as const, value: 99 },
  },
];

export default defineScenario<DenseParams>({
  id: 'denseView',
  title: 'Dense process image (N values, each changing once a second)',
  order: 45,
  figures: [1000, 5000, 20_000].flatMap(sizeFigures),
  quick: {
    sizes: [1000, 5000],
    openWindowMs: 10_000,
    windowMs: 10_000,
    frameWindowMs: 5_000,
    settleMs: 10_000,
    runs: 1,
  },
  full: {
    sizes: [1000, 5000, 20_000],
    windowMs: 20_000,
    frameWindowMs: 10_000,
    openWindowMs: 10_000,
    settleMs: 10_000,
    runs: 3,
  },
  async run(ctx, p) {
    requireEngineChunk(ctx.distDir);
    const figures: Record<string, FigureSamples> = {};
    const add = (side: Side, id: string, v: number) => addSample(figures, side, id, v);
    for (const n of p.sizes) {
      const server = await ctx.startServer(
        {
          stations: Math.ceil(n / PVS_PER_STATION),
          pvsPerStation: PVS_PER_STATION,
          updatesPerSec: n,
        },
        { PEGEL_PLANT_TICK_MS: '1000' },
      );
      await requireHub(server.url, HUBS.pv, await ctx.cookieHeader(server));
      const name = `dense-${n}`;
      writeFileSync(join(server.handle.dataDir, 'process-images', `${name}.svg`), denseSvg(n));
      const measure = async (side: Side, page: Page) => {
        // The opening, from the moment every value is shown: the page's code runs its first
        // thousands of values not yet optimized by V8 (dense-trace.ts: the same calls at three
        // to four times their later cost for about ten seconds), and what the page loads after
        // its first screen. Then the steady state that a wall monitor pays for weeks.
        const open = await measureLiveWindow(ctx, side, [page], p.openWindowMs, page, {
          frames: false,
        });
        add(side, `openBusyMsPerSec${n}`, open.mainThreadBusyPct * 10);
        await page.waitForTimeout(p.settleMs);
        // Busy without the frame sampler: its animation-frame loop makes a frame at every
        // vsync (about 25 ms/s on this page), which the page does not do on its own, and both
        // sides would carry it. Frames, then, in a window of their own; long tasks in both.
        const busy = await measureLiveWindow(ctx, side, [page], p.windowMs, page, {
          frames: false,
        });
        const framed = await measureLiveWindow(ctx, side, [page], p.frameWindowMs);
        add(side, `busyMsPerSec${n}`, busy.mainThreadBusyPct * 10);
        add(side, `busyFramedMsPerSec${n}`, framed.mainThreadBusyPct * 10);
        const fps = framed.frameP95Ms > 0 ? 1000 / framed.frameP95Ms : 0;
        add(side, `fps${n}`, Math.min(60, fps));
        const longTasks =
          (busy.longTasksPerMin * p.windowMs + framed.longTasksPerMin * p.frameWindowMs) /
          (p.windowMs + p.frameWindowMs);
        add(side, `longTasks${n}`, (longTasks * 30) / 60);
        // What the eye sees: each sampled text shows a value its PV had within the last
        // second, as the bench's own subscriber received them.
        const indices = sampleOf(n);
        const keys = indices.map((k) => pvKey(parsePvUrlId(densePv(k))!));
        const watch = await watchValues(server.url, await ctx.cookieHeader(server), keys);
        try {
          // Every sampled PV has had its current value here and at least one change since.
          await page.waitForTimeout(CURRENT_WITHIN_MS + 500);
          let current = 0;
          for (let r = 0; r < READINGS; r++) {
            const from = Date.now();
            const shown = await page.evaluate(shownSample, indices);
            const to = Date.now();
            shown.forEach((text, i) => {
              const value = shownNumber(text);
              const ok = watch
                .currentBetween(keys[i]!, from - CURRENT_WITHIN_MS, to)
                .some((v) => value !== null && Math.abs(v - value) < 0.006);
              if (ok) current++;
            });
            await page.waitForTimeout(READING_GAP_MS);
          }
          add(side, `currentPct${n}`, (current / (READINGS * indices.length)) * 100);
        } finally {
          await watch.stop();
        }
      };
      await ctx.repeat(p.runs, async () => {
        const context = await ctx.newContext({ server });
        const page = await context.newPage();
        await page.setViewportSize({ width: 1920, height: 1080 });
        await page.goto(`/process-images/${name}`);
        await page.locator('.pi-host text.pi-value').first().waitFor();
        // Warm: every value arrived once.
        await page.waitForFunction(
          (count) => {
            const texts =
              (window as ShownWindow).__pegelBench?.processImage?.shown('text.pi-value') ?? [];
            return texts.filter((t) => t !== null && t !== '—').length >= count * 0.99;
          },
          n,
          { timeout: 60_000 },
        );
        await measure('pegel', page);
        await context.close();
      });
      await ctx.repeat(p.runs, async () => {
        const set = await ctx.openTabs(0, '/', { server });
        try {
          const [page] = await set.open(1, ctx.baselinePath({ view: 'dense', n }));
          await page!.setViewportSize({ width: 1920, height: 1080 });
          await page!.waitForFunction(
            (count) =>
              [...document.querySelectorAll('text.pi-value')].filter((e) => e.textContent !== '—')
                .length >=
              count * 0.99,
            n,
            { timeout: 60_000 },
          );
          await measure('baseline', page!);
        } finally {
          await set.close();
        }
      });
      await server.handle.dispose();
    }
    return {
      figures,
      notes: [
        'Opening: the busy figure over the first window after every value is shown (no settle), both sides alike; then a settle, and the steady windows below.',
        'Busy: CDP TaskDuration over a window without the frame sampler (a page that draws only when values change makes no frames in between; the sampler makes one at every vsync). The same window with the sampler running is the "frame sampler running" figure.',
        'Frames per second from the p95 frame interval of the tab, in a window of its own with the frame sampler; long tasks from both windows.',
        'Pegel: from 1,000 value texts on, the values are drawn on a canvas layer (denseLayer.ts); what it shows is read from that layer.',
        "Current value: 100 sampled texts read 5 times, 350 ms apart; a text counts when it shows a value its PV had at some moment of the last second, as a SignalR subscriber of the bench's own received them (values to 2 decimals).",
        'Baseline: the same grid inline, its own hub connection, each value written into its SVG text as it arrives.',
      ],
    };
  },
});
