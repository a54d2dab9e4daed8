/**
 * Limits of this machine, measured in the same run as everything else so figures can be
 * read as fractions of what the hardware and browser can do at all: JSON.parse of hub
 * frames, worker-to-tab messages, structured clone and transfer of typed arrays, and uPlot
 * render time for 100k and 1M points. All in headless Chromium (software rendering).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineScenario } from '../harness/scenario.ts';
import { median } from '../harness/stats.ts';
import { HTML, JS } from '../harness/staticOrigin.ts';
import {
  CLONE_PROBE,
  FRAME_SOURCE,
  JSON_PARSE_PROBE,
  LIMIT_WORKER_SOURCE,
  LIMIT_SHARED_WORKER_SOURCE,
  POST_MESSAGE_PROBE,
  SHARED_POST_MESSAGE_PROBE,
  UPLOT_PROBE,
} from '../probes/limitProbes.ts';

interface LimitParams {
  runs: number;
  jsonParseMs: number;
  /** PvValues per newValues frame: one coalesced tick of a busy hub. */
  valuesPerFrame: number;
  postMessageCount: number;
  /** Float64Array length for clone and transfer. */
  cloneElements: number;
  cloneRounds: number;
  /** Transfers cost microseconds whatever the size: many rounds to get above timer resolution. */
  transferRounds: number;
  uplotPoints: number[];
  /** A chart as wide as a station page's trend: 1200 × 400 CSS px. */
  chart: { width: number; height: number };
}

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script src="/uplot.js"></script><script src="/frame.js"></script></head><body></body></html>';

function pointsLabel(points: number): string {
  return points >= 1e6 ? `${points / 1e6}M` : `${points / 1e3}k`;
}

const QUICK: LimitParams = {
  runs: 3,
  jsonParseMs: 500,
  valuesPerFrame: 1000,
  postMessageCount: 50_000,
  cloneElements: 1_000_000,
  cloneRounds: 5,
  transferRounds: 200,
  uplotPoints: [100_000, 1_000_000],
  chart: { width: 1200, height: 400 },
};

