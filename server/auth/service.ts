/**
 * The seam between sign-in and everything that needs to know who is asking: route modules
 * and hubs call `ctx.auth.userOf(request)` and never read cookies themselves.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Right, Role } from '../../src/contract/auth.ts';

export interface SessionUser {
  userId: number;
  username: string;
  role: Role;
  rights: ReadonlySet<Right>;
  /** Station numbers this user may act on; null means every station. */
  stations: ReadonlySet<number> | null;
  sessionId: string;
}

export interface AuthService {
  /** The signed-in user of a request (session cookie), or null when there is none or it expired. */
  userOf(request: { headers: IncomingHttpHeaders }): SessionUser | null;
}

export function hasRight(user: SessionUser, right: Right): boolean {
  return user.rights.has(right) || user.rights.has('admin');
}

export function mayActOnStation(user: SessionUser, stationNumber: number): boolean {
  return user.stations === null || user.stations.has(stationNumber);
}
