/**
 * The prompt for a new version (README "Offline start and updates"): "Neue Version verfügbar
 * — neu laden". The operator chooses the moment; a reload waits for a closed dialog and sent
 * input (PWA1), and says so. A wall monitor reloads by itself at a quiet moment. Loaded after
 * the page (src/app/Shell.tsx), it starts the service worker and the version rule.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../useTranslation.ts';
import { useKiosk } from '../useKiosk.ts';
import { useAlertCounts } from '../../live/index.ts';
import { Button } from '../../ui/Button.tsx';
import { urgentAlarmOf } from './updateRules.ts';
import {
  reloadWhenQuiet,
  setPageContext,
  startUpdates,
  subscribeUpdates,
  updateState,
} from './updates.ts';
import './update.css';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const kiosk = useKiosk();
  const counts = useAlertCounts();
  const { offered, pending } = useSyncExternalStore(subscribeUpdates, updateState);
  const urgentAlarm = urgentAlarmOf(counts);

  useEffect(() => startUpdates({ kiosk }), [kiosk]);
  useEffect(() => setPageContext({ kiosk, urgentAlarm }), [kiosk, urgentAlarm]);

  if (!offered) return null;
  return (
    <div className="update-prompt" role="status">
      <span className="update-prompt-icon" aria-hidden="true" />
      <span className="update-prompt-text">
        <strong>{t('shell.update.available')}</strong>
        {pending && (
          <span className="update-prompt-wait">
            {' '}
            {t(pending === 'operator' ? 'shell.update.waitOperator' : 'shell.update.waitQuiet')}
          </span>
        )}
      </span>
      {pending !== 'operator' && (
        <Button size="small" variant="primary" onClick={() => reloadWhenQuiet('operator')}>
          {t('shell.update.reload')}
        </Button>
      )}
    </div>
  );
}
