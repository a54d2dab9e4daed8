/**
 * Where the tab's language is remembered, and the language without a stored choice. Shared
 * by i18n.ts and the build (vite.config.ts preloads the stored language's chunk).
 */
export const LANGUAGE_STORAGE_KEY = 'pegel.language';
export const DEFAULT_LANGUAGE = 'de';
