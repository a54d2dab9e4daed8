/**
 * Sizes of built files: gzip size of a file, and the static module graph of a built entry
 * chunk. The critical path of a tab is the entry script of dist/index.html plus everything
 * it imports statically; dynamic `import()` is loaded later and stays outside.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip level 9 is what a static server's precompression would use; level 6 differs by ~1 %. */
const GZIP_LEVEL = 9;

export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: GZIP_LEVEL }).byteLength;
}

export function gzipSizeOfFile(path: string): number {
  return gzipSize(readFileSync(path));
}

// NOTE: bundler output writes static imports as `import{a as b}from"./x.js"`, `import"./x.js"`
// or `export*from"./x.js"`. `import(` (dynamic) has no quote right after the optional
// clause, so it never matches. A string literal spelling an import could match; the graph
// only keeps specifiers that resolve to files in dist/, which keeps such false hits rare.
const STATIC_IMPORT =
  /(?:^|[;\s}{)])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;

/** Relative and root-absolute specifiers of static imports and re-exports in a module. */
export function staticImportsOf(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(STATIC_IMPORT)) {
    const spec = m[1]!;
    if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/')) out.push(spec);
  }
  return [...new Set(out)];
}

export interface ModuleSize {
  /** Path relative to the dist folder, with forward slashes. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface ModuleGraph {
  entry: string;
  modules: ModuleSize[];
  totalBytes: number;
  totalGzipBytes: number;
}

function toDistPath(distDir: string, fromFile: string, spec: string): string {
  const abs = spec.startsWith('/')
    ? join(distDir, spec)
    : resolve(dirname(join(distDir, fromFile)), spec.split('?')[0]!);
  return relative(distDir, abs).split('\\').join(posix.sep);
}

/** Walks static imports from `entry` (a path relative to distDir) and sizes every module once. */
export function staticModuleGraph(distDir: string, entry: string): ModuleGraph {
  const seen = new Set<string>();
  const modules: ModuleSize[] = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const path = join(distDir, file);
    if (!existsSync(path)) continue;
    const content = readFileSync(path);
    modules.push({ file, bytes: content.byteLength, gzipBytes: gzipSize(content) });
    for (const spec of staticImportsOf(content.toString('utf8')))
      queue.push(toDistPath(distDir, file, spec));
  }
  return {
    entry,
    modules,
    totalBytes: modules.reduce((a, m) => a + m.bytes, 0),
    totalGzipBytes: modules.reduce((a, m) => a + m.gzipBytes, 0),
  };
}

/** Module scripts and modulepreload links of an index.html, as dist-relative paths. */
export function entryScriptsOfHtml(html: string): { scripts: string[]; preloads: string[] } {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const scripts: string[] = [];
  const preloads: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag)) scripts.push(src.replace(/^\//, ''));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && /rel\s*=\s*["']modulepreload["']/i.test(tag))
      preloads.push(href.replace(/^\//, ''));
  }
  return { scripts, preloads };
}

/**
 * Built worker chunks: files in dist/assets named after a worker entry (`<stem>-<hash>.js`),
 * where the stems come from the worker entry files (`workers/*.worker.ts`). Passing the
 * stems keeps this free of source layout rules.
 */
export function findWorkerChunks(distDir: string, entryStems: readonly string[]): string[] {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets) || entryStems.length === 0) return [];
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const hits = files.filter((f) =>
    entryStems.some((stem) => new RegExp(`^${escapeRegExp(stem)}-[\\w-]{6,}\\.js$`).test(f)),
  );
  return hits.map((f) => `assets/${f}`);
}

/**
 * Chunks that the built code starts as workers (`new Worker(new URL("x.js", ...))`,
 * `new SharedWorker(...)`), found in every JS file of dist/assets.
 */
export function findWorkerReferences(distDir: string): string[] {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return [];
  const found = new Set<string>();
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  // NOTE: Vite writes `new SharedWorker(new URL(\`/assets/engine.worker-abc.js\`, …))` with
  // template literals; older output used quotes or `"" + new URL(...)`.
  const re =
    /new\s+(?:Shared)?Worker\s*\(\s*(?:(?:""|``)\s*\+\s*)?new\s+URL\s*\(\s*["'`]([^"'`]+\.js)["'`]/g;
  for (const f of files) {
    const code = readFileSync(join(assets, f), 'utf8');
    for (const m of code.matchAll(re)) {
      const name = m[1]!.split('/').pop()!;
      if (files.includes(name)) found.add(`assets/${name}`);
    }
  }
  return [...found];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
