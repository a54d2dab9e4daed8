/** The real AuthService: sessions from the `pegel_session` cookie, with their users and rights. */
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthService, SessionUser } from './service.ts';
import type { SessionRecord, SessionStore } from './SessionStore.ts';
import type { UserRow, UserStore } from './UserStore.ts';
import { readCookie, SESSION_COOKIE } from './cookies.ts';
import { ROLE_RIGHTS, stationsOf } from './roles.ts';

export interface ActiveSession {
  user: SessionUser;
  row: UserRow;
  session: SessionRecord;
}

export class SessionAuthService implements AuthService {
  constructor(
    readonly users: UserStore,
    readonly sessions: SessionStore,
    private readonly now: () => number,
  ) {}

  userOf(request: { headers: IncomingHttpHeaders }): SessionUser | null {
    return this.sessionOf(request)?.user ?? null;
  }

  /** The session behind a request with its user and CSRF token, or null. */
  sessionOf(request: { headers: IncomingHttpHeaders }): ActiveSession | null {
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!cookie) return null;
    const session = this.sessions.find(cookie, this.now());
    if (!session) return null;
    const row = this.users.byId(session.userId);
    if (!row) return null;
    const stations = stationsOf(row.role);
    return {
      row,
      session,
      user: {
        userId: row.id,
        username: row.username,
        role: row.role,
        rights: new Set(ROLE_RIGHTS[row.role]),
        stations: stations === null ? null : new Set(stations),
        sessionId: session.key,
      },
    };
  }
}
