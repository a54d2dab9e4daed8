/**
 * Translation keys are typed from the source locale: `t('nav.help')` compiles, a key that
 * the German files (locales/de/*.json, joined in messages.ts) lack does not. Plural keys are
 * used without their suffix (`t('about.users', { count })`).
 */
import type { Messages } from './messages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    nsSeparator: false;
    resources: { translation: Messages };
  }
}
