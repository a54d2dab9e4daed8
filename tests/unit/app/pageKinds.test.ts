/** Favorites and recently visited pages are named by kind and subject in the current language. */
import { describe, expect, it } from 'vitest';
import type { ParseKeys } from 'i18next';
import { matchRoutes } from 'react-router';
import { pageKind, pageName as namePage } from '../../../src/features/favorites/pageKinds.ts';
import type { PageRoute } from '../../../src/app/lazyPage.tsx';
import { routes } from '../../../src/app/routes.tsx';
import { NAV_ITEMS } from '../../../src/app/navigation.ts';
import { de, ru } from '../i18n/allTexts.ts';

const pageName = (page: Parameters<typeof namePage>[0], t: (key: ParseKeys) => string) =>
  namePage(page, t, routes);

const lookup = (tree: unknown) => (key: ParseKeys) =>
  String(key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], tree));

/** A page saved at time 0 under `title`, with the plant name of its subject if it has one. */
const saved = (path: string, title: string, subject: string) => ({ path, title, subject, at: 0 });

describe('FV1: a saved page is named by its kind and subject', () => {
  it('FV1: the kind follows the language; the subject is the plant name saved with the page', () => {
    const page = saved('/energy/2', 'Energie', 'Rohwasserpumpwerk Talaue');
    expect(pageName(page, lookup(de))).toBe('Energie · Rohwasserpumpwerk Talaue');
    expect(pageName(page, lookup(ru))).toBe('Энергия · Rohwasserpumpwerk Talaue');
    const datasheet = saved('/machines/AnaIn-1/datasheet', 'x', 'Pumpe 1');
    expect(pageName(datasheet, lookup(ru))).toBe('Паспорт машины · Pumpe 1');
    const report = saved('/reports/daily/201', 'x', 'Kläranlage');
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
    for (const item of NAV_ITEMS)
      expect(pageKind(item.path, routes), item.path).toMatchObject({
        label: item.labelKey,
        subject: false,
      });
    const ruKinds = ru.favorites.kind as Record<string, string>;
    const deKinds = de.favorites.kind as Record<string, string>;
    expect(Object.keys(ruKinds).sort()).toEqual(Object.keys(deKinds).sort());
  });

  // One row per page kind: the address of a saved page and the text key its route's handle names.
  const KINDS: readonly (readonly [string, ParseKeys, boolean])[] = [
    ['/', 'nav.overview', false],
    ['/stations', 'nav.stations', false],
    ['/stations/3', 'favorites.kind.station', true],
    ['/charts', 'charts.nav.title', false],
    ['/charts/annotations', 'favorites.kind.annotations', false],
    ['/charts/archive', 'favorites.kind.archiveChart', false],
    ['/charts/7', 'favorites.kind.chart', true],
    ['/trend/realtime', 'favorites.kind.realtimeTrend', false],
    ['/trend/archive', 'favorites.kind.archiveTrend', false],
    ['/reports', 'reports.nav.title', false],
    ['/reports/overflow', 'favorites.kind.overflow', false],
    ['/reports/daily/201', 'reports.kind.Daily', true],
    ['/reports/weekly/3', 'reports.kind.Weekly', true],
    ['/reports/Monthly/3', 'reports.kind.Monthly', true],
    ['/reports/annual/3', 'reports.kind.Annual', true],
    ['/reports/special/3', 'reports.kind.Special', true],
    ['/archive', 'reports.nav.archive', false],
    ['/dashboard', 'dashboard.nav.dashboard', false],
    ['/dashboard/main', 'favorites.kind.dashboard', true],
    ['/process-images', 'processImages.nav', false],
    ['/process-images/inlet', 'favorites.kind.processImage', true],
    ['/webcams', 'webcam.nav', false],
    ['/webcams/2', 'favorites.kind.webcam', true],
    ['/alerts', 'alerts.nav.list', false],
    ['/alerts/archive', 'alerts.nav.archive', false],
    ['/alerts/performance', 'alerts.performance.nav', false],
    ['/alerts/history?pv=AnaIn-1', 'favorites.kind.alertHistory', true],
    ['/events/system', 'alerts.nav.systemEvents', false],
    ['/events/control', 'alerts.nav.controlEvents', false],
    ['/actions', 'actions.nav', false],
    ['/actions/set-values', 'favorites.kind.setValues', false],
    ['/actions/priority-outputs', 'favorites.kind.priorityOutputs', false],
    ['/actions/text-outputs', 'favorites.kind.textOutputs', false],
    ['/actions/counters', 'favorites.kind.counters', false],
    ['/remote-alarm/plans', 'remoteAlarm.nav', false],
    ['/remote-alarm/plans/confirm', 'favorites.kind.plansConfirm', false],
    ['/remote-alarm/numbers', 'remoteAlarm.navNumbers', false],
    ['/remote-alarm/numbers/edit', 'favorites.kind.numbersEdit', false],
    ['/energy', 'energy.nav', false],
    ['/energy/2', 'energy.nav', true],
    ['/leakage', 'leakage.nav', false],
    ['/leakage/4', 'leakage.nav', true],
    ['/maintenance', 'maintenance.nav.overview', false],
    ['/maintenance/notifications', 'favorites.kind.notifications', false],
    ['/machines/AnaIn-1/datasheet', 'favorites.kind.datasheet', true],
    ['/machines/AnaIn-1/lifecycle', 'favorites.kind.lifecycle', true],
    ['/machines/AnaIn-1/runtime', 'favorites.kind.runtime', true],
    ['/settings', 'nav.settings', false],
    ['/settings/password', 'favorites.kind.password', false],
    ['/settings/session', 'favorites.kind.session', false],
    ['/help', 'nav.help', false],
    ['/about', 'nav.about', false],
  ];

  it.each(KINDS)('FV1: %s is named by its route: %s', (path, label, subject) => {
    expect(pageKind(path, routes)).toEqual({ label, subject });
    // The key is texted in every language (a typo in a handle would show a raw key).
    expect(lookup(de)(label)).not.toBe('undefined');
    expect(lookup(ru)(label)).not.toBe('undefined');
  });

  it('FV1: an address of no kind (sign-in, diagnostics, unknown, an unknown report kind) has none', () => {
    for (const path of [
      '/login',
      '/diagnostics/ui',
      '/nowhere',
      '/reports/hourly/3',
      '/reports/constructor/3',
    ])
      expect(pageKind(path, routes), path).toBeNull();
  });

  it('FV1: every page route declares its kind in a handle, so a new route cannot lose its label', () => {
    const pages: { path: string; route: PageRoute }[] = [];
    const walk = (table: readonly PageRoute[], parent: string) => {
      for (const route of table) {
        const path = route.index ? parent : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
        if (route.children) walk(route.children, path);
        else pages.push({ path, route });
      }
    };
    walk(routes, '');
    // The route type asks for a handle; this catches a route table built around the type.
    for (const { path, route } of pages) expect(route.handle, path).toBeDefined();
    // Every page that names a kind has its row above.
    const tested = new Set(
      KINDS.map(([path]) => matchRoutes(routes, path.split('?')[0]!)!.at(-1)!.route),
    );
    const untested = pages.filter(({ route }) => route.handle?.label && !tested.has(route));
    expect(untested.map((p) => p.path)).toEqual([]);
  });
});
