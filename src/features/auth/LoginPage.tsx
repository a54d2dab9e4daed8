/**
 * /login: user name and password, then the 6-digit code of the second factor (DESIGN.md
 * "Sign-in calls", SPEC §8 "Login"). Each refusal shows its own message; the inputs stay.
 * After success the browser goes to the safe returnUrl.
 *
 * Inside the native app (SPEC §2 bridge): the app names the connection and the user, the
 * login payload goes to the app ("set tokens and log in"), which signs in with the same
 * calls; when its login mode is not manual, the page signs in through the app at once with
 * the app's user (the app supplies the password it keeps). An iOS app that does not answer
 * the login mode within 500 ms gets the manual form.
 */
import { isKioskTab } from '../../app/useKiosk.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { safeReturnUrl } from '../../domain/returnUrl.ts';
import { fetchLoginToken, login, verifyCode } from '../../api/account.ts';
import { setCsrfToken } from '../../api/http.ts';
import { fetchSystemSettings } from '../../api/systemConfig.ts';
import { failureMessage, outcomeMessage } from './loginMessage.ts';
import { clearSession } from '../shared/sessionStore.ts';
import type { LoginRequest, LoginResponse } from '../../contract/auth.ts';
import { BridgeError, nativeBridge } from '../../platform/index.ts';
import { AuthField } from './AuthField.tsx';
import './auth.css';

type Step = 'password' | 'code';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const [plantName, setPlantName] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [connectionName, setConnectionName] = useState<string | null>(null);
  /** The app could not sign in: further attempts use the page's own sign-in calls. */
  const appFailed = useRef(false);

  useEffect(() => {
    let cancelled = false;
    fetchSystemSettings().then(
      (s) => {
        if (!cancelled) setPlantName(s.plantName);
      },
      () => {
        // The plant name is decoration; sign-in works without it.
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  /** Through the app when embedded (and it has not failed), else the page's own call. */
  async function signInWith(request: LoginRequest): Promise<LoginResponse> {
    const bridge = nativeBridge();
    if (!bridge.embedded || appFailed.current) return login(request);
    try {
      return await bridge.setTokensAndLogin(request);
    } catch (err) {
      appFailed.current = true;
      // An app without this action: sign in as a browser does, with a fresh token.
      if (err instanceof BridgeError && err.code === 'unavailable')
        return login({ ...request, csrfToken: (await fetchLoginToken()).csrfToken });
      throw err;
    }
  }

  async function signIn(user: string, secret: string, note: string | null = null) {
    setBusy(true);
    setMessage(note);
    try {
      // A fresh token per attempt opens a fresh login window.
      const { csrfToken } = await fetchLoginToken();
      const response = await signInWith({
        csrfToken,
        recaptchaToken: '',
        username: user,
        password: secret,
      });
      if (response.status === 'SecondFactorRequired') {
        setMessage(null);
        setCode('');
        setStep('code');
      } else setMessage(outcomeMessage(t, response, Date.now()));
    } catch (err) {
      setMessage(
        err instanceof BridgeError
          ? t('platform.login.appFailed', { error: err.message })
          : failureMessage(t, err),
      );
    } finally {
      setBusy(false);
    }
  }

  // Inside the app: its connection name and user; sign in at once unless it is manual.
  useEffect(() => {
    const bridge = nativeBridge();
    if (!bridge.embedded) return;
    let live = true;
    const none = () => null;
    void (async () => {
      const [user, connection, mode] = await Promise.all([
        bridge.loginUser().catch(none),
        bridge.connectionName().catch(none),
        bridge.loginMode().catch(none),
      ]);
      if (!live) return;
      setConnectionName(connection);
      if (user) {
        setUsername((typed) => typed || user);
        // The user is known: the next thing to type is the password.
        if (document.activeElement?.getAttribute('name') === 'username')
          passwordRef.current?.focus();
      }
      if (user && mode && !mode.manual) {
        await signIn(user, '', t('platform.login.viaApp'));
      }
    })();
    return () => {
      live = false;
    };
    // Once per page: the app's answers do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submitPassword(e: FormEvent) {
    e.preventDefault();
    void signIn(username, password);
  }

  async function submitCode(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const response = await verifyCode(code.trim());
      if (response.status === 'Success') {
        clearSession();
        setCsrfToken(response.csrfToken ?? null);
        navigate(returnUrl, { replace: true });
        return;
      }
      setMessage(outcomeMessage(t, response, Date.now()));
      // Only a wrong code may be corrected in place; every other answer starts over.
      if (response.status !== 'TokenIncorrect') setStep('password');
    } catch (err) {
      setMessage(failureMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby={`${id}-title`}>
        <header className="auth-card-header">
          <p className="auth-product">{t('app.name')}</p>
          {plantName && <p className="auth-plant">{plantName}</p>}
          {connectionName && (
            <p className="auth-plant auth-connection">
              {t('platform.login.connection', { name: connectionName })}
            </p>
          )}
          <h1 id={`${id}-title`}>
            {step === 'password' ? t('auth.login.title') : t('auth.login.codeTitle')}
          </h1>
        </header>
        {isKioskTab() && (
          <p className="auth-hint auth-kiosk-note" data-kiosk-ended>
            {t('safeOps.kiosk.sessionEnded')}
          </p>
        )}
        {message && (
          <p className="auth-message" role="alert">
            {message}
          </p>
        )}
        {step === 'password' ? (
          <form onSubmit={submitPassword} className="auth-form" aria-busy={busy}>
            <AuthField
              id={`${id}-user`}
              label={t('auth.login.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <AuthField
              id={`${id}-password`}
              label={t('auth.login.password')}
              ref={passwordRef}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button type="submit" className="auth-button auth-button-primary" disabled={busy}>
              {busy ? t('auth.login.busy') : t('auth.login.submit')}
            </button>
          </form>
        ) : (
          <form onSubmit={submitCode} className="auth-form" aria-busy={busy}>
            <p className="auth-hint" id={`${id}-code-hint`}>
              {t('auth.login.codeHint')}
            </p>
            <AuthField
              id={`${id}-code`}
              label={t('auth.login.code')}
              ref={codeRef}
              name="code"
              className="auth-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              aria-describedby={`${id}-code-hint`}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <button type="submit" className="auth-button auth-button-primary" disabled={busy}>
              {busy ? t('auth.login.busy') : t('auth.login.verify')}
            </button>
            <button
              type="button"
              className="auth-button auth-button-link"
              onClick={() => {
                setMessage(null);
                setStep('password');
              }}
            >
              {t('auth.login.back')}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
