/** Settings of the horn (hornState.ts): which new alarms re-arm a muted horn. */
import { useId } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { PRIORITY_MAX, PRIORITY_MIN } from '../../contract/alerts.ts';
import { useHornSettings, writeHornSettings } from './hornState.ts';

export function HornSettings() {
  const { t } = useTranslation();
  const settings = useHornSettings();
  const id = useId();
  const levels = Array.from({ length: PRIORITY_MAX - PRIORITY_MIN + 1 }, (_, i) => i);
  return (
    <section className="horn-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('alerts.horn.settingsTitle')}</h2>
      <label htmlFor={`${id}-rearm`}>{t('alerts.horn.rearm')}</label>{' '}
      <select
        id={`${id}-rearm`}
        value={settings.rearmPriority}
        aria-describedby={`${id}-hint`}
        onChange={(e) => writeHornSettings({ ...settings, rearmPriority: Number(e.target.value) })}
      >
        {levels.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="horn-settings-hint">
        {t('alerts.horn.rearmHint')}
      </p>
    </section>
  );
}
