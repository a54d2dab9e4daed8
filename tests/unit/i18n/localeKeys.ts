/** Reading locale files for the completeness tests: flat keys, plural groups, variables. */

export type Messages = Record<string, string>;

/** CLDR plural categories as i18next writes them as key suffixes. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flatten(tree: unknown, prefix = '', out: Messages = {}): Messages {
  if (typeof tree === 'string') {
    out[prefix] = tree;
    return out;
  }
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree))
    throw new Error(`${prefix || '(root)'}: only objects and strings belong in a locale file`);
  for (const [key, value] of Object.entries(tree))
    flatten(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

export interface KeyShape {
  /** Keys without a plural suffix. */
  plain: Set<string>;
  /** Plural keys by base: 'about.licence.users' -> {'one','other'}. */
  plurals: Map<string, Set<string>>;
}

export function shapeOf(messages: Messages): KeyShape {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of Object.keys(messages)) {
    const m = PLURAL_SUFFIX.exec(key);
    if (!m) {
      plain.add(key);
      continue;
    }
    const base = key.slice(0, m.index);
    const forms = plurals.get(base) ?? new Set<string>();
    forms.add(m[1]!);
    plurals.set(base, forms);
  }
  return { plain, plurals };
}

/** The plural forms a language needs, from the runtime's CLDR data. */
export function neededPluralForms(lang: string): string[] {
  return [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
}

/** The {{variables}} a text interpolates (formats like {{value, number}} count by name). */
export function variablesOf(text: string): Set<string> {
  const vars = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) vars.add(m[1]!);
  return vars;
}
