/**
 * The naive baseline client (bench/baseline/) is built by the bench run into a cache folder
 * and served on the server's own origin under BASELINE_PATH through Playwright routing, so
 * its hub connections are same-origin and need no change to the server.
 */
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { build } from 'vite';

export const BASELINE_PATH = '/bench-baseline/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

export async function buildBaseline(root: string): Promise<string> {
  // Per checkout: worktrees that share one node_modules must not build over each other.
  const tag = createHash('sha1').update(root).digest('hex').slice(0, 8);
  const outDir = join(root, `node_modules/.cache/pegel-bench-baseline-${tag}`);
  await build({
    root: join(root, 'bench/baseline'),
    base: BASELINE_PATH,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // The floor pages (floor/main.ts) load no React: an entry of their own.
      rolldownOptions: { input: { index: 'index.html', floor: 'floor.html' } },
    },
  });
  return outDir;
}

/** Fulfils `<origin>/bench-baseline/**` in this browser context from the built folder. */
export async function routeBaseline(
  context: BrowserContext,
  origin: string,
  outDir: string,
): Promise<void> {
  await context.route(`${origin}${BASELINE_PATH}**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const rel = normalize(pathname.slice(BASELINE_PATH.length) || 'index.html');
    const file = join(outDir, rel.startsWith('..') ? 'index.html' : rel);
    const path = existsSync(file) && extname(file) ? file : join(outDir, 'index.html');
    await route.fulfill({
      status: 200,
      contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      body: readFileSync(path),
    });
  });
}
