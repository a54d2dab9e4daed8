/**
 * `const { t, i18n } = useTranslation()`: the texts of the language shown, typed from the
 * German texts (i18next.d.ts). The component renders again when the language changes or
 * texts arrive (an area loaded later), and `t` is a new function then, so memos keyed on
 * `t` recompute.
 */
import { useSyncExternalStore } from 'react';
import { texts } from './i18n.ts';
import type { TextsSnapshot } from './texts.ts';

export function useTranslation(): TextsSnapshot {
  return useSyncExternalStore(texts.subscribe, texts.snapshot, texts.snapshot);
}
