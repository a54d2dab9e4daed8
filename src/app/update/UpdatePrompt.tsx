/**
 * The prompt for a new version (README "Offline start and updates"): "Neue Version verfügbar
 * — neu laden". The operator chooses the moment; a reload waits for a closed dialog and sent
 * input (PWA1), and says so. A wall monitor reloads by itself at a quiet moment. Loaded after
 * the page (src/app/Shell.tsx), it starts the service worker and the version rule.
 *
 * It stands over the foot of the page, so while it shows, the page keeps that much room below
 * its end and scrolls a focused or revealed element above it (`--bottom-overlay`,
 * update.css): the Save button that the reload waits for must never lie under the prompt
 * (WCAG 2.4.11, focus not obscured).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../useTranslation.ts';
import { useKiosk } from '../useKiosk.ts';
import { useLiveClient } from '../../live/index.ts';
import { Button } from '../../ui/Button.tsx';
import { urgentAlarmOf } from './updateRules.ts';
import { reloadWhenQuiet, setPageContext, startUpdates, useUpdateState } from './updates.ts';
import './update.css';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const kiosk = useKiosk();
  const urgentAlarm = useUrgentAlarm();
  const { offered, pending } = useUpdateState();

  useEffect(() => startUpdates({ kiosk }), [kiosk]);
  useEffect(() => setPageContext({ kiosk, urgentAlarm }), [kiosk, urgentAlarm]);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const prompt = ref.current;
    if (!prompt) return;
    return keepRoomBelow(prompt);
  }, [offered]);

  if (!offered) return null;
  return (
    <div ref={ref} className="update-prompt info-card" role="status">
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

/**
 * Whether an urgent alarm is active, from the engine's alert counts: the prompt renders when
 * that answer changes, not with each count of a flood (React keeps a state set to the same
 * value without a render).
 */
function useUrgentAlarm(): boolean | null {
  const client = useLiveClient();
  const [urgent, setUrgent] = useState<boolean | null>(null);
  useEffect(() => client.watchAlertCounts((counts) => setUrgent(urgentAlarmOf(counts))), [client]);
  return urgent;
}

/** The page's room below its end: the prompt's height and its distance from the foot. */
function keepRoomBelow(prompt: HTMLElement): () => void {
  const root = document.documentElement;
  const measure = () => {
    const room = window.innerHeight - prompt.getBoundingClientRect().top;
    root.style.setProperty('--bottom-overlay', `${Math.max(0, Math.ceil(room))}px`);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(prompt);
  window.addEventListener('resize', measure);
  measure();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', measure);
    root.style.removeProperty('--bottom-overlay');
  };
}
