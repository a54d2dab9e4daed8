/**
 * DESIGN.md "Languages": every user-facing text exists in de, en, cs and ru with the CLDR
 * plural forms each language needs. German (de.json) is the source.
 */
import { describe, expect, it } from 'vitest';
import { de, en, cs, ru } from './allTexts.ts';
import { flatten, neededPluralForms, shapeOf, variablesOf, type Messages } from './localeKeys.ts';

const SOURCE = flatten(de);
const SOURCE_SHAPE = shapeOf(SOURCE);
const TRANSLATIONS: Record<string, Messages> = {
  en: flatten(en),
  cs: flatten(cs),
  ru: flatten(ru),
};

/**
 * Every form of a key in a locale: the key itself, or its plural forms (the key, an underscore
 * and a suffix). Indexed once per locale: a scan of every key for every base was quadratic
 * and took seconds.
 */
const FORMS = new WeakMap<Messages, Map<string, string[]>>();
function formsOf(messages: Messages, base: string): string[] {
  let index = FORMS.get(messages);
  if (!index) {
    index = new Map();
    const add = (b: string, k: string) => {
      const list = index!.get(b);
      if (list) list.push(k);
      else index!.set(b, [k]);
    };
    for (const k of Object.keys(messages)) {
      add(k, k);
      if (!/_[a-z]+$/.test(k)) continue;
      for (let i = k.indexOf('_'); i > 0; i = k.indexOf('_', i + 1)) add(k.slice(0, i), k);
    }
    FORMS.set(messages, index);
  }
  return index.get(base) ?? [];
}

describe('I18N: locale files', () => {
  it('I18N0: the runtime knows the plural rules the product relies on', () => {
    expect(neededPluralForms('de')).toEqual(['one', 'other']);
    expect(neededPluralForms('en')).toEqual(['one', 'other']);
    expect(neededPluralForms('cs')).toEqual(['few', 'many', 'one', 'other']);
    expect(neededPluralForms('ru')).toEqual(['few', 'many', 'one', 'other']);
  });

  it('I18N3: the source has exactly the plural forms German needs', () => {
    const needed = neededPluralForms('de');
    for (const [base, forms] of SOURCE_SHAPE.plurals)
      expect([...forms].sort(), `de: ${base}`).toEqual(needed);
  });

  for (const [lang, messages] of Object.entries(TRANSLATIONS)) {
    describe(lang, () => {
      const shape = shapeOf(messages);

      it(`I18N1: ${lang} has every key of de.json`, () => {
        const missing = [...SOURCE_SHAPE.plain].filter((k) => !shape.plain.has(k));
        const missingPlurals = [...SOURCE_SHAPE.plurals.keys()].filter(
          (k) => !shape.plurals.has(k),
        );
        expect([...missing, ...missingPlurals]).toEqual([]);
      });

      it(`I18N2: ${lang} has no key that de.json lacks`, () => {
        const extra = [...shape.plain].filter((k) => !SOURCE_SHAPE.plain.has(k));
        const extraPlurals = [...shape.plurals.keys()].filter((k) => !SOURCE_SHAPE.plurals.has(k));
        expect([...extra, ...extraPlurals]).toEqual([]);
      });

      it(`I18N3: ${lang} has exactly the plural forms ${lang} needs`, () => {
        const needed = neededPluralForms(lang);
        const wrong = [...shape.plurals]
          .filter(([, forms]) => [...forms].sort().join() !== needed.join())
          .map(([base, forms]) => `${base}: ${[...forms].sort().join()}`);
        expect(wrong, `needs ${needed.join()}`).toEqual([]);
      });

      it(`I18N4: ${lang} keeps every interpolation variable of the source`, () => {
        const lost: string[] = [];
        const bases = [...SOURCE_SHAPE.plain, ...SOURCE_SHAPE.plurals.keys()];
        for (const base of bases) {
          const sourceVars = new Set<string>();
          for (const key of formsOf(SOURCE, base))
            for (const v of variablesOf(SOURCE[key]!)) sourceVars.add(v);
          for (const key of formsOf(messages, base)) {
            const vars = variablesOf(messages[key]!);
            for (const v of sourceVars) if (!vars.has(v)) lost.push(`${key}: {{${v}}}`);
          }
        }
        expect(lost).toEqual([]);
      });

      it(`I18N5: ${lang} has no empty text`, () => {
        const empty = Object.entries(messages)
          .filter(([, text]) => text.trim() === '')
          .map(([key]) => key);
        expect(empty).toEqual([]);
      });
    });
  }
});
