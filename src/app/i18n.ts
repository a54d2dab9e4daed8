/**
 * The texts of the four locales, shown through i18next and react-i18next; German is the
 * source language and the fallback (DESIGN.md "Languages"). Each language is split into files
 * (localeAreas.ts), each added to the one i18next instance as it arrives
 * (`addResourceBundle`): the first render waits only for the shell's texts, a page loads the
 * areas it shows before it renders (`withAreas`), and a key of an area not loaded yet loads
 * it (`missingKey`). Components read the texts through useTranslation.ts, which re-renders
 * them when the language changes or texts arrive that they may show (`addTexts`).
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { send } from '../api/http.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from './languageKey.ts';
import { SHELL_FILE } from './localeAreas.ts';
import type { LocaleArea } from './messages.ts';

/** The texts of one file of a language: nested objects of strings. */
export interface TextTree {
  [key: string]: unknown;
}

export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as a language picker must show it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  cs: 'Čeština',
  ru: 'Русский',
};

/**
 * Every file of every language is a file of its own: a tab loads only the language it shows
 * (startup budget), and of it only the areas it has shown. Each is fetched as JSON and parsed
 * once, not imported as a module: a module keeps its source, every text of it, in the tab's
 * heap for as long as the tab lives (bench/README.md "JS heap per tab"). The page's first
 * script preloads the shell's file and the page's (vite.config.ts, scripts/routePreloads.ts)
 * as `fetch`, which this fetch takes.
 */
const FILES = import.meta.glob<string>('../../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

/**
 * One text file, through the client's one request wrapper (failures as NetworkError or
 * HttpError, FL3). Same-origin credentials, as the first script's `preload as=fetch` asks
 * for it: a request that differs in its credentials would not take the preloaded answer.
 */
async function fetchTexts(url: string): Promise<TextTree> {
  const res = await send(url, { credentials: 'same-origin' });
  return (await res.json()) as TextTree;
}

function loaderOf(lang: Language, file: string): (() => Promise<TextTree>) | undefined {
  const url = FILES[`../../locales/${lang}/${file}.json`];
  return url === undefined ? undefined : () => fetchTexts(url);
}

/** The shell and every area a page asked for: a language switch loads all of them first. */
const inUse = new Set<string>([SHELL_FILE]);
/** `lang/file` → its load, kept once it succeeded. */
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/** The language shown, or being switched to; before init, the one init will choose. */
let target: Language | null = null;
const targetLanguage = (): Language => (target ??= storedLanguage());
/**
 * The texts are initialised. The page a tab opens with starts loading before that (App.tsx
 * preloads it when imported, before initI18n runs): its files are fetched at once but added
 * after init.
 */
let initialized = false;
let markReady = (): void => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));

function ensureFile(lang: Language, file: string): Promise<void> {
  const id = `${lang}/${file}`;
  const running = loads.get(id);
  if (running) return running;
  // An area kept whole in the shell file has no file of its own.
  const load = loaderOf(lang, file);
  const done = load
    ? Promise.all([load(), ready]).then(([tree]) => {
        addTexts(lang, tree);
        loaded.add(id);
      })
    : Promise.resolve();
  // A failed fetch is tried again by the next caller.
  done.catch(() => loads.delete(id));
  loads.set(id, done);
  return done;
}

function ensureAreas(areas: readonly string[]): Promise<void> {
  for (const area of areas) inUse.add(area);
  const langs = new Set([targetLanguage(), ...(initialized ? [currentLanguage()] : [])]);
  return Promise.all([...langs].flatMap((lang) => areas.map((a) => ensureFile(lang, a)))).then(
    () => undefined,
  );
}

/** Loads the texts of `areas` in the tab's language; resolves when they can be shown. */
export function loadAreas(areas: readonly LocaleArea[]): Promise<void> {
  return ensureAreas(areas);
}

/**
 * A lazily loaded page or component together with the texts of the areas it shows, loaded
 * in parallel, so it never renders raw keys:
 * `withAreas(['charts'], import('./ChartPage.tsx'))`; route tables use `lazyPage`.
 */
