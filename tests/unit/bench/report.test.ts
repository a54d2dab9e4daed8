import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  evaluateFigure,
  limitLookup,
  overFloorOf,
  ratioOf,
  reevaluate,
  statusOf,
} from '../../../bench/harness/evaluate.ts';
import {
  addSample,
  type FigureSamples,
  type FigureSpec,
  type ScenarioResult,
} from '../../../bench/harness/scenario.ts';
import { formatFloor, formatOverFloor, formatRatio } from '../../../bench/report/format.ts';
import { BENCH_RUN_FORMAT, type BenchRun } from '../../../bench/report/benchRun.ts';
import { renderMarkdown } from '../../../bench/report/markdown.ts';
import {
  resultsMdRefusal,
  timestampName,
  writeReport,
  HAND_SECTION_MARK,
  writeResultsMd,
} from '../../../bench/report/writeReport.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const out = mkdtempSync(join(tmpdir(), 'pegel-bench-report-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const latency: FigureSpec = {
  id: 'latencyP95Ms',
  label: 'Latency p95',
  unit: 'ms',
  better: 'lower',
  compare: true,
  target: { op: '<=', value: 50 },
};
const throughput: FigureSpec = {
  id: 'rate',
  label: 'Rate',
  unit: 'values/s',
  better: 'higher',
  limit: 'limits.max',
};

const limits: ScenarioResult = {
  id: 'limits',
  title: 'Limits',
  status: 'measured',
  params: {},
  durationMs: 1,
  figures: [
    evaluateFigure(
      { id: 'max', label: 'Max', unit: 'values/s', better: 'higher' },
      { value: [1000, 1000] },
      () => undefined,
    ),
  ],
  plots: [],
  notes: [],
};

