import type { Locator, Page } from '@playwright/test';

/**
 * Presses Tab until the focus is on `target` (a selector or a locator); fails after `max`.
 * It starts once the target is shown, as a user would: Tab pressed while a page is still
 * loading walks the header and the navigation and wraps, and the count runs out before the
 * page's own controls are reached (KB1 failed so once in a gate).
 */
export async function tabTo(page: Page, target: string | Locator, max = 60, back = false) {
  const shown = typeof target === 'string' ? page.locator(target).first() : target;
  await shown.waitFor({ state: 'visible' });
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
