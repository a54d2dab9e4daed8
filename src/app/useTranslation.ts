/**
 * `const { t, i18n } = useTranslation()`: the tab's texts (i18n.ts), typed from the German
 * texts (i18next.d.ts), through the UI kit's one store of them (src/ui/useTranslation.ts). The
 * component renders again when the language changes or texts arrive (an area loaded later:
 * `bindI18nStore: 'added'`), and `t` is a new function then, so memos keyed on `t` recompute.
 * Texts asked for without options are looked up once per language and change of texts
 * (`keptTexts`); the tab has one such `t` at a time, not one per component.
 */
import { useTranslation as useTexts, type Texts } from '../ui/useTranslation.ts';
import { keptTexts } from './i18n.ts';

const kept = new WeakMap<Texts, Texts>();

export function useTranslation(): Texts {
  const texts = useTexts();
  let withKept = kept.get(texts);
  if (!withKept) kept.set(texts, (withKept = { t: keptTexts(texts.t), i18n: texts.i18n }));
  return withKept;
}
