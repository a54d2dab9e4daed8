// @vitest-environment happy-dom
/**
 * How every view shows a stale value (src/ui/StaleNote.tsx, rule in domain/valueStanding.ts):
 * nothing for a fresh value; for a stale one the mark, the reason in words and the age, in the
 * language shown.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { de, ru } from '../i18n/allTexts.ts';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { StaleNote, staleValueClass } from '../../../src/ui/StaleNote.tsx';
import { mountRoot } from '../../support/reactRoot.ts';

beforeAll(() => {
  // The plant's time zone (system settings) is not asked for here: no server in this test.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  addTexts('de', de);
  addTexts('ru', ru);
});

const TWO_HOURS = 2 * 3_600_000;

describe('StaleNote', () => {
  afterEach(() => act(() => i18n.changeLanguage('de')));

  it('VS7: a fresh value shows no note; a stale one its mark, reason and age, in the language shown', async () => {
    const { container, render, unmount } = mountRoot();
    const old = { quality: 'Good' as const, timestamp: Date.now() - TWO_HOURS };
    await render(createElement(StaleNote, { value: old, connection: 'connected' }));
    expect(container.innerHTML).toBe('');
    await render(createElement(StaleNote, { value: old, connection: 'notConnected' }));
    const note = container.querySelector('.stale-note');
    expect(note?.getAttribute('data-stale')).toBe('stationOffline');
    expect(note?.querySelector('.stale-mark')?.textContent).toBe('?');
    expect(note?.querySelector('.stale-mark')?.getAttribute('aria-label')).toBe(
      'Station nicht verbunden',
    );
    expect(note?.querySelector('.stale-age')?.textContent).toBe('vor 2 Stunden');
    await act(() => i18n.changeLanguage('ru'));
    await render(
      createElement(StaleNote, { value: { ...old, quality: 'Bad' }, connection: 'notConnected' }),
    );
    expect(container.querySelector('.stale-mark')?.textContent).toBe('!');
    expect(container.querySelector('.stale-reason')?.textContent).toBe('Качество плохое');
    expect(container.querySelector('.stale-age')?.textContent).toBe('2 часа назад');
    // Compact: the mark and the age; without the age where the view has its own column.
    await render(
      createElement(StaleNote, {
        value: old,
        connection: 'notConnected',
        compact: true,
        showAge: false,
      }),
    );
    expect(container.querySelector('.stale-reason')).toBeNull();
    expect(container.querySelector('.stale-age')).toBeNull();
    expect(staleValueClass({ stale: true, mark: 'bad' })).toBe('value-stale value-stale-bad');
    expect(staleValueClass({ stale: false, mark: null })).toBe('');
    await unmount();
  });
});
