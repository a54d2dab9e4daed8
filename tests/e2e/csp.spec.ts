/**
 * The app works under its Content Security Policy (server/http/securityHeaders.ts): no
 * violation on the pages that use the engine worker, charts, process images (sanitised SVG),
 * dashboards with every tile type, and the alarm list — rule SH3.
 */
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';

const RECORD = `(() => {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
})();`;

test('SH3: no page breaks the Content Security Policy', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(RECORD);
  await signIn(page, 'operator', '/stations/2');
  await expect(page.locator('.pv-row').first()).toBeVisible();
  for (const [path, ready] of [
    ['/dashboard/1', '.tile'],
    ['/process-images/wasserwerk-talaue', '.pi-host svg'],
    ['/trend/realtime?pv=AnaIn-200001', '.uplot-host canvas'],
    ['/alerts', '.alerts-page'],
    ['/settings', 'h1'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    await page.waitForTimeout(500);
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations, path).toEqual([]);
  }
});
