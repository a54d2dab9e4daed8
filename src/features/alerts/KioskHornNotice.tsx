/**
 * The wall monitor's notice that the horn waits for a click, and how to start the browser so
 * it does not (issue 42). Its own chunk: it shows only in a kiosk tab whose browser blocked
 * the sound, never on the first screen, and its text with markup needs react-i18next's
 * `Trans` (with its HTML parser, 4.5 kB gzip that the first script does without).
 */
import { Trans } from 'react-i18next';
import { useTranslation } from '../../app/useTranslation.ts';
import { Icon } from '../../ui/index.ts';

export function KioskHornNotice() {
  const { t } = useTranslation();
  return (
    <p className="kiosk-horn-notice" role="note" data-kiosk-horn-notice>
      <Icon name="soundBlocked" size={18} />
      <span>
        <Trans t={t} i18nKey="alerts.horn.kioskBlocked" components={{ code: <code /> }} />
      </span>
    </p>
  );
}
