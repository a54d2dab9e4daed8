/**
 * Lays out the texts of each language as the client loads them (src/app/i18n.ts):
 * locales/<lang>/shell.json holds what the first screen shows (every key the shell's modules
 * name, found from src/main.tsx without the route pages), locales/<lang>/<area>.json the rest
 * of each top-level area. The source is the whole language, locales/<lang>.json (where texts
 * are added and translated); without it the area files are merged into one first. Run it
 * after changing texts:
 *   npx tsx scripts/split-locales.ts
 * tests/unit/i18n/localeLayout.test.ts fails when the layout is out of date.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../src/app/languageKey.ts';
import { SHELL_AREAS, SHELL_FILE } from '../src/app/localeAreas.ts';
import { flatten } from '../tests/unit/i18n/localeKeys.ts';
import { ROOT, coveredBy, keyReferences, moduleGraph } from '../tests/unit/i18n/sourceKeys.ts';

type Tree = { [key: string]: Tree | string };

function readLanguage(lang: string): Tree {
  const whole = join(ROOT, 'locales', `${lang}.json`);
  if (existsSync(whole)) return JSON.parse(readFileSync(whole, 'utf8')) as Tree;
  const dir = join(ROOT, 'locales', lang);
  const merged: Tree = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    deepMerge(merged, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree);
  return merged;
}

function deepMerge(into: Tree, from: Tree): void {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (typeof v === 'object' && typeof have === 'object') deepMerge(have, v);
    else into[k] = typeof v === 'object' ? structuredClone(v) : v;
  }
}

/** Keeps the leaves of `tree` whose flat key passes `keep`, in the source order. */
function pick(tree: Tree, keep: (flatKey: string) => boolean, prefix = ''): Tree | null {
  const out: Tree = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') {
      if (keep(key)) out[k] = v;
    } else {
      const sub = pick(v, keep, key);
      if (sub) out[k] = sub;
    }
  }
  return Object.keys(out).length ? out : null;
}

/** The flat keys the first screen shows in a language, by the shell's key references. */
export function shellKeys(messages: Tree): Set<string> {
  const flat = Object.keys(flatten(messages));
  const areas = new Set(Object.keys(messages));
  const files = moduleGraph(['src/main.tsx'], { dynamic: true, skipRoutePages: true });
  const keys = new Set(flat.filter((k) => SHELL_AREAS.includes(k.split('.')[0]!)));
  for (const ref of keyReferences(files, areas)) for (const k of coveredBy(ref, flat)) keys.add(k);
  return keys;
}

function main(): void {
  for (const lang of LANGUAGES) {
    const messages = readLanguage(lang);
    const inShell = shellKeys(messages);
    const dir = join(ROOT, 'locales', lang);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const write = (name: string, tree: Tree) =>
      writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(tree, null, 2)}\n`);
    write(SHELL_FILE, pick(messages, (k) => inShell.has(k)) ?? {});
    for (const area of Object.keys(messages)) {
      const rest = pick({ [area]: messages[area]! }, (k) => !inShell.has(k));
      if (rest) write(area, rest);
    }
    writeFileSync(join(ROOT, 'locales', `${lang}.json`), `${JSON.stringify(messages, null, 2)}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