export function withAreas<T>(areas: readonly LocaleArea[], module: Promise<T>): Promise<T> {
  return Promise.all([module, ensureAreas(areas)]).then(([m]) => m);
}

/** The language that stands in for a text another lacks (German, the source language). */
const FALLBACK_LANGUAGE = 'de';

/** Set when missingKey answered a lookup: its text is not kept (`keptTexts`). */
let missed = false;
/**
 * Areas a lookup missed a text of (`missingKey`): the components render again when texts of
 * one of them arrive (`addTexts`). Texts of any other area arrive unseen: a page's own areas
 * load before it renders (`withAreas`), and nothing shown asked for them.
 */
const awaitedAreas = new Set<string>();

/**
 * A key whose area is not loaded yet (a page that did not name it): load it, show nothing
 * meanwhile instead of the raw key; the components re-render when it arrives. A key that
 * is in no language shows the call's `defaultValue` (interpolated), else the key.
 */
function missingKey(key: string, defaultValue?: string): string {
  missed = true;
  const area = key.split('.')[0] ?? '';
  awaitedAreas.add(area);
  const lang = currentLanguage();
  if (!loaderOf(lang, area) || loaded.has(`${lang}/${area}`)) return defaultValue ?? key;
  void ensureAreas([area]).catch(() => undefined);
  return '';
}

/**
 * The i18next instance of the tab, set up at once (no backend: the files above add their
 * texts): the language shown, then German, then the call's `defaultValue`, then the key
 * (`missingKey`); CLDR plurals by `Intl.PluralRules` (`key_one`, `key_few`, `key_many`,
 * `key_other`, and `key_zero` for a count of 0 where a text has it); `{{name}}` inserted as
 * it is (React escapes), a number with a fraction in the language's way (`textValue`). Keys have no namespace prefix, so a `:` in a key is just a `:`.
 */
export const i18n: I18n = i18next.createInstance();

/**
 * Every value put into a text goes through here (`alwaysFormat`): a number with a fraction
 * is written with the language's decimal sign ("Gültig: 0 bis 3,5 m", never "3.5" in
 * German, Czech or Russian). Whole numbers stay as they are: they are counts, station and PV
 * numbers, ports and years, which a thousands separator would spoil.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function numberInText(value: number, lng: string | undefined): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const locale = lng ?? DEFAULT_LANGUAGE;
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 10, useGrouping: false });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
function textValue(value: unknown, lng: string | undefined): unknown {
  return typeof value === 'number' ? numberInText(value, lng) : value;
}
const localeNumbers = {
  type: 'formatter' as const,
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format: string | undefined, lng: string | undefined) =>
    textValue(value, lng),
};

void i18n
  .use(initReactI18next)
  .use(localeNumbers)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    // Texts are added file by file, never fetched by i18next: init and a language switch
    // finish at once, with what is there.
    resources: {},
    initAsync: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnedObjectHandler: (key: string) => key,
    parseMissingKeyHandler: (key: string, defaultValue?: string) => missingKey(key, defaultValue),
    react: {
      // The first render waits for the texts (initI18n, withAreas); a key that comes later
      // renders again when its area is added, instead of suspending the tree.
      useSuspense: false,
      bindI18n: 'languageChanged',
      bindI18nStore: 'added',
    },
  });

/**
 * Texts asked for without options, per language, since the texts or the language last
 * changed: a render asks for the same labels again and again (a column header per row), and
 * an i18next lookup costs some 40 times a Map's. A text the missing-key handler gave (an area
 * on its way) is not kept.
 */
const plainTexts = new Map<string, Map<string, string>>();
i18n.on('languageChanged', () => plainTexts.clear());
i18n.store.on('added', () => plainTexts.clear());
type LooseT = (key: unknown, ...rest: unknown[]) => string;

/**
 * `fixed` (react-i18next's `t`, fixed to a language) with the texts asked for without options
 * kept (`plainTexts`); a call with options goes to i18next in that language.
 */
