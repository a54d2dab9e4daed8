/**
 * The served app's main script carries V8's compile hint on its first line
 * (scripts/compileHint.ts, CH1–CH2 test the plugin); the engine's worker script and a page's
 * lazy chunk do not. CH3 checks the build the gate serves.
 */
import { test, expect } from './fixtures.ts';
import { COMPILE_HINT } from '../../scripts/compileHint.ts';

test('CH3: the main script begins with the compile hint; the engine worker script and lazy chunks do not', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const main = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(main).toBeTruthy();
  const mainCode = await (await request.get(main!)).text();
  expect(mainCode.split('\n')[0]).toBe(COMPILE_HINT);
  const worker = /assets\/engine\.worker-[\w-]+\.js/.exec(mainCode)?.[0];
  expect(worker).toBeTruthy();
  // Compiled whole before the engine starts, it delayed a cold tab's first rows.
  expect((await (await request.get(`/${worker}`)).text()).startsWith(COMPILE_HINT)).toBe(false);
  const lazy = /\.\/([\w-]+\.js)/.exec(mainCode)?.[1];
  expect(lazy).toBeTruthy();
  expect((await (await request.get(`/assets/${lazy}`)).text()).startsWith(COMPILE_HINT)).toBe(
    false,
  );
});
