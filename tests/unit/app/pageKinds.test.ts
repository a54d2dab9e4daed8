/** Favorites and recently visited pages are named by kind and subject in the current language. */
import { describe, expect, it } from 'vitest';
import type { ParseKeys } from 'i18next';
import { pageKind, pageName } from '../../../src/features/favorites/pageKinds.ts';
import { NAV_ITEMS } from '../../../src/app/navigation.ts';
import { de, ru } from '../i18n/allTexts.ts';

const lookup = (tree: unknown) => (key: ParseKeys) =>
  String(key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], tree));

describe('FV1: a saved page is named by its kind and subject', () => {
  it('FV1: the kind follows the language; the subject is the plant name saved with the page', () => {
    const page = {
      path: '/energy/2',
      title: 'Energie',
      subject: 'Rohwasserpumpwerk Talaue',
      at: 0,
    };
    expect(pageName(page, lookup(de))).toBe('Energie · Rohwasserpumpwerk Talaue');
    expect(pageName(page, lookup(ru))).toBe('Энергия · Rohwasserpumpwerk Talaue');
    const datasheet = {
      path: '/machines/AnaIn-1/datasheet',
      title: 'x',
      subject: 'Pumpe 1',
      at: 0,
    };
    expect(pageName(datasheet, lookup(ru))).toBe('Паспорт машины · Pumpe 1');
    const report = { path: '/reports/daily/201', title: 'x', subject: 'Kläranlage', at: 0 };
    expect(pageName(report, lookup(ru))).toBe(`${lookup(ru)('reports.kind.Daily')} · Kläranlage`);
  });

  it('FV1: a page without a subject is its kind, also when saved before kinds (title in German)', () => {
    const alerts = { path: '/alerts?priority=1', title: 'Störmeldungen', at: 0 };
    expect(pageName(alerts, lookup(ru))).toBe(lookup(ru)('alerts.nav.list'));
    expect(
      pageName({ path: '/settings/password', title: 'Passwort ändern', at: 0 }, lookup(ru)),
    ).toBe('Смена пароля');
  });

  it('FV1: an entry of a subject kind saved without subject, or of an unknown address, keeps its title', () => {
    expect(pageName({ path: '/stations/2', title: '2 Talaue', at: 0 }, lookup(ru))).toBe(
      '2 Talaue',
    );
    expect(pageName({ path: '/somewhere/else', title: 'Alt', at: 0 }, lookup(ru))).toBe('Alt');
  });

  it('FV1: every area of the navigation and every texted kind is known', () => {
    for (const item of NAV_ITEMS.filter((i) => i.path !== '/'))
      expect(pageKind(item.path), item.path).toMatchObject({
        label: item.labelKey,
        subject: false,
      });
    const ruKinds = ru.favorites.kind as Record<string, string>;
    const deKinds = de.favorites.kind as Record<string, string>;
    expect(Object.keys(ruKinds).sort()).toEqual(Object.keys(deKinds).sort());
  });
});
