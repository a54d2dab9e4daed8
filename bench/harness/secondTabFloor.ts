/**
 * The floor under a tab's first rows (issue 58): pages of bench/floor/ that draw the archive's
 * first 40 rows, shaped alike, with no app: `static` with the DOM's own calls, `react` with
 * React alone (react-dom's client, no router, texts, data or engine). `servedCopy` puts them
 * beside a copy of a built client, under /floor/, out of its service worker's navigation
 * fallback, so a server on that copy serves Pegel and its floor from the same origin and the
 * same cache rules. Used by the alerts scenario (first rows, cold and in a second tab) and by
 * second-tab-floor.ts.
 */
import react from '@vitejs/plugin-react';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { SERVER_PATHS } from '../../scripts/pwa.ts';
import { waitForExpression } from './waitForExpression.ts';

export const ROWS_FLOOR_BASE = '/floor/';

/** The floor pages, each by its path and the expression that says when its rows were painted. */
export const ROWS_FLOOR_PAGES = {
  static: { path: `${ROWS_FLOOR_BASE}static.html`, painted: 'window.__floorMs' },
  react: { path: `${ROWS_FLOOR_BASE}react.html`, painted: 'window.__floorMs' },
} as const;
export type RowsFloorPage = keyof typeof ROWS_FLOOR_PAGES;

/**
 * The service worker's source with /floor/ added to the paths its navigation fallback leaves
 * to the server (`denied`: the build's SERVER_PATHS source, `^\/(…)`).
 */
export function swWithFloor(source: string, denied: string = SERVER_PATHS.source): string {
  const opening = '^\\/(';
  if (!source.includes(denied) || !denied.startsWith(opening))
    throw new Error(`no navigation denylist ${denied} to add ${ROWS_FLOOR_BASE} to`);
  const name = ROWS_FLOOR_BASE.slice(1, -1);
  return source.replace(denied, `${opening}${name}|${denied.slice(opening.length)}`);
}

/**
 * A copy of `dist` (in a temporary directory; `remove` deletes it) with the floor pages built
 * into /floor/, which the copy's service worker leaves to the server.
 */
export async function servedCopy(dist: string): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-floor-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(dist, dir, { recursive: true });
    await build({
      root: resolve(import.meta.dirname, '../floor'),
      base: ROWS_FLOOR_BASE,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        outDir: join(dir, 'floor'),
        emptyOutDir: true,
        target: 'es2022',
        rolldownOptions: { input: { static: 'static.html', react: 'react.html' } },
      },
    });
    // The worker answers every navigation outside the server's paths with the app's page.
    const sw = join(dir, 'sw.js');
    writeFileSync(sw, swWithFloor(readFileSync(sw, 'utf8')));
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** Navigation start to the floor page's rows painted in `page` (opened there now), ms. */
export async function floorRowsMs(page: Page, which: RowsFloorPage = 'react'): Promise<number> {
  const { path, painted } = ROWS_FLOOR_PAGES[which];
  await page.goto(path);
  await waitForExpression(page, `${painted} != null`, { timeout: 60_000 });
  return (await page.evaluate(painted)) as number;
}
