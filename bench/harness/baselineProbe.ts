/** Reads the counters of a naive baseline tab (bench/baseline/baselineStats.ts). */
import type { Page } from 'playwright-core';
import { waitForExpression } from './waitForExpression.ts';

export interface BaselineSnapshot {
  state: 'connecting' | 'connected' | 'failed';
  error: string | null;
  messages: number;
  values: number;
  renders: number;
  latenciesMs: number[];
  /** Milliseconds the counters cover (since the page's last reset). */
  windowMs: number;
}

export async function readBaseline(page: Page, reset = false): Promise<BaselineSnapshot | null> {
  const expr = `(() => {
    const b = window.__baseline;
    if (!b) return null;
    const s = { state: b.state, error: b.error, messages: b.messages, values: b.values, renders: b.renders, latenciesMs: b.latenciesMs.slice(), windowMs: performance.now() - b.since };
    if (${reset}) b.reset();
    return s;
  })()`;
  return (await page.evaluate(expr)) as BaselineSnapshot | null;
}

/** Waits until every baseline tab has subscribed, or one failed. */
export async function waitBaselineConnected(pages: Page[], timeoutMs = 30_000): Promise<void> {
  await Promise.all(
    pages.map((p) =>
      waitForExpression(p, `window.__baseline && window.__baseline.state !== 'connecting'`, {
        timeout: timeoutMs,
      }),
    ),
  );
  for (const p of pages) {
    const s = await readBaseline(p);
    if (s?.state === 'failed') throw new Error(`baseline tab failed to connect: ${s.error}`);
  }
}
