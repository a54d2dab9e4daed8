/**
 * Dates in fixed patterns (SPEC §9: 'yyyy-MM-dd' for reports, 'dd.MM.yyyy HH:mm:ss' for pipe
 * leakage) with the month and day names of the chosen language, through date-fns.
 */
import { format, type Locale } from 'date-fns';
import { cs, de, enUS, ru } from 'date-fns/locale';
import type { FormatLocale } from './format.ts';
import { inZone } from './clock.ts';

const DATE_FNS_LOCALES: Record<FormatLocale, Locale> = { de, en: enUS, cs, ru };

export function formatPattern(at: number | Date, pattern: string, locale: FormatLocale): string {
  return format(at, pattern, { locale: DATE_FNS_LOCALES[locale] });
}

/** The date-fns locale of a language, for date pickers and other date-fns calls. */
export function dateFnsLocale(locale: FormatLocale): Locale {
  return DATE_FNS_LOCALES[locale];
}

/**
 * A fixed pattern (SPEC §9 'dd.MM.yyyy HH:mm:ss' for pipe leakage) on the wall clock of
 * `zone`, the plant's. Here, not in clock.ts: date-fns' `format` stays out of the boot chunk.
 */
export function formatIn(epochMs: number, pattern: string, zone: string): string {
  return format(epochMs, pattern, { in: inZone(zone) });
}

/** Seconds as mm:ss (SPEC §9 "Energy period rest time"); minutes are not capped at 59. */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
