/**
 * How long ago, in the language shown ("vor 5 Minuten"): the one format the UI kit needs,
 * from the language alone (src/domain/format.ts), so src/ui needs nothing of the shell's
 * `useFormat` (docs/architecture.md).
 */
import { useMemo } from 'react';
import { formatAge, type FormatLocale } from '../domain/format.ts';
import { useTranslation } from './useTranslation.ts';

const LOCALES: readonly string[] = ['de', 'en', 'cs', 'ru'] satisfies FormatLocale[];

export function useFormatAge(): (ageMs: number) => string {
  const { i18n } = useTranslation();
  const locale = (LOCALES.includes(i18n.language) ? i18n.language : 'de') as FormatLocale;
  return useMemo(() => (ageMs: number) => formatAge(ageMs, locale), [locale]);
}
