/**
 * The user's text for a failed call or an unexpected exception, in the current language: the
 * mapping is src/api/failures.ts (one place for every call site); this renders its key.
 */
import { failureMessage } from '../api/failures.ts';
import { i18n } from './i18n.ts';

export { FAILURE_KEYS, failureKind, type FailureKind } from '../api/failures.ts';

/** The user's text for `error`, in the current language. */
export function failureText(error: unknown): string {
  const message = failureMessage(error);
  if (message.kind === 'shown') return message.text;
  return i18n.t(message.key, message.params);
}