describe('bench evaluation and report', () => {
  it('BENCH-EVAL1: ratios are > 1 when Pegel is better, whichever direction is better', () => {
    expect(ratioOf(latency, 10, 40)).toBe(4);
    expect(ratioOf(throughput, 400, 100)).toBe(4);
    expect(ratioOf(latency, 0, 0)).toBeUndefined();
  });

  it('BENCH-EVAL2: figures get summaries, ratio, target check and fraction of a machine limit', () => {
    const lookup = limitLookup([limits]);
    const f = evaluateFigure(latency, { value: [10, 12, 11], baseline: [40, 44, 42] }, lookup);
    expect(f.value?.summary.median).toBe(11);
    expect(f.ratio).toBeCloseTo(42 / 11);
    expect(f.meetsTarget).toBe(true);
    const r = evaluateFigure(throughput, { value: [250, 250] }, lookup);
    expect(r.fractionOfLimit).toBe(0.25);
    expect(statusOf([f, r])).toBe('measured');
    expect(statusOf([f, { ...throughput }])).toBe('partial');
    expect(statusOf([{ ...throughput }])).toBe('not-measured');
  });

  it('BENCH-EVAL3: Pegel over the floor page is > 1 when Pegel costs more, checked against ×1.25', () => {
    const perUpdate: FigureSpec = { ...latency, floorTarget: 1.25 };
    expect(overFloorOf(perUpdate, 12, 10)).toBeCloseTo(1.2);
    expect(overFloorOf(throughput, 800, 1000)).toBe(1.25);
    expect(overFloorOf(perUpdate, 1, 0)).toBeUndefined();
    expect(overFloorOf(perUpdate, 375, -148)).toBeUndefined();
    expect(overFloorOf(perUpdate, -1, 10)).toBeUndefined();
    const samples: Record<string, FigureSamples> = {};
    for (const [side, v] of [
      ['pegel', 13],
      ['floor', 10],
      ['baseline', 40],
      ['pegel', 14],
      ['floor', 11],
    ] as const)
      addSample(samples, side, 'x', v);
    expect(samples.x).toEqual({ value: [13, 14], floor: [10, 11], baseline: [40] });
    const over = evaluateFigure(perUpdate, samples.x, () => undefined);
    expect(over.floor?.summary.median).toBe(10.5);
    expect(over.overFloor).toBeCloseTo(13.5 / 10.5);
    expect(over.meetsFloorTarget).toBe(false);
    expect(formatFloor(over)).toBe('10.5 ms (10–11, n=2)');
    expect(formatOverFloor(over)).toBe('×1.29 ≤ ×1.25 ✗');
    const within = evaluateFigure(perUpdate, { value: [12], floor: [10] }, () => undefined);
    expect(formatOverFloor(within)).toBe('×1.2 ≤ ×1.25 ✓');
    // Declared with a floor but the floor not measured: the target shows, no figure.
    expect(formatOverFloor(evaluateFigure(perUpdate, { value: [12] }, () => undefined))).toBe(
      '— ≤ ×1.25',
    );
    // Only a floor measured still counts as measured; a figure without a floor shows nothing.
    expect(statusOf([evaluateFigure(perUpdate, { floor: [1] }, () => undefined)])).toBe('measured');
    expect(formatFloor(evaluateFigure(latency, { value: [1] }, () => undefined))).toBe('');
    expect(formatOverFloor(evaluateFigure(latency, { value: [1] }, () => undefined))).toBe('');
  });

  it('BENCH-EVAL4: no ratio to the floor while both are within the noise of a page that does nothing', () => {
    const idle: FigureSpec = {
      id: 'idle',
      label: 'Idle',
      unit: 'ms/s',
      better: 'lower',
      floorTarget: 1.25,
      floorNoise: 0.5,
    };
    const quiet = evaluateFigure(
      idle,
      { value: [0.45, 0.38, 1], floor: [0.16, 0.03, 0.31] },
      () => undefined,
    );
    expect(quiet.withinFloorNoise).toBe(true);
    expect(quiet.overFloor).toBeUndefined();
    expect(quiet.meetsFloorTarget).toBeUndefined();
    expect(formatOverFloor(quiet)).toBe('— (both < 0.5 ms/s: noise)');
    // Pegel over the noise: the ratio counts, however small the floor.
    const awake = evaluateFigure(idle, { value: [0.9], floor: [0.1] }, () => undefined);
    expect(awake.withinFloorNoise).toBeUndefined();
    expect(formatOverFloor(awake)).toBe('×9 ≤ ×1.25 ✗');
    // A figure without floorNoise keeps its ratio at any size.
    const { floorNoise: _, ...plain } = idle;
    expect(
      formatOverFloor(evaluateFigure(plain, { value: [0.2], floor: [0.1] }, () => undefined)),
    ).toBe('×2 ≤ ×1.25 ✗');
  });

  const run: BenchRun = {
    format: BENCH_RUN_FORMAT,
    startedAt: '2026-11-22T09:15:03.123Z',
    finishedAt: '2026-11-22T09:16:00.000Z',
    mode: 'quick',
    only: null,
    plant: 'reference',
    machine: {
      cpuModel: 'Test CPU',
      cores: 2,
      memoryBytes: 8 * 1024 ** 3,
      freeMemoryBytes: 1,
      loadAverage1m: 0.5,
      os: 'Test OS',
      node: 'v20.20.2',
      browser: '156.0',
      git: { commit: 'a'.repeat(40), branch: 'bench', dirty: false },
    },
    scenarios: [
      limits,
      {
        id: 'ingest',
        title: 'Ingest </script>',
        status: 'partial',
        params: {},
        durationMs: 5,
        figures: [
          evaluateFigure(latency, { value: [10, 12, 11], baseline: [40, 44, 42] }, () => undefined),
          evaluateFigure(
            { ...latency, id: 'perUpdate', label: 'Per update', floorTarget: 1.25 },
            { value: [12], baseline: [40], floor: [10] },
            () => undefined,
          ),
          { ...throughput },
        ],
        plots: [
          {
            id: 'p',
            title: 'P',
            xLabel: 'x',
            yLabel: 'y',
            x: [1, 2],
            series: [{ label: 's', y: [1, null] }],
          },
        ],
        notes: ['Rate waits for the engine.'],
      },
      {
        id: 'soak',
        title: 'Soak',
        status: 'not-measured',
        reason: 'no engine yet',
        params: {},
        durationMs: 0,
        figures: [{ ...throughput }],
        plots: [],
        notes: [],
      },
    ],
  };

  it("BENCH-EVAL5: a figure held to the naive client is checked against ×1, and a written run is judged again by today's specs", () => {
    const heap: FigureSpec = {
      id: 'heap',
      label: 'Heap',
      unit: 'MB',
      better: 'lower',
      compare: true,
      naiveTarget: true,
    };
    const heavier = evaluateFigure(heap, { value: [284], baseline: [129] }, () => undefined);
    expect(heavier.meetsNaiveTarget).toBe(false);
    expect(formatRatio(heavier)).toBe('×0.454 ≥ ×1 ✗');
    const lighter = evaluateFigure(heap, { value: [100], baseline: [129] }, () => undefined);
    expect(formatRatio(lighter)).toBe('×1.29 ≥ ×1 ✓');
    expect(formatRatio(evaluateFigure(heap, { value: [1] }, () => undefined))).toBe('— ≥ ×1');
    // Without the target the ratio stands alone, as before.
    const plain = evaluateFigure(
      { ...heap, naiveTarget: undefined },
      { value: [284], baseline: [129] },
      () => undefined,
    );
    expect(plain.meetsNaiveTarget).toBeUndefined();
    expect(formatRatio(plain)).toBe('×0.454');

    // A run written before the target: judged again, same samples, the check now there.
    const written: ScenarioResult = {
      id: 'manyTabs',
      title: 'Many tabs',
      status: 'measured',
      params: {},
      durationMs: 1,
      figures: [
        evaluateFigure(
          { ...heap, naiveTarget: undefined },
          { value: [280, 288], baseline: [129], note: 'n' },
          () => undefined,
        ),
        evaluateFigure(throughput, { value: [500] }, () => undefined),
      ],
      plots: [],
      notes: [],
    };
    const [again] = reevaluate([limits, written], (id) =>
      id === 'manyTabs' ? [heap] : undefined,
    ).slice(1);
    expect(again?.figures[0]?.value?.samples).toEqual([280, 288]);
    expect(again?.figures[0]?.note).toBe('n');
    expect(again?.figures[0]?.meetsNaiveTarget).toBe(false);
    // A figure today's specs no longer declare keeps its own spec; limits resolve within the run.
    expect(again?.figures[1]?.fractionOfLimit).toBe(0.5);
    expect(written.figures[0]?.meetsNaiveTarget).toBeUndefined();
  });

  it('BENCH-REPORT1: the Markdown summary names machine, commit, figures, ratio and unmeasured scenarios', () => {
    const md = renderMarkdown(run);
    expect(md).toContain('Test CPU, 2 cores, 8 GiB memory');
    expect(md).toContain('aaaaaaaaaaaa (bench)');
    expect(md).toMatch(
      /\| Latency p95 \| 11 ms \(10–12, n=3\) \| 42 ms \(40–44, n=3\) \| ×3\.82 \| {2}\| {2}\| ≤ 50 ms ✓ \|/,
    );
    expect(md).toMatch(
      /\| Per update \| 12 ms \(n=1\) \| 40 ms \(n=1\) \| ×3\.33 \| 10 ms \(n=1\) \| ×1\.2 ≤ ×1\.25 ✓ \|/,
    );
    expect(md).toContain('_not yet measured_');
    expect(md).toContain('  - no engine yet');
  });

  it('BENCH-REPORT2: the writer produces JSON, a self-contained HTML report and Markdown', async () => {
    const written = await writeReport(run, out, ROOT);
    expect(written.json).toBe(join(out, `${timestampName(run.startedAt)}.json`));
    expect(timestampName(run.startedAt)).toBe('2026-11-22T09-15-03Z');
    expect(JSON.parse(readFileSync(written.json, 'utf8'))).toEqual(run);
    const html = readFileSync(written.html, 'utf8');
    expect(html).toContain('uPlot');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(readFileSync(written.markdown, 'utf8')).toContain('# Pegel bench results');
  });

  it('BENCH-REPORT3: RESULTS.md only from a full run in which every scenario ran to completion', async () => {
    const scenarioIds = ['limits', 'ingest', 'soak'];
    const all = { scenarioIds, completed: new Set(scenarioIds) };
    const full: BenchRun = { ...run, mode: 'full' };
    expect(resultsMdRefusal(full, all)).toBeNull();
    expect(resultsMdRefusal(run, all)).toBe('a quick run');
    expect(resultsMdRefusal({ ...full, only: ['limits'] }, all)).toMatch(/--only/);
    expect(resultsMdRefusal({ ...full, plant: 'fake' }, all)).toMatch(/fake plant/);
    // A scenario that threw, or one never reached because the run stopped, did not run.
    const threw = { scenarioIds, completed: new Set(['limits', 'ingest']) };
    expect(resultsMdRefusal(full, threw)).toBe('not run to completion: soak');
    const stopped = { scenarioIds: [...scenarioIds, 'tabs'], completed: new Set(scenarioIds) };
    expect(resultsMdRefusal(full, stopped)).toBe('not run to completion: tabs');

    const path = join(out, 'RESULTS.md');
    await expect(writeResultsMd(run, path, all)).rejects.toThrow(/a quick run/);
    await expect(writeResultsMd(full, path, threw)).rejects.toThrow(/soak/);
    expect(existsSync(path)).toBe(false);
    await writeResultsMd(full, path, all);
    expect(readFileSync(path, 'utf8')).toContain('# Pegel bench: latest full run');

    // Figures measured outside the run (below the mark) survive the next full run.
    const hand = `${HAND_SECTION_MARK}\n\n## Field plant\n\nBy hand.\n`;
    writeFileSync(path, `# old tables\n\n${hand}`);
    await writeResultsMd(full, path, all);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('# old tables');
    expect(text).toContain('# Pegel bench: latest full run');
    expect(text.trimEnd().endsWith(hand.trimEnd())).toBe(true);
  });
});
