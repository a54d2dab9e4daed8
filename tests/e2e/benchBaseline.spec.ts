/**
 * The naive baseline of the bench (bench/baseline/) against a fake PV hub: it must
 * subscribe its keys in batches of SUBSCRIPTION_BATCH_SIZE (SPEC §9), hold one hub
 * connection per tab, and count and render every pushed value. Performance is measured by
 * `npm run bench`, not here.
 */
import { BASELINE_PATH, buildBaseline, routeBaseline } from '../../bench/harness/baselineBundle.ts';
import { readBaseline, waitBaselineConnected } from '../../bench/harness/baselineProbe.ts';
import { benchDashboardKeys, READ_TILES } from '../../bench/harness/benchDashboards.ts';
import { installFakePvHub } from '../../bench/harness/fakePvHub.ts';
import type { BrowserContext } from '@playwright/test';
import type { PvValue } from '../../src/contract/pv.ts';
import { expect, test } from './fixtures.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** A good analogue value of AnaIn `nr`, stamped now, as the hub pushes it. */
const value = (nr: number, v: number): PvValue => ({
  pvRef: { type: 'AnaIn', nr },
  typeOfValue: 'DoubleValue',
  doubleValue: v,
  quality: 'Good',
  timestamp: Date.now(),
});

/** Serves the built baseline client on the test server's origin, its pv hub a fake one. */
async function baselineOnFakeHub(context: BrowserContext, baseURL: string) {
  const outDir = await buildBaseline(ROOT);
  await routeBaseline(context, baseURL, outDir);
  return installFakePvHub(context, baseURL);
}

test('BENCH-BASE1: the baseline subscribes in batches, opens a connection per tab and renders pushed values', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hub = await baselineOnFakeHub(context, baseURL);
  const path = `${BASELINE_PATH}?keys=ai1..ai1500&rows=10&chartKey=ai1`;
  const pages = [await context.newPage(), await context.newPage()];
  for (const page of pages) await page.goto(path);
  await waitBaselineConnected(pages, 30_000);

  expect(hub.connections).toBe(2);
  expect(hub.subscribed).toHaveLength(3000);
  expect(new Set(hub.subscribed).size).toBe(1500);

  hub.push([value(1, 1.5), value(2, 2.25)]);
  hub.push([value(1, 3.75)]);
  for (const page of pages) {
    await expect(page.locator('tr', { hasText: 'ai1' }).first()).toContainText('3.75');
    await expect(page.locator('tr', { hasText: 'ai2' }).first()).toContainText('2.25');
    const stats = await readBaseline(page);
    expect(stats).toMatchObject({ state: 'connected', messages: 2, values: 3 });
    expect(stats!.latenciesMs.length).toBe(3);
  }
});

test('BENCH-BASE2: the naive dashboard subscribes its station’s tiles and shows every pushed value where the bench reads it', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hub = await baselineOnFakeHub(context, baseURL);
  const page = await context.newPage();
  await page.goto(`${BASELINE_PATH}?view=dashboard&station=2&tiles=4`);
  await waitBaselineConnected([page], 30_000);
  expect([...hub.subscribed].sort()).toEqual(benchDashboardKeys(2, 4));

  hub.push([value(200001, 1.5), value(200004, 120)]);
  hub.push([value(200001, 3.75)]);
  await expect
    .poll(async () => (await page.evaluate(READ_TILES)) as Record<string, string | null>)
    .toEqual({
      'AnaIn-200001': '3,75 m³/h',
      'AnaIn-200002': '—',
      'AnaIn-200003': '—',
      'AnaIn-200004': '120,00 m³/h',
    });
  expect(await readBaseline(page)).toMatchObject({ state: 'connected', messages: 2, values: 3 });
});
