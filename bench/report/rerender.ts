/**
 * `npx tsx bench/report/rerender.ts <results/…json> [--results]`: writes a run's reports again
 * with the checks of today's figure specs (`reevaluate`), next to the JSON as
 * `<name>.rerendered.{json,md,html}`; with `--results` also bench/RESULTS.md, under the same
 * rule as `npm run bench` (a complete full run only). Nothing is measured again: the samples
 * are the run's.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { reevaluate } from '../harness/evaluate.ts';
import { loadScenarios } from '../harness/registry.ts';
import { BENCH_RUN_FORMAT, type BenchRun } from './benchRun.ts';
import { writeReport, writeResultsMd } from './writeReport.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/report/rerender.ts <results/…json> [--results]');
  process.exit(2);
}
const run = JSON.parse(readFileSync(file, 'utf8')) as BenchRun;
if (run.format !== BENCH_RUN_FORMAT) {
  console.error(`${file}: format ${String(run.format)}, this tool reads ${BENCH_RUN_FORMAT}`);
  process.exit(2);
}
const scenarios = await loadScenarios(join(ROOT, 'bench/scenarios'));
const again: BenchRun = {
  ...run,
  scenarios: reevaluate(run.scenarios, (id) => scenarios.find((s) => s.id === id)?.figures),
};
// The reports are named by the run's start; a directory of their own keeps the original.
const out = join(dirname(file), `${basename(file, '.json')}.rerendered`);
const written = await writeReport(again, out, ROOT);
console.log(`wrote ${written.json}\n  ${written.html}\n  ${written.markdown}`);
if (flags.includes('--results')) {
  // A scenario that threw has a reason and no figures of its own; every other one returned.
  const completed = new Set(again.scenarios.filter((s) => !s.reason).map((s) => s.id));
  await writeResultsMd(again, join(ROOT, 'bench/RESULTS.md'), {
    scenarioIds: scenarios.map((s) => s.id),
    completed,
  });
  console.log('wrote bench/RESULTS.md');
}
