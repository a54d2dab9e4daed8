/**
 * Item 10 of issue 55: a dial-up station that has not called in for longer than its call-in
 * interval is marked 'überfällig' in words (not colour alone) on the station list, its page
 * and its start-page tile, unlike one that called 20 minutes ago. The plant's stations do not
 * call in by themselves here, so the first start's last connections stand (seed 1: station 4
 * some 150 minutes ago, station 6 some 23).
 */
import { testOnPlant, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';
import { API } from '../../src/contract/paths.ts';
import type { StationOverview } from '../../src/contract/plant.ts';
import { overdueAt } from '../../src/domain/stationOverdue.ts';

const test = testOnPlant({ PEGEL_DIAL_CALL_IN_MS: '0', PEGEL_SEED: '1' });

test('OD-E1: an overdue dial-up station reads überfällig on the list, its page and its tile; one that called recently does not', async ({
  page,
  plant,
}) => {
  const api = await signInHttp(plant.url, 'operator');
  const stations = (await (await api.fetch(API.station.all)).json()) as StationOverview[];
  const now = Date.now();
  const dial = stations.filter((s) => s.dialUp);
  const overdue = dial.find((s) => (overdueAt(s, s) ?? Infinity) < now)!;
  // Due in more than ten minutes: not overdue for the whole test.
  const recent = dial.find((s) => (overdueAt(s, s) ?? -Infinity) > now + 10 * 60_000)!;
  expect(overdue, 'a station silent for longer than its interval').toBeDefined();
  expect(recent, 'a station that called in recently').toBeDefined();

  await signIn(page, 'operator', '/stations');
  const row = (nr: number) => page.locator(`.stations-table tr[data-station="${nr}"]`);
  await expect(row(overdue.id).locator('.overdue-mark')).toHaveText(/überfällig/);
  await expect(row(overdue.id).locator('.overdue-mark svg')).toHaveCount(1);
  await expect(row(recent.id)).toBeVisible();
  await expect(row(recent.id).locator('.overdue-mark')).toHaveCount(0);

  await page.goto(`/stations/${overdue.id}`);
  await expect(page.locator('.station-facts .overdue-mark')).toHaveText(/überfällig/);
  await page.goto(`/stations/${recent.id}`);
  await expect(page.locator('.station-facts .dial-state')).toBeVisible();
  await expect(page.locator('.station-facts .overdue-mark')).toHaveCount(0);

  await page.goto('/');
  const tile = (nr: number) => page.locator(`.status-tiles [data-station="${nr}"]`);
  await expect(tile(overdue.id).locator('.overdue-mark')).toHaveText(/überfällig/);
  await expect(tile(recent.id)).toBeVisible();
  await expect(tile(recent.id).locator('.overdue-mark')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/overdue-tiles-1920.png' });

  // In the other languages too.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ru');
  await expect(tile(overdue.id).locator('.overdue-mark')).toHaveText(/просрочено/);
});
