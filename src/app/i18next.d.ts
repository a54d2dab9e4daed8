/**
 * Translation keys are typed from the source locale: `t('nav.help')` compiles, a key that
 * de.json lacks does not. Plural keys are used without their suffix (`t('about.users',
 * { count })`).
 */
import 'i18next';
import type de from '../../locales/de.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}
