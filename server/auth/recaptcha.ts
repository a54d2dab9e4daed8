/** reCAPTCHA check of a sign-in (only when a secret is configured). */

/** True when the verification service says the token is valid; any failure counts as invalid. */
export async function verifyRecaptcha(
  url: string,
  secret: string,
  token: string,
): Promise<boolean> {
  if (!token) return false;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }).toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const body: unknown = await res.json();
    return (
      typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true
    );
  } catch {
    return false;
  }
}
