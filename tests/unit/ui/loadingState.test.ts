// @vitest-environment happy-dom
/**
 * The load states of SPEC §4 (src/ui/LoadingState.tsx): a view that reloads while ready keeps
 * its content and shows a progress bar, which has a name in the language shown (WCAG 4.1.2,
 * axe `aria-progressbar-name`: a nameless one failed the maintenance page's scan).
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { de, ru } from '../i18n/allTexts.ts';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { LoadingState } from '../../../src/ui/LoadingState.tsx';
import { mountRoot } from '../../support/reactRoot.ts';

beforeAll(() => {
  addTexts('de', de);
  addTexts('ru', ru);
});

describe('LoadingState', () => {
  afterEach(() => act(() => i18n.changeLanguage('de')));

  it('LS1: updating keeps the content and shows a named progress bar, in the language shown', async () => {
    const { container, render: show, unmount } = mountRoot();
    const render = () =>
      show(createElement(LoadingState, { status: 'updating' }, createElement('p', null, 'rows')));
    await render();
    const bar = () => container.querySelector('[role="progressbar"]');
    expect(container.textContent).toContain('rows');
    expect(bar()?.getAttribute('aria-label')).toBe('Wird aktualisiert …');
    await act(() => i18n.changeLanguage('ru'));
    await render();
    expect(bar()?.getAttribute('aria-label')).toBe('Обновление …');
    await show(createElement(LoadingState, { status: 'ready' }, 'rows'));
    expect(bar()).toBeNull();
    await unmount();
  });
});
