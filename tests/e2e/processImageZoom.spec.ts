/**
 * Zoom and pan of a process image (@panzoom/panzoom, issue 59): a two-finger pinch on a phone
 * zooms, one finger pans, and a drag is no click on what lies under it; the buttons and the
 * wheel zoom on a desktop. The values still follow the view (values out of view wait for it).
 */
import type { CDPSession, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';

const IMAGE = '/process-images/abwasserpumpwerk-muehlgraben';

/** The drawing's width on the screen: it grows as the image zooms in. */
const drawnWidth = async (page: Page) => (await page.locator('.pi-host').boundingBox())!.width;

async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: readonly { x: number; y: number }[],
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
  });
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 800 } });

  test('PI-Z1: a two-finger pinch zooms the image in and out; one finger pans it', async ({
    page,
  }) => {
    await signIn(page, 'operator', IMAGE);
    const viewport = page.locator('.pi-viewport');
    await expect(page.locator('.pi-host .pi-field [data-bind="value"]').first()).toHaveText(/\d/);
    const box = (await viewport.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const fitted = await drawnWidth(page);

    // Two fingers 40 px apart move to 240 px apart: the image grows about sixfold.
    const pinch = async (from: number, to: number) => {
      await touch(cdp, 'touchStart', [
        { x: cx - from / 2, y: cy },
        { x: cx + from / 2, y: cy },
      ]);
      for (let step = 1; step <= 10; step++) {
        const d = from + ((to - from) * step) / 10;
        await touch(cdp, 'touchMove', [
          { x: cx - d / 2, y: cy },
          { x: cx + d / 2, y: cy },
        ]);
      }
      await touch(cdp, 'touchEnd', []);
    };
    await pinch(40, 240);
    await expect.poll(() => drawnWidth(page)).toBeGreaterThan(fitted * 3);
    const zoomed = await drawnWidth(page);

    // One finger drags the zoomed image; its size stays.
    const before = (await page.locator('.pi-host').boundingBox())!;
    await touch(cdp, 'touchStart', [{ x: cx, y: cy }]);
    for (let step = 1; step <= 5; step++)
      await touch(cdp, 'touchMove', [{ x: cx - 20 * step, y: cy - 10 * step }]);
    await touch(cdp, 'touchEnd', []);
    await expect
      .poll(async () => before.x - (await page.locator('.pi-host').boundingBox())!.x)
      .toBeGreaterThan(60);
    expect(await drawnWidth(page)).toBeCloseTo(zoomed, 0);
    // The drag opened no dialog of what lay under the finger.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Fingers moving together zoom out again.
    await pinch(240, 40);
    await expect.poll(() => drawnWidth(page)).toBeLessThan(zoomed / 2);

    // The values shown are those of the view: still written after the zoom.
    await expect(page.locator('.pi-host .pi-field [data-bind="value"]').first()).toHaveText(/\d/);
  });
});

test('PI-Z2: the buttons and the wheel zoom; fit shows the whole image again', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', IMAGE);
  await expect(page.locator('.pi-host svg')).toBeVisible();
  const fitted = await drawnWidth(page);
  await page.getByRole('button', { name: 'Vergrößern' }).click();
  await expect.poll(() => drawnWidth(page)).toBeGreaterThan(fitted * 1.2);
  const box = (await page.locator('.pi-viewport').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoomed = await drawnWidth(page);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => drawnWidth(page)).toBeGreaterThan(zoomed * 1.1);
  await page.getByRole('button', { name: 'Einpassen' }).click();
  await expect.poll(() => drawnWidth(page)).toBeCloseTo(fitted, 0);
});
