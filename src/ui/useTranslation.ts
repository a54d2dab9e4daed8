/**
 * The UI kit's texts: react-i18next's hook on the instance the shell registered
 * (`initReactI18next` in src/app/i18n.ts), typed from the German texts like the shell's own
 * hook. src/ui sits under the shell and does not import it (docs/architecture.md), so its
 * components ask react-i18next directly for that one instance.
 */
import { useTranslation as useI18nextTranslation } from 'react-i18next';

export function useTranslation() {
  return useI18nextTranslation('translation');
}
