import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { reactRouterProduction } from '../../../scripts/reactRouterProduction.ts';

type ResolveId = (
  this: { resolve: (source: string) => Promise<{ id: string } | null> },
  source: string,
  importer: string | undefined,
  options: object,
) => Promise<{ id: string } | null>;

/** The plugin's hook, with Vite's own answer for `react-router`: what Node resolves. */
function resolveWith(answer: string | null, source: string): Promise<{ id: string } | null> {
  const hook = (reactRouterProduction() as Plugin).resolveId as unknown as ResolveId;
  const context = { resolve: async () => (answer === null ? null : { id: answer }) };
  return hook.call(context, source, '/src/app/App.tsx', {});
}

describe('build: react-router in production', () => {
  it('RRP1: react-router resolves to its production build, an existing file with the dev warnings off', async () => {
    // Node picks the same development build the package's exports give Vite.
    const development = fileURLToPath(import.meta.resolve('react-router'));
    expect(development).toContain('/dist/development/');
    const out = await resolveWith(development, 'react-router');
    expect(out?.id).toContain('/dist/production/');
    expect(existsSync(out!.id)).toBe(true);
    // The production build's chunks set the one switch the two builds differ in.
    const dir = dirname(out!.id);
    const code = readdirSync(dir)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    expect(code).toMatch(/var ENABLE_DEV_WARNINGS = false;/);
    expect(code).not.toMatch(/var ENABLE_DEV_WARNINGS = true;/);
  });

  it('RRP2: other modules and an unresolved react-router are left to the next resolver', async () => {
    expect(await resolveWith('/x/react-router-dom/index.mjs', 'react-router-dom')).toBeNull();
    expect(await resolveWith(null, 'react-router')).toBeNull();
  });
});
