/**
 * `const { t, i18n } = useTranslation()`: react-i18next's hook on the tab's i18next instance
 * (i18n.ts), typed from the German texts (i18next.d.ts). The component renders again when
 * the language changes or texts arrive (an area loaded later: `bindI18nStore: 'added'`), and
 * `t` is a new function then, so memos keyed on `t` recompute.
 */
import {
  useTranslation as useI18nextTranslation,
  type UseTranslationResponse,
} from 'react-i18next';
import { i18n } from './i18n.ts';

const OPTIONS = { i18n };

export function useTranslation(): UseTranslationResponse<'translation', undefined> {
  return useI18nextTranslation('translation', OPTIONS);
}
