/**
 * Formatting bound to the active language, so dates and numbers follow the language switch,
 * and the plant's time zone, read from the server's settings (PEGEL_PLANT_TIME_ZONE): the
 * client assumes no zone of its own. For fixed patterns use domain/formatPattern.ts.
 */
import { useMemo } from 'react';
import { useTranslation } from './useTranslation.ts';
import { formatAge, formatDateTime, formatNumber, type DateTimeOptions } from '../domain/format.ts';
import { isLanguage, type Language } from './i18n.ts';
import { useResource } from './resource.ts';
import { systemSettings } from './systemSettings.ts';

export interface Formatters {
  locale: Language;
  /** The plant's time zone (system settings); undefined until the settings are in. */
  timeZone: string | undefined;
  number(value: number, decimals: number): string;
  dateTime(at: number | Date, options?: DateTimeOptions): string;
  age(ageMs: number): string;
}

/**
 * The plant's time zone, the one every time is typed, shown, charted and exported in;
 * undefined until the server's settings are in (pages that compute ranges wait for it).
 */
export function usePlantZone(): string | undefined {
  const settings = useResource(systemSettings);
  return (settings.status === 'ready' && settings.data.timeZone) || undefined;
}

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const locale: Language = isLanguage(i18n.language) ? i18n.language : 'de';
  const timeZone = usePlantZone();
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
