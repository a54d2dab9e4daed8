/**
 * HTTP calls to a test server whose `auth.userOf` takes the user from the `x-test-user` header
 * (no sign-in): `user` names the caller (`null` sends no user, a call without a session), a
 * `body` goes as JSON.
 */
export interface HeaderUserCallOptions {
  user?: string | null;
  body?: unknown;
}

export type HeaderUserCall = (
  method: string,
  path: string,
  options?: HeaderUserCallOptions,
) => Promise<Response>;

/** Calls against `baseUrl()` (read at each call) as `defaultUser` unless a call names another. */
export function headerUserCall(baseUrl: () => string, defaultUser: string): HeaderUserCall {
  return (method, path, options = {}) => {
    const user = options.user === undefined ? defaultUser : options.user;
    return fetch(baseUrl() + path, {
      method,
      headers: {
        ...(user ? { 'x-test-user': user } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  };
}
