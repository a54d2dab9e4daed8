/**
 * The tab's first script holds what its first render runs, not the pages' shared code: the
 * modules main.tsx reaches by static imports name no barrel (`src/ui/index.ts`,
 * `src/live/index.ts`). A barrel is a static dependency of whoever imports it, and with it
 * every module it re-exports, so the bundler puts all of them into the entry chunk (the
 * `$initial` group of vite.config.ts) as soon as one pages use is exported from it: importing
 * two hooks and four components through the barrels put 17.5 kB of the pages' code into the
 * entry (bench/README.md "The entry chunk, module by module"), which every tab compiles whole
 * before its first render (scripts/compileHint.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const BARRELS = ['src/ui/index.ts', 'src/live/index.ts'];

/** Static imports and re-exports of a module's source (type-only ones and `import()` left out). */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function staticImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(STATIC_IMPORT)) {
    const spec = m[1]!;
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    if (/\.(tsx?)$/.test(target) && existsSync(target)) out.push(target);
  }
  return out;
}

/** Every module `entry` reaches through static imports, each with the module that imported it. */
function staticGraph(entry: string): Map<string, string | null> {
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift())
    for (const next of staticImportsOf(file))
      if (!from.has(next)) {
        from.set(next, file);
        queue.push(next);
      }
  return from;
}

describe('EB: the entry chunk without the pages’ barrels', () => {
  it('EB0: the walk reads static imports, not type-only ones or lazy ones', () => {
    const graph = staticGraph(resolve(ROOT, 'src/main.tsx'));
    const rel = (f: string) => relative(ROOT, f);
    const files = [...graph.keys()].map(rel);
    // Statically imported by the shell:
    expect(files).toContain('src/app/Shell.tsx');
    expect(files).toContain('src/features/alerts/AlarmBanner.tsx');
    // Lazy in Shell.tsx, so not in the entry:
    expect(files).not.toContain('src/app/KioskControl.tsx');
    expect(files).not.toContain('src/features/alerts/AlertsPage.tsx');
  });

  it('EB1: no module main.tsx reaches statically imports src/ui/index.ts or src/live/index.ts', () => {
    const graph = staticGraph(resolve(ROOT, 'src/main.tsx'));
    const found = BARRELS.filter((b) => graph.has(resolve(ROOT, b))).map((b) => {
      const chain: string[] = [];
      for (let f: string | null | undefined = resolve(ROOT, b); f; f = graph.get(f))
        chain.unshift(relative(ROOT, f));
      return chain.join(' -> ');
    });
    expect(found).toEqual([]);
  });
});
