/**
 * The startup budget over the built client (README "Startup"; issues 57 and 59): what a tab
 * downloads before its first render (the module script of dist/index.html with its static
 * imports, and the default language's shell texts that the first render waits for) stays
 * within 150 kB gzip (1 kB = 1000 B, gzip -9), counted as `npm run bench -- --only startup`
 * counts it (bench/scenarios/startup.ts), and holds neither uPlot nor the SignalR client.
 * The gate builds dist/ before the unit tests (package.json `test`); run alone, build first:
 *   npm run build -- --logLevel warn && npx vitest run tests/unit/build/startupBudget.test.ts
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CRITICAL_PATH_BUDGET_KB,
  criticalPath,
  librariesIn,
} from '../../../bench/scenarios/startup.ts';

const DIST = fileURLToPath(new URL('../../../dist', import.meta.url));
const KB = 1000;

describe('build: the startup critical path', () => {
  const built = existsSync(`${DIST}/index.html`);

  it('SB0: dist/ is built (the gate builds before the unit tests)', () => {
    expect(built, 'no dist/index.html: run `npm run build` first').toBe(true);
  });

  it.runIf(built)(
    `SB1: the first script, its static imports and the German shell texts stay within ${CRITICAL_PATH_BUDGET_KB} kB gzip`,
    () => {
      const path = criticalPath(DIST);
      const list = path.modules.map((m) => `${m.file} ${(m.gzipBytes / KB).toFixed(1)} kB`);
      // The first script and the default language's shell chunk, at least: else the count
      // would miss what the first render waits for.
      expect(
        path.modules.some((m) => /\/index-[\w-]+\.js$/.test(m.file)),
        list.join(', '),
      ).toBe(true);
      expect(
        path.modules.some((m) => /\/de-shell-[\w-]+\.json$/.test(m.file)),
        list.join(', '),
      ).toBe(true);
      expect(
        path.totalGzipBytes / KB,
        `critical path ${(path.totalGzipBytes / KB).toFixed(1)} kB gzip: ${list.join(', ')}`,
      ).toBeLessThanOrEqual(CRITICAL_PATH_BUDGET_KB);
    },
  );

  it.runIf(built)('SB2: neither uPlot nor the SignalR client is on the critical path', () => {
    expect(librariesIn(DIST, criticalPath(DIST))).toEqual([]);
  });
});
