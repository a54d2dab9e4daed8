/**
 * The feature boundary of docs/architecture.md stays enforced: the repository's ESLint config
 * fails a feature that imports another feature (statically or lazily), features/shared that
 * imports a feature, and src/ui that imports the shell; a feature importing shared, and the
 * listed page-data exceptions, pass. And the import picture has no arrow left beyond them.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { picture } from '../../../scripts/feature-imports.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages a module at `path` with `code` gets. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('FB: features stand alone', () => {
  it('FB1: a feature importing another feature fails lint, statically and lazily', async () => {
    const errors = await boundaryErrors(
      'src/features/help/probe.ts',
      [
        "import { AlertsPage } from '../alerts/AlertsPage.tsx';",
        "export const page = () => import('../stations/StationPage.tsx');",
        'export { AlertsPage };',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('a feature imports no other feature');
  }, 60_000);

  it('FB2: features/shared importing a feature fails lint; a feature importing shared passes', async () => {
    expect(
      await boundaryErrors(
        'src/features/shared/probe.ts',
        "export { AlertsPage } from '../alerts/AlertsPage.tsx';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/features/reports/probe.ts',
        "export { toCsv } from '../shared/csv.ts';\nexport { ReportPage } from './ReportPage.tsx';",
      ),
    ).toEqual([]);
  }, 60_000);

  it('FB3: src/ui importing the shell fails lint', async () => {
    const errors = await boundaryErrors(
      'src/ui/probe.ts',
      "export { useFormat } from '../app/useFormat.ts';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('ui sits under the shell');
  }, 60_000);

  it('FB4: no arrow is left between feature folders', () => {
    const { arrows } = picture();
    expect(
      arrows.map((arrow) => `${arrow.from} -> ${arrow.to}: ${arrow.targets.join(', ')}`),
    ).toEqual([]);
  });
});