export function keptTexts<T extends TFunction>(fixed: T): T {
  const lng = (fixed as unknown as { lng?: string }).lng ?? i18n.language;
  const call = fixed as unknown as LooseT;
  const t: LooseT = (key, ...rest) => {
    const [options] = rest;
    // i18next's fixed `t` copies all of i18next's options on every call; `t` with `lng` does not.
    if (rest.length === 1 && typeof options === 'object' && options !== null)
      return (i18n.t as unknown as LooseT)(key, { ...options, lng });
    if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
    let texts = plainTexts.get(lng);
    if (!texts) plainTexts.set(lng, (texts = new Map()));
    const kept = texts.get(key);
    if (kept !== undefined) return kept;
    missed = false;
    const text = call(key);
    if (!missed) texts.set(key, text);
    return text;
  };
  return t as unknown as T;
}

/**
 * Whether `texts` hold a text that `have` (a language's texts so far) holds already: with
 * `changed`, only one that differs.
 */
function meets(have: unknown, texts: TextTree, changed: boolean): boolean {
  if (typeof have !== 'object' || have === null) return false;
  for (const [key, text] of Object.entries(texts)) {
    const old = (have as Record<string, unknown>)[key];
    if (old === undefined) continue;
    if (typeof text === 'object' && text !== null) {
      if (meets(old, text as TextTree, changed)) return true;
    } else if (!changed || old !== text) return true;
  }
  return false;
}

/**
 * Merges `texts` into the language `lang` (later texts win). The components render again if
 * they may show one of the texts: a lookup missed a text of one of its areas (`awaitedAreas`),
 * a text of `lang` changes, or German stood in for one of them. Otherwise the texts arrive
 * unseen: a route's areas no longer render every part of the page already shown once each.
 */
export function addTexts(lang: string, texts: TextTree): void {
  const data = i18n.store.data;
  let shown =
    meets(data[lang]?.translation, texts, true) ||
    (lang !== FALLBACK_LANGUAGE && meets(data[FALLBACK_LANGUAGE]?.translation, texts, false));
  for (const area of Object.keys(texts)) {
    if (!awaitedAreas.has(area)) continue;
    shown = true;
    // Awaited until they arrive in the language shown: German may come first as its fallback.
    if (lang === i18n.language) awaitedAreas.delete(area);
  }
  i18n.addResourceBundle(lang, 'translation', texts, true, true, { silent: !shown });
  // A silent add tells no listener: the texts kept by `keptTexts` may have German in them.
  if (!shown) plainTexts.clear();
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  target = lng;
  // The page's first script already preloads this file (vite.config.ts).
  const first = await loaderOf(lng, SHELL_FILE)!();
  loaded.add(`${lng}/${SHELL_FILE}`);
  loads.set(`${lng}/${SHELL_FILE}`, Promise.resolve());
  addTexts(lng, first);
  showLanguage(lng);
  initialized = true;
  markReady();
}

/**
 * Loads the other languages' files in use, so that a switch is instant: called when a
 * language choice gets the pointer or focus (or its settings page opens), not after every
 * page load. Three more languages of every area shown were some 30 modules fetched and
 * evaluated in the seconds after the first screen of every tab (12 tabs on a wall monitor:
 * 360), for a switch that a user makes once.
 */
export function prefetchLanguages(): void {
  if (!initialized) return;
  for (const other of LANGUAGES)
    if (other !== currentLanguage())
      for (const file of inUse) void ensureFile(other, file).catch(() => undefined);
}

/** Which files of a language are loaded (the shell and areas; for tests). */
export function loadedFiles(lang: Language): string[] {
  return [...loaded]
    .filter((id) => id.startsWith(`${lang}/`))
    .map((id) => id.slice(lang.length + 1));
}

/** Switches the language of the whole tab and remembers it for the next visit. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  target = lang;
  await Promise.all([...inUse].map((file) => ensureFile(lang, file)));
  showLanguage(lang);
}

function showLanguage(lang: Language): void {
  // Without a backend the switch is done when the call returns.
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** The active language (for Intl formatting), always one of LANGUAGES. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'de';
}
