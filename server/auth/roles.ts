/** Roles of the reference server and the rights each holds (DESIGN.md "Rights", SPEC §6). */
import { RIGHTS, type Right, type Role } from '../../src/contract/auth.ts';

const MAINTENANCE_RIGHTS: Right[] = [
  'editMaintenance',
  'ackFailureInputs',
  'writeCounters',
  'dialStations',
  'writePvs',
  // The standby staff switch and confirm the alarm plans of the stations they look after.
  'writePlans',
  'ackPlans',
];

export const ROLE_RIGHTS: Record<Role, readonly Right[]> = {
  admin: RIGHTS,
  operator: RIGHTS.filter((r) => r !== 'admin'),
  maintenance: MAINTENANCE_RIGHTS,
  viewer: [],
};

/** Maintenance staff act on the stations they look after; the other roles on every station. */
export const MAINTENANCE_STATIONS: readonly number[] = [1, 2, 3, 4, 5, 6];

export function stationsOf(role: Role): readonly number[] | null {
  return role === 'maintenance' ? MAINTENANCE_STATIONS : null;
}
