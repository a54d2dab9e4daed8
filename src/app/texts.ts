/**
 * The translation runtime: the texts of each language as one tree, `t` over it, and a version
 * React subscribes to (useTranslation.ts). It does what the app used of i18next and
 * react-i18next, in a fraction of their size on the first screen (startup budget):
 *  - `t(key)`, a dotted path into the tree of the shown language, then of the fallback
 *    language, then the key itself;
 *  - `t(key, { count })` tries `key_zero` (count 0), `key_<CLDR category>` by
 *    `Intl.PluralRules` of each language tried, then `key`;
 *  - `{{name}}` takes `options.name` as it is (React escapes); a placeholder with no such
 *    option stays as written, one given as `undefined` or `null` reads '';
 *  - `defaultValue` stands in for a missing key, and `missing(key, defaultValue)` has the
 *    last word on any key not found (i18next's `parseMissingKeyHandler`).
 * Keys stay typed: `t` is i18next's `TFunction` (only its types are used), so a key the German
 * texts lack does not compile (i18next.d.ts).
 */
import type { TFunction } from 'i18next';

export interface TextTree {
  [key: string]: unknown;
}

type Options = Record<string, unknown>;

/** What `useTranslation()` returns; a new one whenever the language or the texts change. */
export interface TextsSnapshot {
  readonly t: TFunction;
  readonly i18n: { readonly language: string };
}

export interface Texts {
  /** The language shown. */
  readonly language: string;
  /** Translates in the language shown. */
  readonly t: TFunction;
  /** Merges `texts` deep into the tree of `lang`, later texts winning, and notifies. */
  add(lang: string, texts: TextTree): void;
  changeLanguage(lang: string): void;
  /** Calls `listener` after every language change and every `add`. */
  subscribe(listener: () => void): () => void;
  snapshot(): TextsSnapshot;
}

export interface TextsOptions {
  language: string;
  fallback: string;
  /** The text for a key found in no language: `defaultValue` is set when the call gave one. */
  missing?: (key: string, defaultValue?: string) => string;
}

const own = (node: unknown, key: string): unknown =>
  node && typeof node === 'object' && Object.hasOwn(node, key)
    ? (node as TextTree)[key]
    : undefined;

function merge(target: TextTree, source: TextTree): TextTree {
  for (const [key, value] of Object.entries(source)) {
    if (key === '__proto__' || key === 'constructor') continue;
    const present = own(target, key);
    target[key] =
      value && typeof value === 'object'
        ? merge(
            present && typeof present === 'object' ? (present as TextTree) : {},
            value as TextTree,
          )
        : value;
  }
  return target;
}

function interpolate(text: string, options: Options): string {
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = name.split('.').reduce(own, options);
    if (value !== undefined) return String(value ?? '');
    return Object.hasOwn(options, name) ? '' : placeholder;
  });
}

export function createTexts({ language, fallback, missing }: TextsOptions): Texts {
  const trees: Record<string, TextTree> = {};
  const rules: Record<string, Intl.PluralRules> = {};
  const listeners = new Set<() => void>();
  let snapshot: TextsSnapshot;

  function find(lang: string, key: string): string | undefined {
    const value = key.split('.').reduce(own, trees[lang]);
    return typeof value === 'string' ? value : undefined;
  }

  function translate(lang: string, key: string, options: Options = {}): string {
    const count = options.count;
    const counted = count !== undefined && typeof count !== 'string';
    let text: string | undefined;
    for (const code of lang === fallback ? [lang] : [lang, fallback]) {
      const candidates = [key];
      if (counted) {
        rules[code] ??= new Intl.PluralRules(code);
        candidates.unshift(`${key}_${rules[code].select(count as number)}`);
        if (count === 0) candidates.unshift(`${key}_zero`);
      }
      for (const candidate of candidates) text ??= find(code, candidate);
      if (text !== undefined) return interpolate(text, options);
    }
    const defaultValue = options.defaultValue;
    const shown = interpolate(defaultValue !== undefined ? String(defaultValue) : key, options);
    return missing ? missing(key, defaultValue !== undefined ? shown : undefined) : shown;
  }

  const fixed = (lang: string) =>
    ((key: string, options?: Options) => translate(lang, key, options)) as unknown as TFunction;

  function changed(): void {
    snapshot = { t: fixed(language), i18n: { language } };
    for (const listener of listeners) listener();
  }
  changed();

  return {
    get language() {
      return language;
    },
    t: ((key: string, options?: Options) =>
      translate(language, key, options)) as unknown as TFunction,
    add(lang, texts) {
      trees[lang] = merge(trees[lang] ?? {}, texts);
      changed();
    },
    changeLanguage(lang) {
      language = lang;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => snapshot,
  };
}
