/**
 * An alarm flood against the real server (PEGEL_ALERT_FLOOD_PER_SEC): new alarms keep
 * arriving at the top of the current list, and the rows below them keep their elements and
 * only move (keyed by alert on desktop), so a flood does not redraw every visible cell on
 * every frame (bench/scenarios/alertFlood.ts measures the cost).
 */
import { expect, testOnPlant } from './fixtures.ts';
import { openAlertList } from './alertList.ts';

const test = testOnPlant({
  PEGEL_ALERT_FLOOD_PER_SEC: '3',
  PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
});

test('AF-E1: during a flood new alarms come in at the top and the rows below keep their elements', async ({
  page,
}) => {
  await openAlertList(page);
  const top = page.locator('.alert-row[data-index="0"]');
  await expect(top).toBeVisible();
  const id = await top.getAttribute('data-alert-id');
  expect(id).toBeTruthy();
  await top.evaluate((el) => el.setAttribute('data-probe', 'kept'));
  // Newer alarms arrive above it.
  await expect(top).not.toHaveAttribute('data-alert-id', id!, { timeout: 10_000 });
  const row = page.locator(`#alert-row-${id}`);
  await expect(row).toHaveAttribute('data-probe', 'kept');
  expect(Number(await row.getAttribute('data-index'))).toBeGreaterThan(0);
  // The unacknowledged count in the banner follows the flood.
  await expect(page.getByText(/\d+ unquittierte Meldungen/).first()).toBeVisible();
});
