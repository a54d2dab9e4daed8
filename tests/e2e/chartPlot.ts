/**
 * The chart plot as the browser tests read it: ChartView marks the range in view
 * (`data-range-*`) and the range its data was loaded for (`data-loaded-*`).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const plot = (page: Page): Locator => page.locator('.chart-plot');

/** A numeric attribute of the plot (or of another element). */
export async function attr(locator: Locator, name: string): Promise<number> {
  return Number(await locator.getAttribute(name));
}

/**
 * Waits until the chart shows the data of the range in view. An archive read of the range
 * took longer than 10 s on the loaded two-core CI machine, hence 30 s.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const p = plot(page);
        const [start, loaded, end, loadedEnd] = await Promise.all([
          p.getAttribute('data-range-start'),
          p.getAttribute('data-loaded-start'),
          p.getAttribute('data-range-end'),
          p.getAttribute('data-loaded-end'),
        ]);
        return start === loaded && end === loadedEnd;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
