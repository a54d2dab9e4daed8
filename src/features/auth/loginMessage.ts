/** The text for each sign-in outcome of SPEC §8 "Login", in the user's language. */
import type { TFunction } from 'i18next';
import type { LoginResponse } from '../../contract/auth.ts';
import { NetworkError } from '../../api/http.ts';

export function outcomeMessage(t: TFunction, response: LoginResponse, nowMs: number): string {
  if (response.status === 'LockedOut') {
    const minutes = Math.max(1, Math.ceil(((response.lockedUntil ?? nowMs) - nowMs) / 60_000));
    return t('auth.outcome.LockedOut', { count: minutes });
  }
  return t(`auth.outcome.${response.status}`);
}

export function failureMessage(t: TFunction, err: unknown): string {
  return err instanceof NetworkError ? t('auth.login.networkError') : t('auth.login.serverError');
}
