/**
 * Startup: what a tab must download before it can run. The critical path is the module
 * script of dist/index.html and its static imports (dynamic imports load later); uPlot and
 * the SignalR client must stay outside it. The engine worker is sized on its own.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASELINE_PATH } from '../harness/baselineBundle.ts';
import {
  entryScriptsOfHtml,
  findWorkerChunks,
  findWorkerReferences,
  staticModuleGraph,
  type ModuleGraph,
} from '../harness/bundleGraph.ts';
import { DEFAULT_LANGUAGE } from '../../src/app/languageKey.ts';
import { defineScenario, NotReady } from '../harness/scenario.ts';

const KB = 1000;

/**
 * The critical path's budget in kB gzip (issues 57 and 59); tests/unit/build/startupBudget.test.ts
 * holds dist/ to it in the gate, after the build.
 */
export const CRITICAL_PATH_BUDGET_KB = 150;

/** The engine worker's budget in kB gzip (issue 42); tests/unit/build/workerBudget.test.ts. */
export const ENGINE_WORKER_BUDGET_KB = 34;

/** Text that only the bundled library contains: how a module is recognised in a chunk. */
const LIBRARY_MARKERS: Record<string, RegExp> = {
  uPlot: /u-over[^]*u-legend|u-legend[^]*u-over/,
  '@microsoft/signalr': /X-SignalR-User-Agent|HubConnectionBuilder/,
};

/**
 * The first render waits for the tab's language: the page's inline script (vite.config.ts)
 * preloads it from a map of locale files. The default language's file counts as critical.
 */
function languageChunk(html: string): string | null {
  const m = /var c=(\{[^}]*\})/.exec(html);
  if (!m?.[1]) return null;
  const file = (JSON.parse(m[1]) as Record<string, string>)[DEFAULT_LANGUAGE];
  return file ? file.replace(/^\//, '') : null;
}

export function criticalPath(distDir: string, base = '/'): ModuleGraph & { scripts: string[] } {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new NotReady(`no ${indexPath}; run vite build`);
  const html = readFileSync(indexPath, 'utf8');
  const { scripts } = entryScriptsOfHtml(html);
  const strip = (s: string) => (s.startsWith(base.slice(1)) ? s.slice(base.length - 1) : s);
  const language = languageChunk(html);
  const graphs = [...scripts, ...(language ? [language] : [])].map((s) =>
    staticModuleGraph(distDir, strip(s)),
  );
  const modules = [...new Map(graphs.flatMap((g) => g.modules).map((m) => [m.file, m])).values()];
  return {
    entry: scripts.join(', '),
    scripts,
    modules,
    totalBytes: modules.reduce((a, m) => a + m.bytes, 0),
    totalGzipBytes: modules.reduce((a, m) => a + m.gzipBytes, 0),
  };
}

export function librariesIn(distDir: string, graph: ModuleGraph): string[] {
  const found = new Set<string>();
  for (const m of graph.modules) {
    const code = readFileSync(join(distDir, m.file), 'utf8');
    for (const [name, marker] of Object.entries(LIBRARY_MARKERS))
      if (marker.test(code)) found.add(name);
  }
  return [...found];
}

/** Stems of the worker entries (STYLE.md: `*.worker.ts`): `engine.worker.ts` → `engine.worker`, `engine`. */
export function workerStems(root: string): string[] {
  const dir = join(root, 'workers');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.worker.ts'))
    .flatMap((f) => {
      const stem = f.split('/').pop()!.replace(/\.ts$/, '');
      return [stem, stem.slice(0, -'.worker'.length)];
    });
}

export default defineScenario<Record<string, never>>({
  id: 'startup',
  title: 'Startup (built bundle sizes)',
  order: 10,
  figures: [
    {
      id: 'criticalJsGzipKB',
      label: 'Critical-path JS of a tab (gzip)',
      unit: 'kB',
      better: 'lower',
      target: { op: '<=', value: CRITICAL_PATH_BUDGET_KB },
      compare: true,
    },
    {
      id: 'heavyLibsInCriticalPath',
      label: 'uPlot / SignalR client in the critical path',
      unit: 'libraries',
      better: 'lower',
      target: { op: '<=', value: 0 },
      compare: true,
    },
    {
      id: 'workerGzipKB',
      label: 'Engine worker (gzip, with its static imports)',
      unit: 'kB',
      better: 'lower',
      target: { op: '<=', value: ENGINE_WORKER_BUDGET_KB },
    },
  ],
  quick: {},
  full: {},
  async run(ctx) {
    const pegel = criticalPath(ctx.distDir);
    const pegelLibs = librariesIn(ctx.distDir, pegel);
    const baseline = ctx.baselineDir ? criticalPath(ctx.baselineDir, BASELINE_PATH) : null;
    const baselineLibs = baseline && ctx.baselineDir ? librariesIn(ctx.baselineDir, baseline) : [];
    const notes: string[] = [];

    // The engine is the chunk named after a `*.worker.ts` entry; without such an entry,
    // whatever the built code starts as a worker.
    const named = findWorkerChunks(ctx.distDir, workerStems(ctx.root));
    const workerFiles = named.length ? named : findWorkerReferences(ctx.distDir);
    const workers = workerFiles.map((f) => staticModuleGraph(ctx.distDir, f));
    const workerGzip = workers.reduce((a, g) => a + g.totalGzipBytes, 0);
    if (workers.length === 0)
      notes.push('No worker chunk in dist/assets yet (the engine is not built).');

    ctx.log(
      `  critical path: ${pegel.modules.map((m) => `${m.file} ${(m.gzipBytes / KB).toFixed(1)} kB`).join(', ')}`,
    );
    return {
      figures: {
        criticalJsGzipKB: {
          value: [pegel.totalGzipBytes / KB],
          ...(baseline ? { baseline: [baseline.totalGzipBytes / KB] } : {}),
          note: `${pegel.modules.length} module(s) with the default language's locale file the first render waits for, ${(pegel.totalBytes / KB).toFixed(1)} kB before gzip`,
        },
        heavyLibsInCriticalPath: {
          value: [pegelLibs.length],
          ...(baseline ? { baseline: [baselineLibs.length] } : {}),
          ...(pegelLibs.length ? { note: `found: ${pegelLibs.join(', ')}` } : {}),
        },
        ...(workers.length
          ? {
              workerGzipKB: {
                value: [workerGzip / KB],
                note: workers.map((g) => g.modules.map((m) => m.file).join(' + ')).join('; '),
              },
            }
          : {}),
      },
      notes,
    };
  },
});
