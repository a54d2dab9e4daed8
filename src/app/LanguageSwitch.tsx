import { useTranslation } from './useTranslation.ts';
import { Icon } from '../ui/Icon.tsx';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, prefetchLanguages, setLanguage } from './i18n.ts';

/** The compact language switch in the header: shows the code, lists each name in itself. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="lang-switch" title={t('shell.language')}>
      <Icon name="language" />
      <span className="visually-hidden">{t('shell.language')}</span>
      <select
        value={i18n.language}
        // The other languages load when a switch is near, so it is instant.
        onPointerEnter={prefetchLanguages}
        onFocus={prefetchLanguages}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void setLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          // The name starts with the code shown, so speech input can say what it sees
          // (label in name, WCAG 2.5.3).
          <option
            key={lang}
            value={lang}
            lang={lang}
            aria-label={`${lang.toUpperCase()} – ${LANGUAGE_NAMES[lang]}`}
          >
            {lang.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