export default defineScenario<LimitParams>({
  id: 'limits',
  title: 'Limits of this machine',
  order: 0,
  figures: [
    {
      id: 'jsonParseMBps',
      label: 'JSON.parse of newValues frames',
      unit: 'MB/s',
      better: 'higher',
    },
    {
      id: 'jsonParseValuesPerSec',
      label: 'JSON.parse, PvValues',
      unit: 'values/s',
      better: 'higher',
    },
    {
      id: 'postMessagePerSec',
      label: 'Dedicated worker → tab postMessage',
      unit: 'msg/s',
      better: 'higher',
    },
    {
      id: 'sharedPostMessagePerSec',
      label: 'SharedWorker → tab postMessage (MessagePort)',
      unit: 'msg/s',
      better: 'higher',
    },
    {
      id: 'structuredCloneMBps',
      label: 'structuredClone Float64Array',
      unit: 'MB/s',
      better: 'higher',
    },
    {
      id: 'postCopyMBps',
      label: 'postMessage copy Float64Array (round trip)',
      unit: 'MB/s',
      better: 'higher',
    },
    {
      id: 'postTransferMBps',
      label: 'postMessage transfer Float64Array (round trip)',
      unit: 'MB/s',
      better: 'higher',
    },
    {
      id: 'postTransferUsPerMessage',
      label: 'postMessage transfer Float64Array, per message',
      unit: 'µs',
      better: 'lower',
    },
    { id: 'uplot100kMs', label: 'uPlot render, 100k points', unit: 'ms', better: 'lower' },
    { id: 'uplot1MMs', label: 'uPlot render, 1M points', unit: 'ms', better: 'lower' },
  ],
  quick: QUICK,
  // The full run: more runs, and more of each probe's work per run.
  full: {
    ...QUICK,
    runs: 7,
    jsonParseMs: 1500,
    postMessageCount: 200_000,
    cloneRounds: 20,
    transferRounds: 1000,
  },
  async run(ctx, p) {
    const page = await ctx.staticPage({
      '/': { body: PAGE, contentType: HTML },
      '/uplot.js': {
        body: readFileSync(join(ctx.root, 'node_modules/uplot/dist/uPlot.iife.min.js')),
        contentType: JS,
      },
      '/frame.js': { body: FRAME_SOURCE, contentType: JS },
      '/limit-worker.js': { body: LIMIT_WORKER_SOURCE, contentType: JS },
      '/limit-shared-worker.js': { body: LIMIT_SHARED_WORKER_SOURCE, contentType: JS },
    });
    const probe = async <T>(source: string, args: object): Promise<T> => {
      await page.evaluate(`window.__args = ${JSON.stringify(args)}`);
      return (await page.evaluate(source)) as T;
    };
    // One unmeasured round of each probe first, so the runs measure optimised code.
    const measure = async <T>(source: string, args: object): Promise<T[]> => {
      await probe<T>(source, args);
      return ctx.repeat(p.runs, () => probe<T>(source, args));
    };

    const json = await measure<{ mbPerSec: number; valuesPerSec: number; frameBytes: number }>(
      JSON_PARSE_PROBE,
      { valuesPerFrame: p.valuesPerFrame, durationMs: p.jsonParseMs },
    );
    const posts = await measure<{ messagesPerSec: number }>(POST_MESSAGE_PROBE, {
      count: p.postMessageCount,
    });
    const sharedPosts = await measure<{ messagesPerSec: number }>(SHARED_POST_MESSAGE_PROBE, {
      count: p.postMessageCount,
    });
    const clones = await measure<{
      cloneMbPerSec: number;
      copyMbPerSec: number;
      transferMbPerSec: number;
      transferMsPerMessage: number;
    }>(CLONE_PROBE, {
      elements: p.cloneElements,
      rounds: p.cloneRounds,
      transferRounds: p.transferRounds,
    });
    const uplot = new Map<number, number[]>();
    for (const points of p.uplotPoints) {
      const runs = await measure<{ renderMs: number }>(UPLOT_PROBE, { points, ...p.chart });
      const times = runs.map((r) => r.renderMs);
      uplot.set(points, times);
      ctx.log(`  uPlot ${pointsLabel(points)}: ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    }

    const mb = (p.cloneElements * 8) / 1e6;
    return {
      figures: {
        jsonParseMBps: {
          value: json.map((r) => r.mbPerSec),
          note: `frames of ${p.valuesPerFrame} values, ${Math.round((json[0]?.frameBytes ?? 0) / 1024)} KiB each`,
        },
        jsonParseValuesPerSec: { value: json.map((r) => r.valuesPerSec) },
        postMessagePerSec: {
          value: posts.map((r) => r.messagesPerSec),
          note: `bursts of ${p.postMessageCount} small objects from a dedicated worker`,
        },
        sharedPostMessagePerSec: { value: sharedPosts.map((r) => r.messagesPerSec) },
        structuredCloneMBps: { value: clones.map((r) => r.cloneMbPerSec), note: `${mb} MB arrays` },
        postCopyMBps: { value: clones.map((r) => r.copyMbPerSec) },
        postTransferMBps: {
          value: clones.map((r) => r.transferMbPerSec),
          note: 'transfer moves ownership; its cost does not grow with the size',
        },
        postTransferUsPerMessage: { value: clones.map((r) => r.transferMsPerMessage * 1000) },
        uplot100kMs: { value: uplot.get(100_000) ?? [] },
        uplot1MMs: { value: uplot.get(1_000_000) ?? [] },
      },
      plots: [
        {
          id: 'uplot-render',
          title: `uPlot render time (${p.chart.width}×${p.chart.height})`,
          xLabel: 'points',
          yLabel: 'ms',
          logX: true,
          x: p.uplotPoints,
          series: [
            { label: 'median ms', y: p.uplotPoints.map((n) => median(uplot.get(n) ?? [])) },
            { label: 'max ms', y: p.uplotPoints.map((n) => Math.max(...(uplot.get(n) ?? [0]))) },
          ],
        },
      ],
    };
  },
});
