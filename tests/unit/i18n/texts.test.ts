/**
 * DESIGN.md "Languages": the translation runtime (src/app/texts.ts) that replaced i18next's on
 * the first screen. Keys, interpolation, CLDR plurals, the German fallback, the missing-key
 * hook, areas merged deep, and notifications. TR10 holds it to i18next's own answers for every
 * key of every language, so the switch changed no text.
 */
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTexts, type TextTree } from '../../../src/app/texts.ts';
import { LANGUAGES } from '../../../src/app/languageKey.ts';
import { filesOf, type Language } from './allTexts.ts';
import { flatten } from './localeKeys.ts';
import { testSize } from '../../support/testSize.ts';

/** An untyped `t`, for keys and options the German texts do not have. */
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const loose = (t: unknown): LooseT => t as LooseT;

function texts(trees: Record<string, TextTree>, language = 'de', missing?: typeof noteMissing) {
  const made = createTexts({ language, fallback: 'de', missing });
  for (const [lang, tree] of Object.entries(trees)) made.add(lang, tree);
  return { made, t: loose(made.t) };
}
const noteMissing = (key: string, defaultValue?: string): string => `?${key}|${defaultValue}`;

const COUNTED = {
  n_one: '{{count}} one',
  n_few: '{{count}} few',
  n_many: '{{count}} many',
  n_other: '{{count}} other',
};
const COUNTS = [0, 1, 2, 5, 21, 1.5];

