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
import { InactivityTimer, logoutClockSleepMs, WARNING_MS } from './autoLogout/InactivityTimer.ts';
import { useSession } from '../shared/sessionStore.ts';
import { useKiosk } from '../../app/useKiosk.ts';

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
    // The clock sleeps until something is due (the warning, a countdown step, a lease
    // renewal) instead of ticking each second: an idle tab, hidden or not, is not woken.
    let wake: number | undefined;
    let wakeAt = Number.POSITIVE_INFINITY;
    const renewEvery = kiosk
      ? // A kiosk renews well before its lease ends, however short the server makes it.
        Math.max(5_000, Math.min(LEASE_RENEW_INTERVAL_MS, leaseLeftMs / 3))
      : LEASE_RENEW_INTERVAL_MS;
    /** Wakes the clock when its next duty falls due, if that is sooner than the wake set. */
    const schedule = () => {
      const now = Date.now();
      const sleep = logoutClockSleepMs(now, timer, {
        wanted: kiosk || lastActivity > lastRenewal,
        dueAt: lastRenewal + renewEvery,
      });
      if (sleep === null || now + sleep >= wakeAt) return;
      if (wake !== undefined) window.clearTimeout(wake);
      wakeAt = now + sleep;
      wake = window.setTimeout(tick, sleep);
    };
    const tick = () => {
      wake = undefined;
      wakeAt = Number.POSITIVE_INFINITY;
      const now = Date.now();
      if ((kiosk || lastActivity > lastRenewal) && now - lastRenewal >= renewEvery) {
        lastRenewal = now;
        renewLease().catch(() => {
          // a 401 already redirects; a network error is retried when the next renewal is due
        });
      }
      if (timer) {
        const phase = timer.phase(now);
        if (phase === 'expired') {
          redirectToLogout();
          return;
        }
        setRemainingMs(phase === 'active' ? null : timer.remainingMs(now));
      }
      schedule();
    };
    const channel = openActivityChannel((at) => {
      timer?.reset(at);
      lastActivity = Math.max(lastActivity, at);
      schedule();
    });
    const onInput = () => {
      const now = Date.now();
      if (timer ? timer.activity(now) : now - lastActivity >= 1000) {
        lastActivity = now;
        channel.post(now);
        schedule();
      }
    };
    const reset = () => {
      const now = Date.now();
      timer?.reset(now);
      lastActivity = now;
      channel.post(now);
      schedule();
    };
    resetRef.current = reset;
    const onMessage = (e: MessageEvent<unknown>) => {
      if (e.data === USER_INTERACTION_MESSAGE) reset();
    };
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onInput, listenerOptions);
    window.addEventListener('message', onMessage);
    schedule();

    return () => {
      if (wake !== undefined) window.clearTimeout(wake);
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
