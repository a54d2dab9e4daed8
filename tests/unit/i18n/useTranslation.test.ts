// @vitest-environment happy-dom
/**
 * DESIGN.md "Languages": a component shows the texts of the language shown through i18next
 * and react-i18next (src/app/i18n.ts, src/app/useTranslation.ts) and renders again, with a
 * new `t`, when the language changes or texts arrive; German fills in what a language lacks;
 * `Trans` puts markup where the language's sentence has it.
 */
import { act, createElement, useMemo } from 'react';
import { Trans } from 'react-i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addTexts, i18n, initI18n, loadAreas } from '../../../src/app/i18n.ts';
import { useTranslation } from '../../../src/app/useTranslation.ts';
import { mountRoot } from '../../support/reactRoot.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

let memoRuns = 0;
/** What AreaProbe rendered, in order: the first render's text does not depend on how soon the area loads. */
const areaTexts: string[] = [];
function AreaProbe() {
  const { t } = useTranslation();
  const text = t('charts.notFound');
  areaTexts.push(text);
  return createElement('output', null, text);
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

    await act(async () => addTexts('de', { probe: { greeting: 'Hallo {{name}}' } }));
    expect(p().textContent).toBe('Hallo Ada');
    expect(memoRuns).toBe(runs + 1);

    await act(async () => addTexts('en', { probe: { greeting: 'Hello {{name}}' } }));
    await act(async () => i18n.changeLanguage('en'));
    expect(p().textContent).toBe('Hello Ada');
    expect(p().getAttribute('lang')).toBe('en');

    await act(async () => i18n.changeLanguage('de'));
    expect(p().textContent).toBe('Hallo Ada');
  });

  it('UT2: a key of an area not loaded yet shows nothing, loads the area and then shows', async () => {
    await act(() => initI18n());
    await act(async () => reactRoot.render(createElement(AreaProbe)));
    const out = () => root.querySelector('output')!;
    // The area may have arrived within act() on a fast run: the first render is what counts.
    expect(areaTexts[0]).toBe('');
    // The render started the load: waiting on the area joins it.
    await act(() => loadAreas(['charts']));
    expect(out().textContent).toBe('Dieses Diagramm gibt es nicht.');
    expect(document.documentElement.lang).toBe('de');
  });

  it('UT3: a key missing in the language and in German shows its defaultValue once its area is here', async () => {
    await act(() => initI18n());
    await act(() => loadAreas(['stations']));
    const t = i18n.t as unknown as LooseT;
    // An unknown station kind (StationsOverview): the kind itself, not the raw key.
    expect(t('stations.kind.lagoon', { defaultValue: 'lagoon' })).toBe('lagoon');
    expect(t('stations.kind.waterworks', { defaultValue: 'waterworks' })).toBe('Wasserwerk');
    expect(t('stations.kind.lagoon')).toBe('stations.kind.lagoon');
    await act(async () => i18n.changeLanguage('en'));
    await act(() => loadAreas(['stations']));
    expect(t('stations.kind.lagoon', { defaultValue: 'lagoon' })).toBe('lagoon');
    await act(async () => i18n.changeLanguage('de'));
  });

  it('UT4: a key the language shown lacks shows the German text; a count picks its CLDR form there', async () => {
    await act(async () =>
      addTexts('de', {
        probe: {
          only: 'Nur deutsch',
          files_one: '{{count}} Datei',
          files_other: '{{count}} Dateien',
        },
      }),
    );
    await act(async () =>
      addTexts('ru', {
        probe: {
          files_one: '{{count}} файл',
          files_few: '{{count}} файла',
          files_many: '{{count}} файлов',
        },
      }),
    );
    await act(async () => i18n.changeLanguage('ru'));
    const t = i18n.t as unknown as LooseT;
    expect(t('probe.only')).toBe('Nur deutsch');
    expect([1, 3, 5, 21].map((count) => t('probe.files', { count }))).toEqual([
      '1 файл',
      '3 файла',
      '5 файлов',
      '21 файл',
    ]);
    // Russian "other" (fractions) is missing: German's form stands in, not the key (the
    // number written the Russian way).
    expect(t('probe.files', { count: 1.5 })).toBe('1,5 Dateien');
    await act(async () => i18n.changeLanguage('cs'));
    expect(t('probe.files', { count: 2 })).toBe('2 Dateien');
    await act(async () => i18n.changeLanguage('de'));
  });

  it('UT5: Trans places the markup where the language has it and inserts values as text', async () => {
    await act(async () =>
      addTexts('ru', {
        remoteAlarm: {
          summary: { onCall: 'Дежурит: <strong>{{name}}</strong> <num>{{number}}</num>' },
        },
      }),
    );
    function OnCall({ name }: { name: string }) {
      const { t } = useTranslation();
      return createElement(
        'span',
        { className: 'probe-oncall' },
        createElement(Trans, {
          t,
          i18nKey: 'remoteAlarm.summary.onCall',
          values: { name, number: '+49 30 1234' },
          components: {
            strong: createElement('strong'),
            num: createElement('span', { className: 'num' }),
          },
        }),
      );
    }
    await act(async () => i18n.changeLanguage('ru'));
    await act(async () => reactRoot.render(createElement(OnCall, { name: 'Ада <b>Л.</b>' })));
    const span = root.querySelector('.probe-oncall')!;
    expect(span.textContent).toBe('Дежурит: Ада <b>Л.</b> +49 30 1234');
    expect(span.querySelector('strong')?.textContent).toBe('Ада <b>Л.</b>');
    expect(span.querySelector('b')).toBeNull();
    expect(span.querySelector('.num')?.textContent).toBe('+49 30 1234');
    await act(async () => i18n.changeLanguage('de'));
  });

  it('UT6: a text asked for without options follows new texts and the language, and is looked up once', async () => {
    function Label() {
      const { t } = useTranslation();
      return createElement('b', null, (t as unknown as LooseT)('probe.label'));
    }
    await act(async () => addTexts('de', { probe: { label: 'Erste' } }));
    await act(async () => reactRoot.render(createElement(Label)));
    const b = () => root.querySelector('b')!.textContent;
    expect(b()).toBe('Erste');
    await act(async () => addTexts('de', { probe: { label: 'Zweite' } }));
    expect(b()).toBe('Zweite');
    await act(async () => addTexts('en', { probe: { label: 'Second' } }));
    await act(async () => i18n.changeLanguage('en'));
    expect(b()).toBe('Second');
    // Kept: three labels rendered together ask i18next once at most (none when the text
    // was kept from the render before).
    // i18next's lookup (its Translator; not in its types).
    const { translator } = i18n as unknown as { translator: { translate(key: string): string } };
    const lookups = vi.spyOn(translator, 'translate');
    await act(async () =>
      reactRoot.render(
        createElement('div', null, ...[1, 2, 3].map((key) => createElement(Label, { key }))),
      ),
    );
    expect([...root.querySelectorAll('b')].map((el) => el.textContent)).toEqual(
      Array(3).fill('Second'),
    );
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(1);
    lookups.mockRestore();
    await act(async () => i18n.changeLanguage('de'));
    expect(b()).toBe('Zweite');
  });
  it('UT7: texts of an area nothing shown asked for arrive without a render; a text shown, changed or stood in for by German, renders again', async () => {
    let renders = 0;
    function Shown() {
      const { t } = useTranslation();
      renders += 1;
      return createElement('i', null, (t as unknown as LooseT)('probe.shown'));
    }
    await act(async () => addTexts('de', { probe: { shown: 'Gezeigt' } }));
    await act(async () => reactRoot.render(createElement(Shown)));
    const i = () => root.querySelector('i')!.textContent;
    expect(i()).toBe('Gezeigt');
    const before = renders;
    // A route's own area: nothing on the screen asked for it.
    await act(async () => addTexts('de', { unseen: { title: 'Neu' } }));
    await act(async () => addTexts('de', { probe: { shown: 'Gezeigt', other: 'Anders' } }));
    expect(renders).toBe(before);
    expect((i18n.t as unknown as LooseT)('unseen.title')).toBe('Neu');
    // The same text changed: shown again.
    await act(async () => addTexts('de', { probe: { shown: 'Neu gezeigt' } }));
    expect(i()).toBe('Neu gezeigt');
    expect(renders).toBe(before + 1);
    // Russian lacks it: German stands in until Russian's own arrives.
    await act(async () => i18n.changeLanguage('ru'));
    expect(i()).toBe('Neu gezeigt');
    await act(async () => addTexts('ru', { probe: { shown: 'Показано' } }));
    expect(i()).toBe('Показано');
    await act(async () => i18n.changeLanguage('de'));
  });
});
