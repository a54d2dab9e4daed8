import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  entryScriptsOfHtml,
  findWorkerChunks,
  findWorkerReferences,
  gzipSize,
  staticImportsOf,
  staticModuleGraph,
} from '../../../bench/harness/bundleGraph.ts';

const dist = mkdtempSync(join(tmpdir(), 'pegel-bench-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function file(path: string, text: string) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
}

file(
  'index.html',
  '<script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script><link rel="modulepreload" href="/assets/vendor-BBBBBBBB.js">',
);
file(
  'assets/index-AAAAAAAA.js',
  'import{a as e}from"./vendor-BBBBBBBB.js";import"./side-CCCCCCCC.js";const w=new SharedWorker(new URL(`/assets/engine-DDDDDDDD.js`,``+import.meta.url),{type:`module`});const d=new Worker(new URL("/assets/other-GGGGGGGG.js",import.meta.url));const l=()=>import("./lazy-EEEEEEEE.js");e();',
);
file('assets/vendor-BBBBBBBB.js', 'export*from"./deep-FFFFFFFF.js";export const a=()=>1;');
file('assets/side-CCCCCCCC.js', 'console.log(1)');
file('assets/deep-FFFFFFFF.js', 'export const d=2;');
file('assets/lazy-EEEEEEEE.js', 'export const big="' + 'x'.repeat(5000) + '";');
file('assets/other-GGGGGGGG.js', 'postMessage(1)');
file('assets/engine-DDDDDDDD.js', 'import{d}from"./deep-FFFFFFFF.js";onconnect=()=>d;');

describe('bench bundle sizes', () => {
  it('BENCH-SIZE1: gzip size is the size of the gzip stream of the content', () => {
    const text = 'a'.repeat(10_000);
    expect(gzipSize(text)).toBeLessThan(200);
    expect(gunzipSync(gzipSync(text)).toString()).toBe(text);
  });

  it('BENCH-SIZE2: static imports and re-exports count, dynamic imports do not', () => {
    expect(
      staticImportsOf(
        'import{a}from"./x.js";import "./y.js";export*from"./z.js";import("./lazy.js")',
      ),
    ).toEqual(['./x.js', './y.js', './z.js']);
  });

  it('BENCH-SIZE3: the critical path walks the entry script of index.html through static imports', () => {
    const { scripts, preloads } = entryScriptsOfHtml(
      '<script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script><link rel="modulepreload" href="/assets/vendor-BBBBBBBB.js">',
    );
    expect(scripts).toEqual(['assets/index-AAAAAAAA.js']);
    expect(preloads).toEqual(['assets/vendor-BBBBBBBB.js']);
    const graph = staticModuleGraph(dist, scripts[0]!);
    expect(graph.modules.map((m) => m.file).sort()).toEqual([
      'assets/deep-FFFFFFFF.js',
      'assets/index-AAAAAAAA.js',
      'assets/side-CCCCCCCC.js',
      'assets/vendor-BBBBBBBB.js',
    ]);
    expect(graph.totalGzipBytes).toBe(graph.modules.reduce((a, m) => a + m.gzipBytes, 0));
  });

  it('BENCH-SIZE4: worker chunks are found by entry name and by the code that starts them', () => {
    expect(findWorkerChunks(dist, ['engine.worker', 'engine'])).toEqual([
      'assets/engine-DDDDDDDD.js',
    ]);
    expect(findWorkerChunks(dist, [])).toEqual([]);
    expect(findWorkerReferences(dist).sort()).toEqual([
      'assets/engine-DDDDDDDD.js',
      'assets/other-GGGGGGGG.js',
    ]);
    const worker = staticModuleGraph(dist, 'assets/engine-DDDDDDDD.js');
    expect(worker.modules.map((m) => m.file)).toEqual([
      'assets/engine-DDDDDDDD.js',
      'assets/deep-FFFFFFFF.js',
    ]);
  });
});
