// @vitest-environment happy-dom
/**
 * LP-I (src/app/i18n.ts): a tab loads the language it shows; the other languages load only
 * when a switch is near (prefetchLanguages), not after every page load.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  initI18n,
  loadAreas,
  loadedFiles,
  prefetchLanguages,
  setLanguage,
} from '../../../src/app/i18n.ts';
import { CONDITION_WAIT_MS } from '../../support/testSize.ts';

// Longer than the delay after which the other languages used to load.
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_200));

describe('language prefetch', () => {
  it('LP-I1: only the language shown loads with the page; the others on prefetchLanguages', async () => {
    await initI18n();
    await loadAreas(['alerts']);
    await settle();
    expect(loadedFiles('de').sort()).toEqual(['alerts', 'shell']);
    expect(loadedFiles('en')).toEqual([]);
    expect(loadedFiles('ru')).toEqual([]);

    prefetchLanguages();
    await vi.waitFor(() => {
      for (const lang of ['en', 'cs', 'ru'] as const)
        expect(loadedFiles(lang).sort()).toEqual(['alerts', 'shell']);
    }, CONDITION_WAIT_MS);
  });

  it('LP-I2: a switch loads what it needs itself', async () => {
    await loadAreas(['charts']);
    await setLanguage('en');
    expect(loadedFiles('en')).toContain('charts');
    await setLanguage('de');
  });
});
