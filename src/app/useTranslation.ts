/**
 * `const { t, i18n } = useTranslation()`: react-i18next's hook on the tab's i18next instance
 * (i18n.ts), typed from the German texts (i18next.d.ts). The component renders again when
 * the language changes or texts arrive that it may show (an area a lookup missed, a text
 * changed: `bindI18nStore: 'added'`, which i18n.ts `addTexts` leaves silent otherwise), and
 * `t` is a new function then, so memos keyed on `t` recompute. Texts asked for without
 * options are looked up once per language and change of texts (`keptTexts`).
 */
import { useMemo } from 'react';
import { useTranslation as useI18nextTranslation } from 'react-i18next';
import { i18n, keptTexts } from './i18n.ts';

const OPTIONS = { i18n };

export function useTranslation() {
  const { t: fixed, i18n: instance } = useI18nextTranslation('translation', OPTIONS);
  return useMemo(() => ({ t: keptTexts(fixed), i18n: instance }), [fixed, instance]);
}