describe('translation runtime (src/app/texts.ts)', () => {
  it('TR1: finds nested keys and interpolates {{name}} without escaping', () => {
    const { t } = texts({ de: { a: { b: 'Pumpe {{name}} in {{ station }}: {{name}}' } } });
    expect(t('a.b', { name: '<P1> & "x"', station: 7 })).toBe('Pumpe <P1> & "x" in 7: <P1> & "x"');
    // A value that looks like a placeholder is not interpolated again.
    expect(t('a.b', { name: '{{station}}', station: 1 })).toBe(
      'Pumpe {{station}} in 1: {{station}}',
    );
  });

  it('TR2: a placeholder with no value stays, one given as undefined or null reads empty', () => {
    const { t } = texts({ de: { a: 'x={{x}} y={{y}}' } });
    expect(t('a')).toBe('x={{x}} y={{y}}');
    expect(t('a', { x: undefined, y: null })).toBe('x= y=');
    expect(t('a', { x: 0, y: false })).toBe('x=0 y=false');
  });

  it.each([
    ['de', ['0 other', '1 one', '2 other', '5 other', '21 other', '1.5 other']],
    ['en', ['0 other', '1 one', '2 other', '5 other', '21 other', '1.5 other']],
    ['cs', ['0 other', '1 one', '2 few', '5 other', '21 other', '1.5 many']],
    ['ru', ['0 many', '1 one', '2 few', '5 many', '21 one', '1.5 other']],
  ])('TR3: picks the CLDR plural form of %s for 0, 1, 2, 5, 21 and 1.5', (lang, forms) => {
    const { t } = texts({ [lang]: COUNTED }, lang);
    expect(COUNTS.map((count) => t('n', { count }))).toEqual(forms);
  });

  it('TR4: counted texts try key_zero for 0, then the plural form, then the plain key', () => {
    const { t } = texts({ de: { a_zero: 'keine', a_one: 'eine', b: '{{count}} Stück' } });
    expect(t('a', { count: 0 })).toBe('keine');
    expect(t('a', { count: 1 })).toBe('eine');
    expect(t('b', { count: 3 })).toBe('3 Stück');
    // A count given as a string is only a value, not a number to pick a form by.
    expect(t('b', { count: '3' })).toBe('3 Stück');
  });

  it('TR5: a key missing in the language shown falls back to German, then to the key', () => {
    const { t } = texts(
      { de: { a: 'Deutsch', n_one: 'de eins', n_other: 'de {{count}}' }, ru: { b: 'русский' } },
      'ru',
    );
    expect(t('b')).toBe('русский');
    expect(t('a')).toBe('Deutsch');
    expect(t('c.d')).toBe('c.d');
    // German plural forms by German rules: 5 is "other" there ("many" in Russian).
    expect(t('n', { count: 5 })).toBe('de 5');
    expect(t('n', { count: 1 })).toBe('de eins');
    // An object (a key that names a group) is no text.
    expect(loose(createTexts({ language: 'de', fallback: 'de' }).t)('a')).toBe('a');
  });

  it('TR6: the missing-key hook decides the text of a key found nowhere', () => {
    const missing = vi.fn(noteMissing);
    const { t } = texts({ de: { a: 'A' } }, 'en', missing);
    expect(t('a')).toBe('A');
    expect(missing).not.toHaveBeenCalled();
    expect(t('x.y')).toBe('?x.y|undefined');
    expect(t('x.z', { defaultValue: 'Pumpe {{nr}}', nr: 3 })).toBe('?x.z|Pumpe 3');
  });

  it('TR7: defaultValue stands in for a key missing in the language and in German, a present key wins over it', () => {
    const { t } = texts({ de: { kind: { waterworks: 'Wasserwerk' } } });
    expect(t('kind.waterworks', { defaultValue: 'waterworks' })).toBe('Wasserwerk');
    expect(t('kind.lagoon', { defaultValue: 'lagoon' })).toBe('lagoon');
    const shown = texts(
      { de: { kind: { waterworks: 'Wasserwerk' } }, en: { kind: { reservoir: 'Reservoir' } } },
      'en',
    );
    expect(shown.t('kind.reservoir', { defaultValue: 'reservoir' })).toBe('Reservoir');
    expect(shown.t('kind.waterworks', { defaultValue: 'waterworks' })).toBe('Wasserwerk');
    expect(shown.t('kind.lagoon', { defaultValue: 'lagoon {{nr}}', nr: 2 })).toBe('lagoon 2');
    // A missing-key hook gets the defaultValue to show (the app's shows it, useTranslation UT3).
    const hooked = texts({ de: {} }, 'en', (key, defaultValue) => defaultValue ?? key);
    expect(hooked.t('kind.lagoon', { defaultValue: 'lagoon' })).toBe('lagoon');
    expect(hooked.t('kind.lagoon')).toBe('kind.lagoon');
  });

  it('TR8: areas added later merge deep into the language, later texts winning', () => {
    const { made, t } = texts({ de: { charts: { title: 'Diagramme', axis: { min: 'Min' } } } });
    const area = { charts: { axis: { max: 'Max' }, title: 'Kurven' } };
    made.add('de', area);
    expect(t('charts.axis.min')).toBe('Min');
    expect(t('charts.axis.max')).toBe('Max');
    expect(t('charts.title')).toBe('Kurven');
    // The added file is copied, not changed or shared.
    made.add('de', { charts: { axis: { max: 'Maximum' } } });
    expect(area.charts.axis.max).toBe('Max');
    expect(t('charts.axis.max')).toBe('Maximum');
  });

  it('TR9: language changes and added texts notify and give a new t', () => {
    const { made } = texts({ de: { a: 'Deutsch' }, en: { a: 'English' } });
    const listener = vi.fn();
    const stop = made.subscribe(listener);
    const first = made.snapshot();
    expect(made.snapshot()).toBe(first);
    expect(loose(first.t)('a')).toBe('Deutsch');

    made.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
    const second = made.snapshot();
    expect(second.t).not.toBe(first.t);
    expect(second.i18n.language).toBe('en');
    expect(made.language).toBe('en');
    expect(loose(second.t)('a')).toBe('English');
    // A t that was handed out keeps its language.
    expect(loose(first.t)('a')).toBe('Deutsch');

    made.add('en', { b: 'more' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(made.snapshot().t).not.toBe(second.t);

    stop();
    made.changeLanguage('de');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('TR10: gives the text i18next gives for every key, plural count and language', async () => {
    // German whole, the language shown without its "stations" area (not loaded yet), so the
    // German fallback and the missing-key hook are both in play.
    const parseMissingKeyHandler = (key: string, defaultValue?: string) =>
      `?${key}|${defaultValue}`;
    const keys = new Set<string>();
    for (const lang of LANGUAGES)
      for (const tree of filesOf(lang).values())
        for (const key of Object.keys(flatten(tree)))
          keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
    keys.add('nowhere.toBeFound');

    for (const lang of LANGUAGES) {
      const reference = i18next.createInstance();
      const ours = createTexts({ language: lang, fallback: 'de', missing: parseMissingKeyHandler });
      await reference.init({
        lng: lang,
        fallbackLng: 'de',
        resources: {},
        interpolation: { escapeValue: false },
        returnNull: false,
        parseMissingKeyHandler,
      });
      const add = (l: Language, tree: TextTree) => {
        reference.addResourceBundle(l, 'translation', tree, true, true);
        ours.add(l, tree);
      };
      for (const tree of filesOf('de').values()) add('de', tree);
      if (lang !== 'de')
        for (const [file, tree] of filesOf(lang)) if (file !== 'stations') add(lang, tree);

      const t = loose(ours.t);
      const r = loose(reference.t);
      const options = (count?: number) => ({ count, name: 'N', value: 1.5, nr: 7, min: 0, max: 9 });
      // The gate checks every eighth key (a different eighth per language), the long run all.
      const stride = testSize(8, 1);
      let index = LANGUAGES.indexOf(lang);
      for (const key of keys) {
        if (index++ % stride !== 0) continue;
        expect(t(key), `${lang} ${key}`).toBe(r(key));
        expect(t(key, options()), `${lang} ${key}`).toBe(r(key, options()));
        for (const count of COUNTS)
          expect(t(key, options(count)), `${lang} ${key} ${count}`).toBe(r(key, options(count)));
        expect(t(key, { defaultValue: 'D {{nr}}', nr: 1 })).toBe(
          r(key, { defaultValue: 'D {{nr}}', nr: 1 }),
        );
      }
    }
  });
});
