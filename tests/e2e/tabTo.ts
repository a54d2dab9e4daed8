import type { Locator, Page } from '@playwright/test';

/** Presses Tab until the focus is on `target` (a selector or a locator); fails after `max`. */
export async function tabTo(page: Page, target: string | Locator, max = 60, back = false) {
  const element = typeof target === 'string' ? null : await target.elementHandle();
  for (let i = 0; i < max; i++) {
    const there = element
      ? await element.evaluate((e) => e === document.activeElement)
      : await page.evaluate((s) => document.activeElement?.matches(s) ?? false, target as string);
    if (there) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached with ${max} presses of Tab`);
}
