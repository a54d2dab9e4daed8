/** Users in SQLite: lookup, lockout state, TOTP step, password, and the demo accounts. */
import { randomInt } from 'node:crypto';
import type { Role } from '../../src/contract/auth.ts';
import type { Db } from '../store/db.ts';
import type { LockoutState } from './lockout.ts';
import { hashPassword, hashPasswordSync } from './passwords.ts';
import { randomTotpSecret, totpUri } from './totp.ts';

export interface UserRow {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  passwordHash: string;
  totpSecret: string;
  domainManaged: boolean;
  failedAttempts: number;
  lockedUntil: number;
  lastTotpStep: number;
}

interface RawRow {
  id: number;
  username: string;
  display_name: string;
  role: Role;
  password_hash: string;
  totp_secret: string;
  domain_managed: number;
  failed_attempts: number;
  locked_until: number;
  last_totp_step: number;
}

const DEMO_ACCOUNTS: { username: Role; displayName: string }[] = [
  { username: 'operator', displayName: 'Leitwarte (Demo)' },
  { username: 'maintenance', displayName: 'Instandhaltung (Demo)' },
  { username: 'viewer', displayName: 'Nur lesen (Demo)' },
  { username: 'admin', displayName: 'Administration (Demo)' },
];

function toUser(r: RawRow): UserRow {
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    role: r.role,
    passwordHash: r.password_hash,
    totpSecret: r.totp_secret,
    domainManaged: r.domain_managed === 1,
    failedAttempts: r.failed_attempts,
    lockedUntil: r.locked_until,
    lastTotpStep: r.last_totp_step,
  };
}

/** A random password that meets the password policy (digit, upper, lower, 16 characters). */
export function randomPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export class UserStore {
  constructor(private readonly db: Db) {}

  byUsername(username: string): UserRow | null {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as
      RawRow | undefined;
    return row ? toUser(row) : null;
  }

  byId(id: number): UserRow | null {
    const row = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as RawRow | undefined;
    return row ? toUser(row) : null;
  }

  saveLockout(userId: number, state: LockoutState): void {
    this.db
      .prepare('UPDATE users SET failed_attempts = ?, locked_until = ? WHERE id = ?')
      .run(state.failedAttempts, state.lockedUntil, userId);
  }

  saveTotpStep(userId: number, step: number): void {
    this.db
      .prepare('UPDATE users SET last_totp_step = max(last_totp_step, ?) WHERE id = ?')
      .run(step, userId);
  }

  async setPassword(userId: number, password: string, nowMs: number): Promise<void> {
    const hash = await hashPassword(password);
    this.db
      .prepare('UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?')
      .run(hash, nowMs, userId);
  }

  /**
   * Creates the demo accounts on first start and returns the lines to print once. A fixed
   * password or secret (config) is applied on every start, also to an existing database.
   */
  ensureDemoAccounts(options: {
    fixedPassword: string | null;
    fixedTotpSecret: string | null;
    domainManaged: string[];
    nowMs: number;
  }): string[] {
    const notes: string[] = [];
    const insert = this.db.prepare(
      `INSERT INTO users (username, display_name, role, password_hash, totp_secret, password_changed_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const demo of DEMO_ACCOUNTS) {
        const existing = this.byUsername(demo.username);
        if (!existing) {
          const password = options.fixedPassword ?? randomPassword();
          const secret = options.fixedTotpSecret ?? randomTotpSecret();
          insert.run(
            demo.username,
            demo.displayName,
            demo.username,
            hashPasswordSync(password),
            secret,
            options.nowMs,
          );
          if (notes.length === 0) notes.push('Demo accounts (shown once; second factor: TOTP):');
          notes.push(
            `  ${demo.username.padEnd(12)} password ${password}   ${totpUri(secret, demo.username)}`,
          );
          continue;
        }
        if (options.fixedPassword)
          this.db
            .prepare('UPDATE users SET password_hash = ? WHERE id = ?')
            .run(hashPasswordSync(options.fixedPassword), existing.id);
        if (options.fixedTotpSecret)
          this.db
            .prepare('UPDATE users SET totp_secret = ? WHERE id = ?')
            .run(options.fixedTotpSecret, existing.id);
      }
      for (const demo of DEMO_ACCOUNTS)
        this.db
          .prepare('UPDATE users SET domain_managed = ? WHERE username = ?')
          .run(options.domainManaged.includes(demo.username) ? 1 : 0, demo.username);
    })();
    return notes;
  }
}
