/**
 * The split of each language into files (src/app/localeAreas.ts): the same files and keys in
 * every language, each area file holding only its area, the shell file holding every text
 * the first screen names, and every lazily loaded page naming the areas it shows
 * (`lazyPage` in src/app/lazyPage.tsx), so no page renders a raw key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/app/languageKey.ts';
import { SHELL_FILE } from '../../../src/app/localeAreas.ts';
import { shellKeys } from '../../../scripts/split-locales.ts';
import { de, filesOf } from './allTexts.ts';
import { flatten, shapeOf } from './localeKeys.ts';
import { ROOT, coveredBy, keyReferences, moduleGraph, ownAreasImports } from './sourceKeys.ts';

const GERMAN = filesOf('de');
const ALL_KEYS = Object.keys(flatten(de));
const AREAS = new Set(Object.keys(de));
const IN_SHELL = new Set(Object.keys(flatten(GERMAN.get(SHELL_FILE))));
/** Areas with a file of their own (the shell file holds keys of many areas, not an area). */
/** The areas outside the shell file whose keys a reference covers; each reference once. */
const NEEDED = new Map<string, string[]>();
function areasNeededBy(ref: string): string[] {
  let areas = NEEDED.get(ref);
  if (!areas) {
    const keys = coveredBy(ref, ALL_KEYS).filter((key) => !IN_SHELL.has(key));
    NEEDED.set(ref, (areas = [...new Set(keys.map((key) => key.split('.')[0]!))]));
  }
  return areas;
}
const AREA_FILES = new Set([...GERMAN.keys()].filter((name) => name !== SHELL_FILE));

/** Keys without plural suffix: what must match between languages. */
const basesOf = (tree: unknown) => {
  const shape = shapeOf(flatten(tree));
  return [...shape.plain, ...shape.plurals.keys()].sort();
};

describe('I18N: locale files per area', () => {
  it('L1: every language has the same files, each with the keys of the German one', () => {
    for (const lang of LANGUAGES) {
      const files = filesOf(lang);
      expect([...files.keys()], lang).toEqual([...GERMAN.keys()]);
      for (const [name, tree] of files)
        expect(basesOf(tree), `${lang}/${name}.json`).toEqual(basesOf(GERMAN.get(name)));
    }
  });

  it('L1b: locales/<lang>.json is the whole language, and the area files are exactly its split', () => {
    for (const lang of LANGUAGES) {
      const whole = JSON.parse(
        readFileSync(resolve(ROOT, 'locales', `${lang}.json`), 'utf8'),
      ) as unknown;
      const split: Record<string, unknown> = {};
      for (const tree of filesOf(lang).values()) Object.assign(split, flatten(tree));
      // Texts are changed in the whole file; `npx tsx scripts/split-locales.ts` writes the split.
      expect(split, lang).toEqual(flatten(whole));
    }
  });

  it('L2: an area file holds only its own area', () => {
    for (const [name, tree] of GERMAN)
      if (name !== SHELL_FILE) expect(Object.keys(tree), `${name}.json`).toEqual([name]);
  });

  it('L3: the shell file holds every text the first screen names', () => {
    const missing = [...shellKeys(de as never)].filter((k) => !IN_SHELL.has(k));
    // Run `npx tsx scripts/split-locales.ts` to move them there.
    expect(missing).toEqual([]);
  });

  it('L4: every lazily loaded page names the areas it shows', () => {
    const tables = execSync('git ls-files "src/**/routes.tsx"', { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n');
    // `lazyPage([areas], () => import('./Page.tsx'), …)` or `lazyPage(AREAS, …)` with
    // `const AREAS = [areas] as const` in the same file; an import without it names none.
    const lazyPage =
      /(?:lazyPage\(\s*(?:\[([^\]]*)\]|(\w+))\s*,\s*\(\)\s*=>\s*)?import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
    const arrayConst = /\bconst\s+(\w+)(?:\s*:[^=]+)?\s*=\s*\[([^\]]*)\](?:\s*as\s+const)?/g;
    const areasIn = (list: string) =>
      new Set([...list.matchAll(/['"](\w+)['"]/g)].map((a) => a[1]!));
    const wrong: string[] = [];
    let pages = 0;
    for (const table of tables) {
      const file = resolve(ROOT, table);
      const source = readFileSync(file, 'utf8');
      const lists = new Map([...source.matchAll(arrayConst)].map((c) => [c[1]!, c[2]!]));
      for (const m of source.matchAll(lazyPage)) {
        pages += 1;
        const page = `${relative(ROOT, file)} ${m[3]}`;
        const list = m[2] === undefined ? (m[1] ?? '') : lists.get(m[2]);
        if (list === undefined) {
          wrong.push(`${page}: ${m[2]} is no array literal of this file`);
          continue;
        }
        const named = areasIn(list);
        const unknown = [...named].filter((a) => !AREA_FILES.has(a));
        if (unknown.length) wrong.push(`${page}: no locale file for ${unknown.sort().join(', ')}`);
        const graph = moduleGraph([resolve(dirname(file), m[3]!)], { dynamic: true });
        const needed = new Set<string>();
        for (const ref of keyReferences(graph, AREAS))
          for (const area of areasNeededBy(ref)) needed.add(area);
        const lacking = [...needed].filter((a) => !named.has(a));
        if (lacking.length) wrong.push(`${page}: add ${lacking.sort().join(', ')}`);
      }
    }
    expect(pages).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });

  it('L5: a lazy part that loads its own texts (`withAreas(AREAS, import(…))`) names the areas it shows, and a page that offers it need not', () => {
    const files = execSync('git ls-files "src/**/*.ts" "src/**/*.tsx"', {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .map((f) => resolve(ROOT, f));
    const parts = ownAreasImports(files).filter((p) => existsSync(p.module));
    // The PV actions (station page, dashboards, process images) at least.
    expect(parts.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const part of parts) {
      const name = relative(ROOT, part.module);
      if (part.areas === null) {
        wrong.push(`${name}: its areas are no array literal of the importing file`);
        continue;
      }
      const named = new Set(part.areas);
      const unknown = [...named].filter((a) => !AREA_FILES.has(a));
      if (unknown.length) wrong.push(`${name}: no locale file for ${unknown.sort().join(', ')}`);
      const needed = new Set<string>();
      for (const ref of keyReferences(moduleGraph([part.module], { dynamic: true }), AREAS))
        for (const area of areasNeededBy(ref)) needed.add(area);
      const lacking = [...needed].filter((a) => !named.has(a));
      if (lacking.length) wrong.push(`${name}: add ${lacking.sort().join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
