/**
 * The bench's sessions (bench/harness/context.ts): a session belongs to the server it signed
 * in to. A full run that started and stopped servers of its own found a later one on the same
 * port and handed it the dead server's cookie: "/hubs/pv refused the bench session", and the
 * soak scenario, hence bench/RESULTS.md, was lost (BS1).
 */
import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { BrowserCdp } from '../../../bench/harness/BrowserCdp.ts';
import { Harness, type BenchServer } from '../../../bench/harness/context.ts';

it('BS1: a server a scenario started and stopped leaves no session behind; a later server at its address signs in anew', async () => {
  const asked: string[] = [];
  const harness = new Harness({
    mode: 'quick',
    root: '.',
    distDir: 'dist',
    browser: {} as Browser,
    cdp: {} as BrowserCdp,
    baselineDir: null,
    cookieProvider: (url) => {
      asked.push(url);
      return Promise.resolve(`session=${asked.length}`);
    },
    fakePlant: true,
    log: () => undefined,
  });
  let url = '';
  await harness.withContext(async (ctx) => {
    const server = await ctx.startServer({ stations: 2, pvsPerStation: 5, updatesPerSec: 100 });
    url = server.url;
    expect(await ctx.cookieHeader(server)).toBe('session=1');
    // Within the server's life one sign-in serves every call.
    expect(await ctx.cookieHeader(server)).toBe('session=1');
  });
  await harness.withContext(async (ctx) => {
    const later = { url } as BenchServer;
    expect(await ctx.cookieHeader(later)).toBe('session=2');
  });
  await harness.close();
  expect(asked).toEqual([url, url]);
});
