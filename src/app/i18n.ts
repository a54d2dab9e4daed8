/** i18next with the four locales; German is the source language (DESIGN.md "Languages"). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './languageKey.ts';

export const LANGUAGES = ['de', 'en', 'cs', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as a language picker must show it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  cs: 'Čeština',
  ru: 'Русский',
};

/** When the languages not shown are fetched: after the first screen has settled. */
const PREFETCH_DELAY_MS = 2000;

/**
 * Each locale is its own chunk: a tab loads only the language it shows (startup budget),
 * and German as the fallback only when a text is missing there.
 */
const LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../../locales/de.json'),
  en: () => import('../../locales/en.json'),
  cs: () => import('../../locales/cs.json'),
  ru: () => import('../../locales/ru.json'),
};

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const { default: resources } = await LOADERS[lang]();
  i18next.addResourceBundle(lang, 'translation', resources, true, true);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<void> {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  const lng = storedLanguage();
  const { default: first } = await LOADERS[lng]();
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: first } },
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'de',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // The other languages load after the first screen, so a later switch is instant.
  setTimeout(() => {
    for (const other of LANGUAGES)
      if (other !== lng) void ensureLoaded(other).catch(() => undefined);
  }, PREFETCH_DELAY_MS);
}

/** Switches the language of the whole tab and remembers it for the next visit. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
}

/** The active language (for Intl formatting), always one of LANGUAGES. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'de';
}
