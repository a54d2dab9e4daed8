/**
 * The tab's languages, where the chosen one is remembered, and the language without a stored
 * choice. Shared by i18n.ts and the build (vite.config.ts preloads the stored language's
 * first-screen texts); free of i18next so the build and scripts can read it.
 */
export const LANGUAGES = ['de', 'en', 'cs', 'ru'] as const;
export const LANGUAGE_STORAGE_KEY = 'pegel.language';
export const DEFAULT_LANGUAGE = 'de';
