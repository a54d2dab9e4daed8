/**
 * Waits until a JavaScript expression is truthy in a page, polling with `page.evaluate`.
 *
 * Playwright's `waitForFunction` with a string predicate runs it through `eval` inside the page,
 * which Pegel's Content Security Policy (no 'unsafe-eval') refuses, so the wait fails at once on
 * every Pegel page. `page.evaluate` of a string goes through DevTools and is not subject to the
 * page's CSP; the page keeps the policy it ships with while it is measured.
 */
import type { Page } from 'playwright-core';

export interface WaitForExpressionOptions {
  timeout?: number;
  /** Between two evaluations, ms. */
  polling?: number;
}

export async function waitForExpression(
  page: Page,
  expression: string,
  { timeout = 30_000, polling = 50 }: WaitForExpressionOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      if (await page.evaluate(expression)) return;
      last = undefined;
    } catch (err) {
      // A navigation in progress destroys the context; the next poll sees the new page.
      last = err;
    }
    if (Date.now() >= deadline) {
      const why = last instanceof Error ? ` (last error: ${last.message.split('\n')[0]})` : '';
      throw new Error(`waiting for \`${expression}\` timed out after ${timeout} ms${why}`);
    }
    await new Promise((r) => setTimeout(r, polling));
  }
}
