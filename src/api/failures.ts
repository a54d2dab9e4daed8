/**
 * The one mapping from a failed call (or an unexpected exception) to the text a user reads,
 * as a locale key and its values, so the text is always in the user's language (SPEC §8
 * "Operation"). A server's own message is never shown: it is English on the reference server,
 * and whatever a plant server writes, in one language. The browser's words for a failed
 * request ("Failed to fetch", "Load failed", "NetworkError when attempting to fetch resource")
 * read as a network failure. Errors that crossed the engine's message port keep only their
 * name and message; `HttpError` and `NetworkError` are known by name there too.
 * src/app/failureText.ts renders the key; tests/unit/api/failures.test.ts holds every call
 * site of fetch and every shown error to this mapping.
 */
import type { ParseKeys } from 'i18next';

export type FailureKind =
  | 'network'
  | 'timeout'
  | 'tooManyRequests'
  | 'sessionEnded'
  | 'accessDenied'
  | 'rejectedRequest'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'invalid'
  | 'refused'
  | 'operationFailed'
  | 'unknown';

/** A client-made error whose message is the user's text already (a plain `Error`). */
export type ShownKind = 'shown';

/** Locale key of each kind (all under results.*). */
export const FAILURE_KEYS = {
  network: 'results.network.error',
  timeout: 'results.refusal.timeout',
  tooManyRequests: 'results.refusal.tooManyRequests',
  tooManyRequestsSoon: 'results.refusal.tooManyRequestsSoon',
  sessionEnded: 'results.refusal.sessionEnded',
  accessDenied: 'results.common.accessDenied',
  rejectedRequest: 'results.refusal.rejectedRequest',
  notFound: 'results.refusal.notFound',
  conflict: 'results.refusal.conflict',
  tooLarge: 'results.refusal.tooLarge',
  invalid: 'results.refusal.invalid',
  refused: 'results.refusal.refused',
  operationFailed: 'results.refusal.operationFailed',
  unknown: 'results.common.unknownError',
} as const satisfies Record<FailureKind | 'tooManyRequestsSoon', ParseKeys>;

export type FailureMessage =
  | {
      kind: FailureKind;
      key: (typeof FAILURE_KEYS)[keyof typeof FAILURE_KEYS];
      /** `count`: seconds to wait (tooManyRequests); `status`: the HTTP status (failed). */
      params: { count?: number; status?: number };
    }
  | { kind: ShownKind; text: string };

/** The browser's words for a request that reached no server, in any engine. */
const UNREACHABLE = /failed to fetch|networkerror|network error|load failed|fetch failed/i;
/** Errors that only a defect in the client throws: their message means nothing to a user. */
const DEFECT_NAMES = new Set(['TypeError', 'SyntaxError', 'ReferenceError', 'RangeError']);

function numberField(error: Error, field: 'status' | 'retryAfter'): number | null {
  const value = (error as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function kindOfStatus(status: number, code: string | undefined): FailureKind {
  if (status === 401) return 'sessionEnded';
  if (status === 403) return code === 'csrf' ? 'rejectedRequest' : 'accessDenied';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'tooManyRequests';
  if (status === 400 || status === 422) return 'invalid';
  if (status >= 500) return 'operationFailed';
  return 'refused';
}

/** FL1: what kind of failure `error` is. */
export function failureKind(error: unknown): FailureKind | ShownKind {
  if (!(error instanceof Error)) return 'unknown';
  if (error.name === 'NetworkError') return 'network';
  if (error.name === 'TimeoutError') return 'timeout';
  const status = numberField(error, 'status');
  if (status !== null) return kindOfStatus(status, (error as { code?: string }).code);
  if (error.name === 'HttpError') return 'refused';
  if (UNREACHABLE.test(error.message)) return 'network';
  if (DEFECT_NAMES.has(error.name) || error.message.trim() === '') return 'unknown';
  // A plain Error is made by the client with the user's text (a call's own failure text).
  return error.name === 'Error' ? 'shown' : 'unknown';
}

/** FL1: the text for `error`, as a locale key and its values. */
export function failureMessage(error: unknown): FailureMessage {
  const kind = failureKind(error);
  if (kind === 'shown') return { kind, text: (error as Error).message };
  const params: { count?: number; status?: number } = {};
  if (error instanceof Error) {
    const status = numberField(error, 'status');
    if (kind === 'tooManyRequests') {
      const wait = numberField(error, 'retryAfter');
      if (wait !== null) params.count = Math.max(1, Math.ceil(wait));
    }
    if (kind === 'operationFailed' && status !== null) params.status = status;
  }
  const key =
    kind === 'tooManyRequests' && params.count === undefined
      ? FAILURE_KEYS.tooManyRequestsSoon
      : FAILURE_KEYS[kind];
  return { kind, key, params };
}
