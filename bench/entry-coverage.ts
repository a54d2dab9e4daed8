/**
 * What of the entry chunk a cold tab's first archive rows run, per source module: a reference
 * server with 100,000 archive rows serves the build (as `alerts-cold-tab.ts`), a new browser
 * opens /alerts/archive with V8's precise coverage on (function granularity, call counts), and
 * once the first rows are painted the entry's bytes are split by source module (the build's
 * source map) into those inside functions that ran and those inside functions that did not.
 * Sizes, not times: fine on a loaded machine.
 *
 *   npx vite build --outDir /tmp/dist
 *   npx tsx bench/entry-coverage.ts [--top 40] [--path /alerts/archive?bench=1] /tmp/dist
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import {
  ARCHIVE_BENCH_PATH,
  coldSignedInTab,
  startArchivePlant,
  timeToPainted,
} from './harness/archiveTabs.ts';
import { launchChromium } from './harness/browser.ts';
import { takeOption } from './harness/cliArgs.ts';
import { signInHttp } from '../tests/support/login.ts';

const args = process.argv.slice(2);
const top = Number(takeOption(args, 'top', '40'));
const path = takeOption(args, 'path', ARCHIVE_BENCH_PATH);
const dist = resolve(args[0] ?? 'dist');

interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}

/** Per byte of `code`: the count of the innermost function range holding it. */
function countsOf(length: number, functions: readonly { ranges: Range[] }[]): Int32Array {
  const ranges = functions.flatMap((f) => f.ranges);
  // Outer ranges first, so inner ones overwrite them.
  ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const counts = new Int32Array(length).fill(-1);
  for (const r of ranges) counts.fill(r.count, r.startOffset, Math.min(r.endOffset, length));
  return counts;
}

/** The package (node_modules/<pkg>) or the source file a source-map source names. */
function moduleOf(source: string | null): string {
  if (!source) return '(none)';
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  return source.replace(/^(\.\.\/)+/, '');
}

const server = await startArchivePlant(dist);
try {
  const { cookie } = await signInHttp(server.url);
  const browser = await launchChromium();
  try {
    const { context, tab } = await coldSignedInTab(browser, server.url, cookie);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await timeToPainted(tab, path);
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    const entry = result.find((s) => /\/assets\/index-[^/]+\.js$/.test(s.url));
    if (!entry) throw new Error('no entry chunk in the coverage');
    const file = resolve(dist, new URL(entry.url).pathname.slice(1));
    const code = readFileSync(file, 'utf8');
    const counts = countsOf(code.length, entry.functions);
    const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    const lineStart = [0];
    for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStart.push(i + 1);
    const segments: { at: number; source: string }[] = [];
    map.eachMapping(
      (m) =>
        segments.push({
          at: (lineStart[m.generatedLine - 1] ?? 0) + m.generatedColumn,
          source: moduleOf(m.source),
        }),
      null,
      SourceMapConsumer.GENERATED_ORDER,
    );
    const per = new Map<string, { bytes: number; ran: number }>();
    for (let i = 0; i < segments.length; i++) {
      const { at, source } = segments[i]!;
      const end = segments[i + 1]?.at ?? code.length;
      const row = per.get(source) ?? { bytes: 0, ran: 0 };
      row.bytes += end - at;
      for (let b = at; b < end; b++) if ((counts[b] ?? 0) > 0) row.ran++;
      per.set(source, row);
    }
    const rows = [...per].sort((a, b) => b[1].bytes - a[1].bytes);
    const all = rows.reduce((s, [, r]) => ({ bytes: s.bytes + r.bytes, ran: s.ran + r.ran }), {
      bytes: 0,
      ran: 0,
    });
    console.log(`${entry.url}: ${code.length} bytes, in functions that ran ${all.ran}`);
    console.log('bytes      ran  module');
    for (const [name, r] of rows.slice(0, top))
      console.log(`${String(r.bytes).padStart(7)} ${String(r.ran).padStart(7)}  ${name}`);
    const unrun = rows.filter(([, r]) => r.ran === 0);
    console.log(
      `${unrun.length} modules none of whose bytes ran: ${unrun.reduce((s, [, r]) => s + r.bytes, 0)} bytes`,
    );
    for (const [name, r] of unrun.slice(0, top))
      console.log(`${String(r.bytes).padStart(7)}  ${name}`);
  } finally {
    await browser.close();
  }
} finally {
  await server.dispose();
}
