/**
 * The UI kit's texts: the i18next instance the shell registered (`initReactI18next` in
 * src/app/i18n.ts), typed from the German texts like the shell's own hook. src/ui sits under
 * the shell and does not import it (docs/architecture.md), so its components ask react-i18next
 * for that one instance.
 *
 * One `t` per language and change of texts for the whole tab (`currentTexts`), read by each
 * component through one store hook: the component renders again when the language changes or
 * texts arrive (the instance's `bindI18n`/`bindI18nStore` events, as react-i18next's own hook
 * does). react-i18next's `useTranslation` took some 13 hooks, a copy of the instance and two
 * listeners on it per call: a station page calls it some 175 times (bench/README.md "JS heap
 * per tab").
 */
import { useSyncExternalStore } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { getI18n } from 'react-i18next';

export interface Texts {
  t: TFunction<'translation'>;
  i18n: I18n;
}

const listeners = new Set<() => void>();
let snapshot: Texts | null = null;
/** The instance whose events the store listens to, and how it stops. */
let bound: { i18n: I18n; unbind: () => void } | null = null;

function changed(): void {
  snapshot = null;
  for (const listener of [...listeners]) listener();
}

/** Listens to the registered instance (again, when a test registered another). */
function bind(i18n: I18n | undefined): void {
  if (!i18n || bound?.i18n === i18n) return;
  bound?.unbind();
  const { bindI18n = 'languageChanged', bindI18nStore = '' } = i18n.options.react ?? {};
  const events = bindI18n ? bindI18n.split(' ') : [];
  const storeEvents = bindI18nStore ? bindI18nStore.split(' ') : [];
  for (const e of events) i18n.on(e, changed);
  for (const e of storeEvents) i18n.store.on(e as 'added', changed);
  bound = {
    i18n,
    unbind: () => {
      for (const e of events) i18n.off(e, changed);
      for (const e of storeEvents) i18n.store.off(e as 'added', changed);
    },
  };
  snapshot = null;
}

function subscribe(listener: () => void): () => void {
  bind(getI18n());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Before an instance is registered: the key itself (as react-i18next shows it then). */
const noInstance = ((key: unknown) =>
  Array.isArray(key) ? String(key.at(-1)) : String(key)) as unknown as TFunction<'translation'>;

/** The tab's texts now: the same object until the language or the texts change. */
export function currentTexts(): Texts {
  const i18n = getI18n() as I18n | undefined;
  if (snapshot && snapshot.i18n === i18n) return snapshot;
  bind(i18n);
  snapshot = i18n
    ? { t: i18n.getFixedT(i18n.language, 'translation'), i18n }
    : { t: noInstance, i18n: undefined as unknown as I18n };
  return snapshot;
}

export function useTranslation(): Texts {
  return useSyncExternalStore(subscribe, currentTexts, currentTexts);
}
