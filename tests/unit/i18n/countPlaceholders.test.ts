/**
 * DESIGN.md "Languages": a text that shows a count agrees with it in every language
 * ("1 cyklus, 2 cykly, 5 cyklů"). i18next picks `key_<CLDR category>` by the `count` option,
 * so a count is passed as `count` (shown formatted as `{{n}}` or `{{value}}` where it needs
 * thousands separators), and every text that interpolates `{{count}}` or `{{n}}` is a plural
 * form with every category its language has.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { de, en, cs, ru } from './allTexts.ts';
import { flatten, neededPluralForms, shapeOf, variablesOf } from './localeKeys.ts';
import { ROOT } from './sourceKeys.ts';

const LANGUAGES = { de, en, cs, ru };
/** Placeholders that hold a count: the text must agree with it. */
const COUNT_PLACEHOLDERS = ['count', 'n'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The argument text of each `t('key', …)` call: from the key to the closing parenthesis. */
function callsOf(code: string, key: string): string[] {
  const calls: string[] = [];
  const opening = new RegExp(`\\bt\\(\\s*'${key.replace(/\./g, '\\.')}'`, 'g');
  for (const m of code.matchAll(opening)) {
    let depth = 1;
    let i = m.index + m[0].length;
    while (i < code.length && depth > 0) {
      const c = code[i++];
      if (c === '(' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '}' || c === ']') depth--;
    }
    calls.push(code.slice(m.index, i));
  }
  return calls;
}

describe('I18N8: counted texts have every plural form', () => {
  for (const [lang, tree] of Object.entries(LANGUAGES)) {
    it(`I18N8: every ${lang} text with a count placeholder has all of ${lang}'s plural forms`, () => {
      const messages = flatten(tree);
      const needed = neededPluralForms(lang);
      const plurals = shapeOf(messages).plurals;
      const wrong: string[] = [];
      for (const [key, text] of Object.entries(messages)) {
        const counted = COUNT_PLACEHOLDERS.filter((p) => variablesOf(text).has(p));
        if (counted.length === 0) continue;
        const m = PLURAL_SUFFIX.exec(key);
        if (!m) {
          wrong.push(`${key}: {{${counted.join('}}, {{')}}} without plural forms`);
          continue;
        }
        const forms = [...(plurals.get(key.slice(0, m.index)) ?? [])].sort();
        if (forms.join() !== needed.join()) wrong.push(`${key}: has ${forms.join()}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('I18N8: the check catches a count text without plural forms', () => {
    const texts = flatten({
      a: { cycles: '{{count}} cycles', ok_one: '{{n}} x', ok_other: '{{n}} xs' },
    });
    const bare = Object.entries(texts).filter(
      ([k, v]) => !PLURAL_SUFFIX.test(k) && variablesOf(v).has('count'),
    );
    expect(bare.map(([k]) => k)).toEqual(['a.cycles']);
  });

  it('I18N8: every call of a plural text passes the count that picks its form', () => {
    const bases = [...shapeOf(flatten(de)).plurals.keys()];
    const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'workers'))];
    const wrong: string[] = [];
    let calls = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const base of bases)
        for (const call of callsOf(code, base)) {
          calls++;
          if (!/\bcount\b/.test(call)) wrong.push(`${file.slice(ROOT.length + 1)}: ${call}`);
        }
    }
    expect(calls).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
