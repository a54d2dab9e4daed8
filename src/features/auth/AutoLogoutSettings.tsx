/** Auto-logout settings of this browser (SPEC §9): on/off and minutes of inactivity. */
import { useId, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  MAX_AUTO_LOGOUT_MINUTES,
  useAutoLogoutSettings,
  writeAutoLogoutSettings,
} from './autoLogout/autoLogoutSettings.ts';
import { useSession } from '../shared/sessionStore.ts';
import { AuthField } from './AuthField.tsx';
import './auth.css';

export function AutoLogoutSettings() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useAutoLogoutSettings(user?.autoLogoutMs ?? 0);
  const [minutesText, setMinutesText] = useState(String(settings.minutes));
  const id = useId();
  const minutes = Number(minutesText.replace(',', '.'));
  const valid = Number.isFinite(minutes) && minutes > 0 && minutes <= MAX_AUTO_LOGOUT_MINUTES;

  return (
    <section className="auth-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('auth.autoLogout.title')}</h2>
      <label className="auth-check">
        <input
          type="checkbox"
          checked={settings.enabled}
          onChange={(e) =>
            writeAutoLogoutSettings({ enabled: e.target.checked, minutes: settings.minutes })
          }
        />
        {t('auth.autoLogout.enabled')}
      </label>
      <AuthField
        id={`${id}-minutes`}
        label={t('auth.autoLogout.minutes')}
        type="number"
        inputMode="decimal"
        min={1}
        max={MAX_AUTO_LOGOUT_MINUTES}
        step="any"
        disabled={!settings.enabled}
        value={minutesText}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-error`}
        onChange={(e) => {
          setMinutesText(e.target.value);
          const next = Number(e.target.value.replace(',', '.'));
          if (Number.isFinite(next) && next > 0 && next <= MAX_AUTO_LOGOUT_MINUTES)
            writeAutoLogoutSettings({ enabled: settings.enabled, minutes: next });
        }}
      >
        {!valid && (
          <p id={`${id}-error`} className="auth-field-error">
            {t('auth.autoLogout.invalidMinutes', { max: MAX_AUTO_LOGOUT_MINUTES })}
          </p>
        )}
      </AuthField>
    </section>
  );
}
