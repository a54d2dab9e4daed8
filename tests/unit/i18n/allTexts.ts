/**
 * All texts of each language, joined from its files (locales/<lang>/*.json, laid out by
 * src/app/localeAreas.ts), for tests that look at a language as a whole.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LANGUAGES } from '../../../src/app/languageKey.ts';
import type { Messages } from '../../../src/app/messages.ts';
import { ROOT } from './sourceKeys.ts';

export type Language = (typeof LANGUAGES)[number];
type Tree = { [key: string]: Tree | string };

export function deepMerge(into: Tree, from: Tree, where = ''): Tree {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (typeof v === 'object' && typeof have === 'object') deepMerge(have, v, `${where}${k}.`);
    else if (have !== undefined) throw new Error(`${where}${k} is in two files`);
    else into[k] = v;
  }
  return into;
}

/** The files of a language: file name (without .json) → its tree. */
export function filesOf(lang: Language): Map<string, Tree> {
  const dir = join(ROOT, 'locales', lang);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return new Map(
    files.map((f) => [
      f.slice(0, -'.json'.length),
      JSON.parse(readFileSync(join(dir, f), 'utf8')) as Tree,
    ]),
  );
}

/** A language's texts as one tree (typed from German; plural suffixes differ per language). */
export function textsOf(lang: Language): Messages {
  const merged: Tree = {};
  for (const tree of filesOf(lang).values()) deepMerge(merged, structuredClone(tree));
  return merged as unknown as Messages;
}

export const de = textsOf('de');
export const en = textsOf('en');
export const cs = textsOf('cs');
export const ru = textsOf('ru');
