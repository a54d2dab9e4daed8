/**
 * Names of trace and profile call frames in the source, through the source maps of dist/, or
 * of the build in `PEGEL_DIST_DIR` (the one the server serves, A/B runs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const DIST = process.env.PEGEL_DIST_DIR
  ? resolve(process.env.PEGEL_DIST_DIR)
  : resolve(import.meta.dirname, '../../dist');
const maps = new Map<string, SourceMapConsumer | null>();

/** `function (source:line)` of a call frame (0-based line and column), through the source maps. */
export function sourceName(
  functionName: string,
  url: string,
  line: number,
  column: number,
): string {
  if (!url.startsWith('http')) return functionName || url || '(anonymous)';
  const path = new URL(url).pathname;
  if (!maps.has(path)) {
    const file = `${DIST}${path}.map`;
    maps.set(
      path,
      existsSync(file)
        ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  const at = maps.get(path)?.originalPositionFor({ line: line + 1, column });
  // A build outside the checkout (`--outDir /tmp/…`) names its sources from there: from the
  // repository's own folders on.
  const source = at?.source
    ?.replace(/^(\.\.\/)+/, '')
    .replace(/^.*?\/(?=(src|workers|node_modules)\/)/, '');
  const where = source ? `${source}:${at!.line}` : path;
  return `${at?.name ?? (functionName || '(anonymous)')} (${where})`;
}
