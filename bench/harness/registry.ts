/**
 * The scenario registry: every `bench/scenarios/*.ts` whose default export is a scenario.
 * Adding a scenario is adding a file; nothing else needs to list it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scenario } from './scenario.ts';

function isScenario(value: unknown): value is Scenario {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.title === 'string' &&
    typeof v.order === 'number' &&
    Array.isArray(v.figures) &&
    typeof v.quick === 'object' &&
    typeof v.full === 'object' &&
    typeof v.run === 'function'
  );
}

export async function loadScenarios(dir: string): Promise<Scenario[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: unknown };
    if (!isScenario(mod.default)) throw new Error(`${file}: default export is not a scenario`);
    scenarios.push(mod.default);
  }
  const ids = new Set<string>();
  for (const s of scenarios) {
    if (ids.has(s.id)) throw new Error(`Two scenarios share the id ${s.id}`);
    ids.add(s.id);
  }
  return scenarios.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** Scenarios selected by `--only a,b`; unknown ids are an error so typos do not pass silently. */
export function selectScenarios(all: Scenario[], only: readonly string[] | null): Scenario[] {
  if (!only || only.length === 0) return all;
  const unknown = only.filter((id) => !all.some((s) => s.id === id));
  if (unknown.length)
    throw new Error(
      `Unknown scenario(s): ${unknown.join(', ')}; known: ${all.map((s) => s.id).join(', ')}`,
    );
  return all.filter((s) => only.includes(s.id));
}
