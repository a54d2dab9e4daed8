/**
 * The one mapping from a failed call or an unexpected exception to the text the user reads
 * (SPEC §8 "Operation"): network failures say 'Netzwerkfehler', a 403 says access was denied
 * and that the rights were reloaded (http.ts triggers the reload), a server fault says the
 * operation failed, a programming error or a thrown non-error says 'Unbekannter Fehler'. The
 * server's own text of a refused request (400, 404, 409, 429) is shown as it is, as SPEC §8
 * allows ("some failures return the raw error text").
 */
import { i18n } from './i18n.ts';

export type FailureKind = 'network' | 'accessDenied' | 'operationFailed' | 'unknown' | 'refused';

/** Locale keys of the kinds that have a fixed text. */
export const FAILURE_KEYS = {
  network: 'results.network.error',
  accessDenied: 'results.common.accessDenied',
  operationFailed: 'results.common.operationFailed',
  unknown: 'results.common.unknownError',
} as const;

/** Errors that only a defect in the client throws: their message means nothing to a user. */
const DEFECT_NAMES = new Set(['TypeError', 'SyntaxError', 'ReferenceError', 'RangeError']);

function statusOf(error: Error): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}

/**
 * What kind of failure `error` is. Works on errors that crossed the engine's message port too,
 * where only name and message survive.
 */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof Error)) return 'unknown';
  if (error.name === 'NetworkError') return 'network';
  const status = statusOf(error);
  if (status === 403) return 'accessDenied';
  if (status !== null && status >= 500) return 'operationFailed';
  if (status !== null) return 'refused';
  if (DEFECT_NAMES.has(error.name) || error.message.trim() === '') return 'unknown';
  return 'refused';
}

/** The user's text for `error`, in the current language. */
export function failureText(error: unknown): string {
  const kind = failureKind(error);
  switch (kind) {
    case 'network':
    case 'accessDenied':
    case 'unknown':
      return i18n.t(FAILURE_KEYS[kind]);
    case 'operationFailed': {
      const status = error instanceof Error ? statusOf(error) : null;
      return `${i18n.t(FAILURE_KEYS.operationFailed)} (HTTP ${status ?? 500})`;
    }
    case 'refused':
      return (error as Error).message;
  }
}
