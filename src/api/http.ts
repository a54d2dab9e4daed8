/**
 * The one fetch wrapper for REST calls: cookies as credentials, JSON both ways, the CSRF
 * header on state-changing calls, typed errors, and the session redirect of SPEC §2: on any
 * 401 the top window goes to the logout address with the current path as returnUrl.
 */
import { HttpError, type ApiErrorBody } from '../contract/errors.ts';
import { API, CSRF_HEADER } from '../contract/paths.ts';
import { EARLY_REQUESTS_KEY, SIGN_IN_PREFIX } from './earlyRequests.ts';

export { HttpError };

/** The server could not be reached (offline, refused, aborted by the network, bad certificate). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

let csrfToken: string | null = null;

/** Sets the session's CSRF token (after sign-in and from /info); null forgets it. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** The window to send to the logout address: the top window when framed on the same origin. */
function topWindow(): Window {
  try {
    const top = window.top;
    // NOTE: reading a cross-origin frame's location throws; then only this frame moves.
    if (top && top !== window && top.location.origin === window.location.origin) return top;
  } catch {
    // cross-origin parent
  }
  return window;
}

/** The logout address with a return path (SPEC §2 "Session redirects"). */
export function logoutUrl(returnUrl: string): string {
  return `${API.logout}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

let redirecting = false;

/**
 * Sends the top window through logout to sign-in, returning later to where it is now.
 * Runs once per page: parallel calls that all fail with 401 navigate only once.
 */
export function redirectToLogout(): void {
  if (redirecting) return;
  const target = topWindow();
  const { pathname, search } = target.location;
  if (pathname === SIGN_IN_PREFIX) return;
  redirecting = true;
  target.location.assign(logoutUrl(pathname + search));
}

type ForbiddenListener = () => void;
const forbiddenListeners = new Set<ForbiddenListener>();

/**
 * Calls `listener` whenever the server answers 403 (SPEC §8 "access denied, update user
 * rights"): the user's rights changed since they were loaded, so the session reloads them and
 * the views follow without a page reload. Returns the unsubscribe.
 */
export function onForbidden(listener: ForbiddenListener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

/** Tells the listeners of onForbidden; for calls that do not go through `http` (downloads). */
export function reportForbidden(): void {
  for (const listener of forbiddenListeners) listener();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface HttpOptions {
  method?: string;
  /** Sent as JSON unless it is FormData (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: HttpOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

function retryAfterOf(res: Response): number | null {
  const seconds = Number(res.headers.get('Retry-After'));
  return res.headers.has('Retry-After') && Number.isFinite(seconds) ? seconds : null;
}

/** The HttpError of a failed answer: the server's code, message and issues when it sent them. */
export async function errorOf(res: Response): Promise<HttpError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy's error page)
  }
  const retryAfter = retryAfterOf(res);
  if (isErrorBody(body))
    return new HttpError(
      res.status,
      body.error.code,
      body.error.message,
      body.error.issues ?? [],
      retryAfter,
    );
  return new HttpError(
    res.status,
    `http_${res.status}`,
    res.statusText || `HTTP ${res.status}`,
    [],
    retryAfter,
  );
}

/**
 * `fetch` for the calls that do not answer JSON (SVG, CSV, files): a request that reaches no
 * server rejects with NetworkError, a failed answer with HttpError (after the session redirect
 * of a 401 and the rights reload of a 403), as `http` does; an abort stays an AbortError.
 */
export function send(path: string, init: RequestInit = {}): Promise<Response> {
  return answered(fetch(path, { credentials: 'include', ...init }));
}

/** A request's answer as `send` gives it: failures as NetworkError or HttpError. */
async function answered(request: Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await request;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err instanceof Error ? err.message : String(err), { cause: err });
  }
  if (res.status === 401) redirectToLogout();
  if (res.status === 403) reportForbidden();
  if (!res.ok) throw await errorOf(res);
  return res;
}

/** One REST call; resolves with the parsed JSON body (undefined for an empty body). */
export async function http<T>(path: string, options: HttpOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (!SAFE_METHODS.has(method) && csrfToken) headers.set(CSRF_HEADER, csrfToken);
  // The one fetch path: network failure, 401 and 403 handled as for every other call.
  const res = await send(withQuery(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
  });
  return jsonOf<T>(res);
}

/** An answer's JSON body; undefined for an empty one. */
async function jsonOf<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The JSON answer of a GET the page's first script started before the app's modules
 * (`EARLY_PATHS`), taken once and with the same failures as `getJson`; undefined when it was
 * not started (the dev server, the sign-in page) or was taken already.
 */
export function takeEarlyJson<T>(path: string): Promise<T> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_REQUESTS_KEY] as
    Record<string, Promise<Response> | null | undefined> | undefined;
  const request = early?.[path];
  if (!request) return undefined;
  early[path] = null;
  return answered(request).then((res) => jsonOf<T>(res));
}

export const getJson = <T>(path: string, options: Omit<HttpOptions, 'method' | 'body'> = {}) =>
  http<T>(path, { ...options, method: 'GET' });

export const postJson = <T>(
  path: string,
  body?: unknown,
  options: Omit<HttpOptions, 'method' | 'body'> = {},
) => http<T>(path, { ...options, method: 'POST', body: body ?? {} });
