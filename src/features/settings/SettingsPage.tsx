/** Settings (/settings): language, theme, and the sections other features contribute. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  prefetchLanguages,
  setLanguage,
} from '../../app/i18n.ts';
import { setTheme, THEMES, useTheme } from '../../app/theme.ts';
import { useFormat } from '../../app/useFormat.ts';
import { ChoiceGroup, PageHeader, Panel } from '../../ui/index.ts';
import { SETTINGS_SECTIONS } from '../../app/settingsSections.ts';

/** A fixed sample instant and number, so the preview does not change while one looks at it. */
const SAMPLE_AT = Date.UTC(2026, 2, 14, 13, 5, 9);
const SAMPLE_VALUE = 12345.678;

export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const format = useFormat();
  const language = isLanguage(i18n.language) ? i18n.language : 'de';
  // The language is chosen here: the other languages load with the page.
  useEffect(prefetchLanguages, []);

  return (
    <div className="page page-narrow">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <div className="settings-grid">
        <Panel title={t('settings.language.title')}>
          <ChoiceGroup
            legend={t('settings.language.legend')}
            value={language}
            choices={LANGUAGES.map((lang) => ({
              value: lang,
              label: LANGUAGE_NAMES[lang],
              lang,
            }))}
            onChange={(lang) => void setLanguage(lang)}
            help={t('settings.language.help')}
          />
          <dl className="facts settings-preview" aria-label={t('settings.language.preview')}>
            <dt>{t('settings.language.sampleNumber')}</dt>
            <dd className="num">{format.number(SAMPLE_VALUE, 2)}</dd>
            <dt>{t('settings.language.sampleDate')}</dt>
            <dd>
              <time dateTime={new Date(SAMPLE_AT).toISOString()}>
                {format.dateTime(SAMPLE_AT, { timeZone: 'UTC' })}
              </time>
            </dd>
          </dl>
        </Panel>

        <Panel title={t('settings.theme.title')}>
          <ChoiceGroup
            legend={t('settings.theme.legend')}
            value={theme}
            choices={THEMES.map((choice) => ({
              value: choice,
              label: t(`settings.theme.${choice}`),
            }))}
            onChange={setTheme}
            help={t('settings.theme.help')}
          />
        </Panel>

        {/* Sections of other features (auto-logout from sign-in), see settingsSections.ts. */}
        {SETTINGS_SECTIONS.map((Section, i) => (
          <div key={i} className="panel settings-contributed">
            <div className="panel-body">
              <Section />
            </div>
          </div>
        ))}

        <Panel title={t('settings.support.title')}>
          <p>{t('settings.support.text')}</p>
          <ul className="link-list">
            <li>
              <Link to="/settings/password">{t('auth.password.title')}</Link>
            </li>
            <li>
              <Link to="/help">{t('nav.help')}</Link>
            </li>
            <li>
              <Link to="/about">{t('nav.about')}</Link>
            </li>
          </ul>
        </Panel>
      </div>
    </div>
  );
}
