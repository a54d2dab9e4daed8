/**
 * `npm run bench [-- --quick] [--only a,b] [--out dir] [--no-build] [--fake-plant]`
 *
 * Builds the client and the naive baseline, launches headless Chromium, runs the scenarios
 * of bench/scenarios/ in order and writes `<out>/<timestamp>.json|.html|.md`. A full run in
 * which every scenario ran to completion also rewrites bench/RESULTS.md; a quick, partial
 * or interrupted one never does.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildBaseline } from './harness/baselineBundle.ts';
import { launchBrowser } from './harness/browser.ts';
import { exitWhenDone } from './harness/exit.ts';
import { Harness } from './harness/context.ts';
import { evaluateFigure, limitLookup, statusOf } from './harness/evaluate.ts';
import { machineInfo } from './harness/machine.ts';
import { loadScenarios, selectScenarios } from './harness/registry.ts';
import { NotReady, type ScenarioResult } from './harness/scenario.ts';
import { defaultCookieProvider } from './harness/signIn.ts';
import { BENCH_RUN_FORMAT, type BenchRun } from './report/benchRun.ts';
import { formatMeasurement } from './report/format.ts';
import { resultsMdRefusal, writeReport, writeResultsMd } from './report/writeReport.ts';

const ROOT = resolve(import.meta.dirname, '..');

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    out: { type: 'string', default: join(ROOT, 'bench/results') },
    'no-build': { type: 'boolean', default: false },
    'fake-plant': { type: 'boolean', default: false },
  },
});
// `--only a,b`, `--only a --only b` and `--only a b` all select a and b.
const only = args.only
  ? [...args.only, ...positionals]
      .flatMap((o) => o.split(','))
      .map((o) => o.trim())
      .filter(Boolean)
  : null;
const mode = args.quick ? 'quick' : 'full';
const started = Date.now();
const log = (message: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);

const allScenarios = await loadScenarios(join(ROOT, 'bench/scenarios'));
const scenarios = selectScenarios(allScenarios, only);
log(`${mode} run of ${scenarios.map((s) => s.id).join(', ')}`);

if (args['fake-plant'])
  log('FAKE PLANT: a stand-in server checks the harness; figures say nothing about Pegel');

if (!args['no-build']) {
  log('vite build (the client in dist/)');
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
log('building the naive baseline');
const baselineDir = await buildBaseline(ROOT);

const bench = await launchBrowser();
const machine = machineInfo(ROOT, bench.version);
const harness = new Harness({
  mode,
  root: ROOT,
  distDir: join(ROOT, 'dist'),
  browser: bench.browser,
  cdp: bench.cdp,
  baselineDir,
  cookieProvider: args['fake-plant'] ? null : await defaultCookieProvider(ROOT),
  fakePlant: args['fake-plant'],
  log,
});

const results: ScenarioResult[] = [];
/** Scenarios whose run returned; one that threw (NotReady included) did not run to completion. */
const completed = new Set<string>();
const startedAt = new Date().toISOString();
try {
  for (const scenario of scenarios) {
    const params = mode === 'quick' ? scenario.quick : scenario.full;
    log(`▶ ${scenario.id}: ${scenario.title}`);
    const t0 = Date.now();
    const base = { id: scenario.id, title: scenario.title, params, plots: [], notes: [] };
    const unmeasured = scenario.figures.map((f) => ({ ...f }));
    try {
      const output = await harness.withContext((ctx) => scenario.run(ctx, params));
      completed.add(scenario.id);
      const undeclared = Object.keys(output.figures).filter(
        (id) => !scenario.figures.some((f) => f.id === id),
      );
      if (undeclared.length) {
        const note = `returned undeclared figure(s), not reported: ${undeclared.join(', ')}`;
        console.warn(`  ${scenario.id} ${note}`);
        output.notes = [...(output.notes ?? []), `The scenario ${note}.`];
      }
      const figures = scenario.figures.map((f) =>
        evaluateFigure(f, output.figures[f.id], limitLookup(results)),
      );
      results.push({
        ...base,
        status: statusOf(figures),
        durationMs: Date.now() - t0,
        figures,
        plots: output.plots ?? [],
        notes: output.notes ?? [],
      });
    } catch (err) {
      const notReady = err instanceof NotReady;
      const reason = err instanceof Error ? err.message : String(err);
      if (!notReady) console.error(err);
      results.push({
        ...base,
        status: notReady ? 'not-measured' : 'failed',
        reason,
        durationMs: Date.now() - t0,
        figures: unmeasured,
      });
    }
    const r = results[results.length - 1]!;
    log(`  ${r.status}${r.reason ? `: ${r.reason}` : ''} (${(r.durationMs / 1000).toFixed(1)} s)`);
    for (const f of r.figures)
      if (f.value || f.baseline)
        log(
          `  ${f.label}: ${formatMeasurement(f.value, f.unit)}${f.baseline ? ` | baseline ${formatMeasurement(f.baseline, f.unit)}` : ''}`,
        );
  }
} finally {
  await harness.close();
  await bench.close();
}

const run: BenchRun = {
  format: BENCH_RUN_FORMAT,
  startedAt,
  finishedAt: new Date().toISOString(),
  mode,
  only,
  plant: args['fake-plant'] ? 'fake' : 'reference',
  machine,
  loadAverage1mAtEnd: loadavg()[0] ?? 0,
  scenarios: results,
};
const written = await writeReport(run, resolve(args.out), ROOT);
log(`wrote ${written.json}\n  ${written.html}\n  ${written.markdown}`);
const completion = { scenarioIds: allScenarios.map((s) => s.id), completed };
const refusal = resultsMdRefusal(run, completion);
if (refusal) log(`bench/RESULTS.md left as it is: ${refusal}`);
else {
  await writeResultsMd(run, join(ROOT, 'bench/RESULTS.md'), completion);
  log('wrote bench/RESULTS.md');
}
if (results.some((r) => r.status === 'failed')) process.exitCode = 1;

// The results are written: the run is over. A handle left open (once, 13 minutes on a loaded
// machine) is named and the process ends anyway.
exitWhenDone();
