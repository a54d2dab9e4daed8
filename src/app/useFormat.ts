/**
 * Formatting bound to the active language, so dates and numbers follow the language switch.
 * For fixed patterns use domain/formatPattern.ts with `locale`.
 */
import { useMemo } from 'react';
import { useTranslation } from './useTranslation.ts';
import { formatAge, formatDateTime, formatNumber, type DateTimeOptions } from '../domain/format.ts';
import { isLanguage, type Language } from './i18n.ts';
import { useResource } from './resource.ts';
import { systemSettings } from './systemSettings.ts';

export interface Formatters {
  locale: Language;
  /** The plant's time zone (system settings); the browser's while unknown or absent. */
  timeZone: string | undefined;
  number(value: number, decimals: number): string;
  dateTime(at: number | Date, options?: DateTimeOptions): string;
  age(ageMs: number): string;
}

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const locale: Language = isLanguage(i18n.language) ? i18n.language : 'de';
  const settings = useResource(systemSettings);
  const timeZone = (settings.status === 'ready' && settings.data.timeZone) || undefined;
  return useMemo(
    () => ({
      locale,
      timeZone,
      number: (value, decimals) => formatNumber(value, decimals, locale),
      dateTime: (at, options) =>
        formatDateTime(at, locale, { ...options, timeZone: options?.timeZone ?? timeZone }),
      age: (ageMs) => formatAge(ageMs, locale),
    }),
    [locale, timeZone],
  );
}
