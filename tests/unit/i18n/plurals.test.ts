/**
 * DESIGN.md "Languages": counted texts pick the CLDR plural form of the chosen language,
 * through i18next (src/app/i18n.ts) with the real locale files.
 */
import { describe, expect, it } from 'vitest';
import type { Language } from './allTexts.ts';
import { translatorIn } from './allTextsRuntime.ts';

const translator = (language: Language) => ({ t: translatorIn(language) });

describe('I18N6: plural forms by count', () => {
  it('I18N6: Russian uses one, few and many (1, 3, 5, 11, 21, 22, 25)', () => {
    const { t } = translator('ru');
    const users = (count: number) => t('about.licence.users', { count });
    expect(users(1)).toBe('1 одновременный пользователь');
    expect(users(3)).toBe('3 одновременных пользователя');
    expect(users(5)).toBe('5 одновременных пользователей');
    expect(users(11)).toBe('11 одновременных пользователей');
    expect(users(21)).toBe('21 одновременный пользователь');
    expect(users(22)).toBe('22 одновременных пользователя');
    expect(users(25)).toBe('25 одновременных пользователей');
    const groups = (count: number) => t('about.licence.pvGroups', { count });
    expect(groups(1)).toBe('1 группа переменных');
    expect(groups(3)).toBe('3 группы переменных');
    expect(groups(500)).toBe('500 групп переменных');
  });

  it('I18N6: Czech uses one, few and other for whole numbers (1, 3, 5)', () => {
    const { t } = translator('cs');
    expect(t('about.licence.pvGroups', { count: 1 })).toBe('1 skupina PV');
    expect(t('about.licence.pvGroups', { count: 3 })).toBe('3 skupiny PV');
    expect(t('about.licence.pvGroups', { count: 5 })).toBe('5 skupin PV');
  });

  it('I18N6: German and English use one and other', () => {
    const deT = translator('de').t;
    expect(deT('help.areas.intro', { count: 1 })).toBe('Die Navigation führt zu 1 Bereich:');
    expect(deT('help.areas.intro', { count: 5 })).toBe('Die Navigation führt zu 5 Bereichen:');
    const enT = translator('en').t;
    expect(enT('about.licence.users', { count: 1 })).toBe('1 concurrent user');
    expect(enT('about.licence.users', { count: 25 })).toBe('25 concurrent users');
  });
});
