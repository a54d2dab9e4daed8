/**
 * Pages on a made-up origin whose files Playwright serves from memory: the machine-limit
 * probes need a page and workers, but no server.
 */
import type { Browser, Page } from 'playwright-core';

export const STATIC_ORIGIN = 'http://bench.localhost';

export interface StaticFile {
  body: string | Buffer;
  contentType: string;
}

export async function openStaticPage(
  browser: Browser,
  files: Record<string, StaticFile>,
  path = '/',
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport });
  await context.route(`${STATIC_ORIGIN}/**`, async (route) => {
    const file = files[new URL(route.request().url()).pathname];
    if (!file) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: file.contentType, body: file.body });
  });
  const page = await context.newPage();
  await page.goto(`${STATIC_ORIGIN}${path}`);
  return { page, close: () => context.close() };
}

export const HTML = 'text/html; charset=utf-8';
export const JS = 'text/javascript; charset=utf-8';
