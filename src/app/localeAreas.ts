/**
 * How the texts of a language are split into files (locales/<lang>/*.json), so a tab loads
 * only what it shows: `shell.json` holds the first screen (the shell, the start page and
 * every text those modules name, from any area); `<area>.json` holds the rest of one
 * top-level area (`charts.json` → the keys `charts.*`). A lazily loaded page names the areas
 * it shows (`withAreas` in i18n.ts) and renders once they are there.
 * scripts/split-locales.ts lays the files out; tests/unit/i18n/localeLayout.test.ts checks.
 */
export const SHELL_FILE = 'shell';

/** Small areas kept whole in the shell file: the frame, the start page, shared widgets. */
export const SHELL_AREAS: readonly string[] = [
  'app',
  'home',
  'nav',
  'shell',
  'ui',
  'common',
  'notFound',
];
