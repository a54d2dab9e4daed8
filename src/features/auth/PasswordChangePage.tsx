/**
 * /settings/password (SPEC §5 "Password"): the checks are shown as the user types and on
 * submit, but the change request is sent regardless; the server decides. A user whose
 * password is managed by a domain is told to change it there.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { PasswordPolicy } from '../../contract/auth.ts';
import { passwordProblems, type PasswordProblem } from '../../domain/passwordPolicy.ts';
import { failureKind, failureText } from '../../app/failureText.ts';
import { fetchPasswordPolicy } from '../../api/systemConfig.ts';
import { changePassword } from '../../api/userManagement.ts';
import { useSession } from '../shared/sessionStore.ts';
import { AuthField } from './AuthField.tsx';
import './auth.css';

type Result = { kind: 'success' } | { kind: 'failed'; text: string } | null;

export function PasswordChangePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = useId();
  // The new password and its confirmation: both new passwords, described by the problems list.
  const newPasswordField = {
    type: 'password',
    autoComplete: 'new-password',
    'aria-describedby': `${id}-problems`,
  } as const;
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newConfirmation, setNewConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  useEffect(() => {
    let cancelled = false;
    fetchPasswordPolicy().then(
      (p) => {
        if (!cancelled) setPolicy(p);
      },
      () => {
        // Without the policy only match and difference are checked here; the server checks all.
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const request = { oldPassword, newPassword, newConfirmation };
  const effectivePolicy = policy ?? {
    minLength: 0,
    requireDigit: false,
    requireUpper: false,
    requireLower: false,
  };
  const problems = passwordProblems(effectivePolicy, request);
  const shown: PasswordProblem[] =
    submitted || newConfirmation !== '' ? problems : problems.filter((p) => p !== 'mismatch');
  const problemText = (p: PasswordProblem) =>
    t(`auth.password.problem.${p}`, { count: effectivePolicy.minLength });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setBusy(true);
    setResult(null);
    try {
      const answer = await changePassword(request);
      if (answer.status === 'Success') {
        setResult({ kind: 'success' });
        setOldPassword('');
        setNewPassword('');
        setNewConfirmation('');
        setSubmitted(false);
      } else
        // The rules of a new password are checked here before sending; what the server alone
        // knows is the current password. Its own message (English) is not the user's text.
        setResult({
          kind: 'failed',
          text: problems.length > 0 ? t('auth.password.failed') : t('auth.password.checkOld'),
        });
    } catch (err) {
      // SPEC §8: 'Netzwerkfehler' is the prefix of a change that did not reach the server.
      setResult({
        kind: 'failed',
        text:
          failureKind(err) === 'network'
            ? `${t('auth.password.networkError')}: ${t('auth.password.failed')}`
            : `${t('auth.password.failed')} ${failureText(err)}`,
      });
    } finally {
      setBusy(false);
    }
  }

  if (user?.domainManaged)
    return (
      <section className="page auth-settings" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('auth.password.title')}</h1>
        <p role="note">{t('auth.password.domainManaged')}</p>
      </section>
    );

  return (
    <section className="page auth-settings" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('auth.password.title')}</h1>
      <form className="auth-form" onSubmit={submit} aria-busy={busy} noValidate>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user?.username ?? ''}
          readOnly
          hidden
        />
        <AuthField
          id={`${id}-old`}
          label={t('auth.password.old')}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
        />
        <AuthField
          id={`${id}-new`}
          label={t('auth.password.new')}
          {...newPasswordField}
          aria-invalid={newPassword !== '' && shown.length > 0}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <AuthField
          id={`${id}-confirm`}
          label={t('auth.password.confirm')}
          {...newPasswordField}
          value={newConfirmation}
          onChange={(e) => setNewConfirmation(e.target.value)}
        />
        <ul id={`${id}-problems`} className="auth-problems" aria-live="polite">
          {(newPassword !== '' || submitted) &&
            shown.map((p) => (
              <li key={p} className="auth-field-error">
                {problemText(p)}
              </li>
            ))}
        </ul>
        {result?.kind === 'success' && (
          <p className="auth-success" role="status">
            {t('auth.password.success')}
          </p>
        )}
        {result?.kind === 'failed' && (
          <p className="auth-message" role="alert">
            {result.text}
          </p>
        )}
        <button type="submit" className="auth-button auth-button-primary" disabled={busy}>
          {t('auth.password.submit')}
        </button>
      </form>
    </section>
  );
}
