/**
 * The tab's i18next instance (src/app/i18n.ts) with every text of every language added, for
 * tests that translate through the real runtime in a given language.
 */
import type { TFunction } from 'i18next';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { de, en, cs, ru, type Language } from './allTexts.ts';

let added = false;

/** `t` of the app's i18next instance, fixed to `lang`, with all texts of all languages. */
export function translatorIn(lang: Language): TFunction {
  if (!added) for (const [code, tree] of Object.entries({ de, en, cs, ru })) addTexts(code, tree);
  added = true;
  return i18n.getFixedT(lang);
}
