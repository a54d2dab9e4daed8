/**
 * Sessions in SQLite. The cookie carries a random 32-byte id; the table keeps only its
 * SHA-256, so a copy of the database signs nobody in. Each session has its own CSRF token
 * and a sliding lease.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../store/db.ts';

export interface SessionRecord {
  /** SHA-256 of the cookie value (hex): the session's name inside the server. */
  key: string;
  userId: number;
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

interface RawSession {
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

export function sessionKey(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

export class SessionStore {
  constructor(private readonly db: Db) {}

  create(
    userId: number,
    nowMs: number,
    leaseMs: number,
  ): { cookie: string; record: SessionRecord } {
    const cookie = randomBytes(32).toString('base64url');
    const record: SessionRecord = {
      key: sessionKey(cookie),
      userId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: nowMs,
      expiresAt: nowMs + leaseMs,
    };
    this.db
      .prepare(
        'INSERT INTO sessions (id, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(record.key, userId, record.csrfToken, nowMs, record.expiresAt);
    return { cookie, record };
  }

  /** The live session for a cookie value, or null when unknown or its lease ended. */
  find(cookie: string, nowMs: number): SessionRecord | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(sessionKey(cookie)) as
      RawSession | undefined;
    if (!row || row.expires_at <= nowMs) return null;
    return {
      key: row.id,
      userId: row.user_id,
      csrfToken: row.csrf_token,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    };
  }

  extend(key: string, expiresAt: number): void {
    this.db
      .prepare('UPDATE sessions SET expires_at = max(expires_at, ?) WHERE id = ?')
      .run(expiresAt, key);
  }

  delete(key: string): void {
    this.db.prepare('DELETE FROM sessions WHERE id = ?').run(key);
  }

  countActive(nowMs: number): number {
    const row = this.db
      .prepare('SELECT count(*) AS n FROM sessions WHERE expires_at > ?')
      .get(nowMs) as { n: number };
    return row.n;
  }

  activeUserIds(nowMs: number): Set<number> {
    const rows = this.db
      .prepare('SELECT DISTINCT user_id AS id FROM sessions WHERE expires_at > ?')
      .all(nowMs) as { id: number }[];
    return new Set(rows.map((r) => r.id));
  }

  purgeExpired(nowMs: number): void {
    this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(nowMs);
  }
}
