/**
 * Tabs of one browser: pages of one context share the session and the engine's SharedWorker,
 * as an operator's tabs do.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { signIn } from './auth.ts';

/** Opens `path` in another tab of the page's browser (signed in already through `page`). */
export async function secondTab(page: Page, path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(path);
  return tab;
}

/** Signs the operator in on `first` in a new tab of the context and opens `second` in another. */
export async function signedInTabs(
  context: BrowserContext,
  first: string,
  second = first,
): Promise<[Page, Page]> {
  const a = await context.newPage();
  await signIn(a, 'operator', first);
  return [a, await secondTab(a, second)];
}
