/**
 * Layout route around every signed-in page: loads the user and rights once, then renders
 * the page with the auto-logout guard. Not signed in: the 401 of /info sends the browser
 * through logout to /login?returnUrl=… (SPEC §2 "Session redirects").
 */
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { HttpError } from '../../api/http.ts';
import { loadSession } from '../../api/userManagement.ts';
import { AutoLogout } from './AutoLogout.tsx';
import { sessionState, setSession, useSession } from './sessionStore.ts';
import './auth.css';

export function RequireSession() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (sessionState.user) return;
    let cancelled = false;
    loadSession().then(
      ([info, rights]) => {
        if (!cancelled) setSession(info, rights);
      },
      (err: unknown) => {
        // 401 is already on its way to the login page; anything else may be retried.
        if (!cancelled && !(err instanceof HttpError && err.status === 401)) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (user)
    return (
      <>
        <Outlet />
        <AutoLogout />
      </>
    );
  if (failed)
    return (
      <div className="auth-status" role="alert">
        <p>{t('auth.session.loadFailed')}</p>
        <button
          type="button"
          className="auth-button"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        >
          {t('auth.session.retry')}
        </button>
      </div>
    );
  return (
    <div className="auth-status" role="status" aria-live="polite">
      {t('auth.session.loading')}
    </div>
  );
}
