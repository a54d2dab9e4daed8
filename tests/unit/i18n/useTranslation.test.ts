// @vitest-environment happy-dom
/**
 * DESIGN.md "Languages": a component shows the texts of the language shown and renders again,
 * with a new `t`, when the language changes or texts arrive (src/app/useTranslation.ts).
 */
import { act, createElement, useMemo } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n, loadAreas, texts } from '../../../src/app/i18n.ts';
import { useTranslation } from '../../../src/app/useTranslation.ts';
import { mountRoot } from '../../support/reactRoot.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

let memoRuns = 0;
function AreaProbe() {
  const { t } = useTranslation();
  return createElement('output', null, t('charts.notFound'));
}

function Probe() {
  const { t, i18n } = useTranslation();
  const text = useMemo(() => {
    memoRuns += 1;
    return (t as unknown as LooseT)('probe.greeting', { name: 'Ada' });
  }, [t]);
  return createElement('p', { lang: i18n.language }, text);
}

const { container: root, root: reactRoot, unmount } = mountRoot();
afterAll(unmount);

describe('useTranslation (src/app/useTranslation.ts)', () => {
  it('UT1: renders again with a new t on added texts and on a language change', async () => {
    await act(async () => reactRoot.render(createElement(Probe)));
    const p = () => root.querySelector('p')!;
    // No area "probe" exists to be loaded: the missing key shows as itself.
    expect(p().textContent).toBe('probe.greeting');
    const runs = memoRuns;

    await act(async () => texts.add('de', { probe: { greeting: 'Hallo {{name}}' } }));
    expect(p().textContent).toBe('Hallo Ada');
    expect(memoRuns).toBe(runs + 1);

    await act(async () => texts.add('en', { probe: { greeting: 'Hello {{name}}' } }));
    await act(async () => texts.changeLanguage('en'));
    expect(p().textContent).toBe('Hello Ada');
    expect(p().getAttribute('lang')).toBe('en');

    await act(async () => texts.changeLanguage('de'));
    expect(p().textContent).toBe('Hallo Ada');
  });

  it('UT2: a key of an area not loaded yet shows nothing, loads the area and then shows', async () => {
    await initI18n();
    await act(async () => reactRoot.render(createElement(AreaProbe)));
    const out = () => root.querySelector('output')!;
    expect(out().textContent).toBe('');
    // The render started the load: waiting on the area joins it.
    await act(() => loadAreas(['charts']));
    expect(out().textContent).toBe('Dieses Diagramm gibt es nicht.');
    expect(document.documentElement.lang).toBe('de');
  });

  it('UT3: a key missing in the language and in German shows its defaultValue once its area is here', async () => {
    await initI18n();
    await loadAreas(['stations']);
    const t = texts.t as unknown as LooseT;
    // An unknown station kind (StationsOverview): the kind itself, not the raw key.
    expect(t('stations.kind.lagoon', { defaultValue: 'lagoon' })).toBe('lagoon');
    expect(t('stations.kind.waterworks', { defaultValue: 'waterworks' })).toBe('Wasserwerk');
    expect(t('stations.kind.lagoon')).toBe('stations.kind.lagoon');
    await act(async () => texts.changeLanguage('en'));
    await loadAreas(['stations']);
    expect(t('stations.kind.lagoon', { defaultValue: 'lagoon' })).toBe('lagoon');
    await act(async () => texts.changeLanguage('de'));
  });
});
