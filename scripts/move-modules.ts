/**
 * Moves source files with `git mv` and rewrites every relative import of them (and the moved
 * files' own relative imports), so that a move is one commit of renames and import lines only
 * and parallel edits of the same files merge by rename detection.
 *   npx tsx scripts/move-modules.ts from=to [from=to …]   (paths from the repository root;
 *   `to` ending in / keeps the file name)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SCAN = ['src', 'tests', 'scripts', 'bench', 'workers', 'server'];
const SOURCE = /\.(tsx?|mts|mjs|js|css)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'results') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

const moves = new Map<string, string>();
for (const arg of process.argv.slice(2)) {
  const [from, to] = arg.split('=') as [string, string];
  const src = resolve(ROOT, from);
  const dst = to.endsWith('/') ? resolve(ROOT, to, basename(from)) : resolve(ROOT, to);
  moves.set(src, dst);
}

const SPEC =
  /((?:import|export)\s[^'";]*?from\s*|import\s*\(\s*|import\s+|vi\.mock\(\s*|@import\s+(?:url\()?)(['"])(\.{1,2}\/[^'"]+)\2/g;

const files = SCAN.flatMap((d) => walk(join(ROOT, d)));
const changed = new Map<string, string>();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const newFile = moves.get(file) ?? file;
  const next = text.replace(SPEC, (whole, lead: string, quote: string, spec: string) => {
    const target = resolve(dirname(file), spec);
    const newTarget = moves.get(target) ?? target;
    if (newTarget === target && newFile === file) return whole;
    let rel = relative(dirname(newFile), newTarget);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${quote}${rel}${quote}`;
  });
  if (next !== text) changed.set(file, next);
}

for (const [src, dst] of moves) {
  mkdirSync(dirname(dst), { recursive: true });
  execFileSync('git', ['mv', relative(ROOT, src), relative(ROOT, dst)], { cwd: ROOT });
}
for (const [file, text] of changed) writeFileSync(moves.get(file) ?? file, text);
console.log(`${moves.size} files moved, ${changed.size} files with import lines updated`);
