/**
 * A flood fast enough that the tab takes the current list's frames at its animation frames
 * (FR7c, AV7): the banner's counts in a tab in view come with the list's views and render in
 * the same commit (AV7c), not in a React task of their own beside the frame's.
 */
import { expect, testOnPlant } from './fixtures.ts';
import { openAlertList } from './alertList.ts';

const test = testOnPlant({
  PEGEL_ALERT_FLOOD_PER_SEC: '20',
  PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
});

interface Deliveries {
  /** DOM changes delivered together (one commit) that touched the banner's link and the list. */
  together: number;
  /** Those that touched the banner's link and nothing of the list. */
  bannerAlone: number;
}

test('AF-E3 (AV7c): in a tab in view the banner counts a new alarm in the commit that draws its row', async ({
  page,
}) => {
  await openAlertList(page);
  await expect(page.locator('.alert-row[data-index="0"]')).toBeVisible();
  await expect(page.locator('.alarm-banner-count')).toContainText(/\d+ unquittierte Meldungen/);
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
  // A MutationObserver hears the changes of one task (or one animation frame's callbacks)
  // together: one React commit is one delivery.
  await page.evaluate(() => {
    const banner = document.querySelector('.alarm-banner-link')!;
    const list = document.querySelector('.alerts-page')!;
    const seen: Deliveries = { together: 0, bannerAlone: 0 };
    (window as Window & { __deliveries?: Deliveries }).__deliveries = seen;
    new MutationObserver((records) => {
      const inBanner = records.some((r) => banner.contains(r.target));
      const inList = records.some((r) => list.contains(r.target));
      if (inBanner && inList) seen.together++;
      else if (inBanner) seen.bannerAlone++;
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  const deliveries = () =>
    page.evaluate(() => ({ ...(window as Window & { __deliveries?: Deliveries }).__deliveries! }));
  await expect
    .poll(async () => (await deliveries()).together, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(30);
  // Each new alarm changed the count; none of them in a commit without the list.
  expect((await deliveries()).bannerAlone).toBe(0);
});
