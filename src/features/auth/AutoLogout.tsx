/**
 * Automatic logout after inactivity (SPEC §9): input in any tab of this browser, and
 * 'user-interaction' messages from embedded frames, keep the session; the last minute shows
 * a countdown dialog; at zero the top window goes through logout and, after the next
 * sign-in, back to the same page. While the user is active the server lease is renewed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { redirectToLogout } from '../../api/http.ts';
import { renewLease } from '../../api/userManagement.ts';
import { openActivityChannel } from './autoLogout/activityChannel.ts';
import { useAutoLogoutSettings } from './autoLogout/autoLogoutSettings.ts';
import { InactivityTimer, WARNING_MS } from './autoLogout/InactivityTimer.ts';
import { useSession } from './sessionStore.ts';
import { useKiosk } from '../../app/useKiosk.ts';

const TICK_MS = 1000;
/** How often an active user's session lease is renewed on the server. */
const LEASE_RENEW_INTERVAL_MS = 5 * 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];
export const USER_INTERACTION_MESSAGE = 'user-interaction';

export function AutoLogout() {
  const { user } = useSession();
  const settings = useAutoLogoutSettings(user?.autoLogoutMs ?? 0);
  // A wall monitor (kiosk, entered deliberately and marked as such) never logs itself out;
  // its lease is renewed without input (issue 12 item 3; README "Wall monitor").
  const kiosk = useKiosk();
  const timeoutMs = settings.enabled && !kiosk ? Math.round(settings.minutes * 60_000) : 0;
  const leaseLeftMs = user ? user.leaseExpiresAt - Date.now() : LEASE_RENEW_INTERVAL_MS;
  const [remainingMs, setRemainingMs] = useState<number | null>(null);
  const timerRef = useRef<InactivityTimer | null>(null);
  const resetRef = useRef<() => void>(() => {});

  useEffect(() => {
    const timer = timeoutMs > 0 ? new InactivityTimer(timeoutMs, Date.now()) : null;
    timerRef.current = timer;
    let lastActivity = Date.now();
    let lastRenewal = Date.now();
    const channel = openActivityChannel((at) => {
      timer?.reset(at);
      lastActivity = Math.max(lastActivity, at);
    });
    const onInput = () => {
      const now = Date.now();
      if (timer ? timer.activity(now) : now - lastActivity >= 1000) {
        lastActivity = now;
        channel.post(now);
      }
    };
    const reset = () => {
      const now = Date.now();
      timer?.reset(now);
      lastActivity = now;
      channel.post(now);
    };
    resetRef.current = reset;
    const onMessage = (e: MessageEvent<unknown>) => {
      if (e.data === USER_INTERACTION_MESSAGE) reset();
    };
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onInput, listenerOptions);
    window.addEventListener('message', onMessage);

    // A kiosk renews well before its lease ends, however short the server makes it.
    const renewEvery = kiosk
      ? Math.max(5_000, Math.min(LEASE_RENEW_INTERVAL_MS, leaseLeftMs / 3))
      : LEASE_RENEW_INTERVAL_MS;
    const tick = window.setInterval(() => {
      const now = Date.now();
      if ((kiosk || lastActivity > lastRenewal) && now - lastRenewal >= renewEvery) {
        lastRenewal = now;
        renewLease().catch(() => {
          // a 401 already redirects; a network error is retried at the next interval
        });
      }
      if (!timer) return;
      const phase = timer.phase(now);
      if (phase === 'expired') {
        window.clearInterval(tick);
        redirectToLogout();
      }
      setRemainingMs(phase === 'active' ? null : timer.remainingMs(now));
    }, TICK_MS);

    return () => {
      window.clearInterval(tick);
      for (const type of ACTIVITY_EVENTS)
        window.removeEventListener(type, onInput, listenerOptions);
      window.removeEventListener('message', onMessage);
      channel.close();
      timerRef.current = null;
      setRemainingMs(null);
    };
    // NOTE: leaseLeftMs is read once per mode change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeoutMs, kiosk]);

  if (remainingMs === null) return null;
  return <LogoutCountdown remainingMs={remainingMs} onStay={() => resetRef.current()} />;
}

function LogoutCountdown(props: { remainingMs: number; onStay: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const seconds = Math.ceil(Math.min(props.remainingMs, WARNING_MS) / 1000);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="auth-dialog"
      aria-labelledby="auto-logout-title"
      aria-describedby="auto-logout-text"
      onCancel={(e) => {
        // Escape means "stay": closing the dialog without a choice must not end the session.
        e.preventDefault();
        props.onStay();
      }}
    >
      <h2 id="auto-logout-title">{t('auth.autoLogout.dialogTitle')}</h2>
      <p id="auto-logout-text" aria-live="polite">
        {t('auth.autoLogout.countdown', { count: seconds })}
      </p>
      <div className="auth-actions">
        <button type="button" className="auth-button" onClick={() => redirectToLogout()}>
          {t('auth.autoLogout.signOutNow')}
        </button>
        <button
          type="button"
          className="auth-button auth-button-primary"
          autoFocus
          onClick={props.onStay}
        >
          {t('auth.autoLogout.stay')}
        </button>
      </div>
    </dialog>
  );
}
