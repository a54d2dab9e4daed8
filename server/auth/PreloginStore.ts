/**
 * Pre-login state between GET csrf, login and verify: in memory, keyed by a short-lived
 * HttpOnly cookie. It holds the login token, when the login window opened, and after a
 * correct password the user waiting for the second factor.
 */
import { randomBytes } from 'node:crypto';

export interface Prelogin {
  csrfToken: string;
  openedAt: number;
  /** Set after a correct password: the user whose TOTP code is expected. */
  pendingUserId: number | null;
}

/** Bound on pending sign-ins so a flood of csrf calls cannot grow memory without end. */
const MAX_PRELOGINS = 10_000;

export class PreloginStore {
  private readonly entries = new Map<string, Prelogin>();

  constructor(private readonly windowMs: number) {}

  open(nowMs: number): { id: string; csrfToken: string } {
    this.purge(nowMs);
    if (this.entries.size >= MAX_PRELOGINS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    this.entries.set(id, { csrfToken, openedAt: nowMs, pendingUserId: null });
    return { id, csrfToken };
  }

  get(id: string | null): Prelogin | null {
    return id === null ? null : (this.entries.get(id) ?? null);
  }

  close(id: string | null): void {
    if (id !== null) this.entries.delete(id);
  }

  isExpired(entry: Prelogin, nowMs: number): boolean {
    return nowMs - entry.openedAt > this.windowMs;
  }

  /** Entries are kept for twice the window, so a late attempt still says "window expired". */
  private purge(nowMs: number): void {
    for (const [id, entry] of this.entries)
      if (nowMs - entry.openedAt > 2 * this.windowMs) this.entries.delete(id);
  }
}
