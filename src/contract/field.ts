/**
 * The field plant's diagnosis routes (issue 56). `status` is there only on a server running a
 * plant file (PEGEL_PLANT_FILE); `pvQuality` on every reference server (reason null on the
 * simulated plant), and a client treats its 404 (another plant server) as "no reason known".
 */
import type { Quality } from './enums.ts';
import type { PvRef } from './pv.ts';

export const FIELD_API = {
  /** GET, every field station's link and the PVs that are not good, with why (field plant only). */
  status: '/api/field/status',
  /** GET ?pv=AnaIn-4100001: a PV's quality and why it is not good (`FieldPvQuality`). */
  pvQuality: '/api/field/pv-quality',
} as const;

export interface FieldPvQuality {
  pvRef: PvRef;
  quality: Quality;
  /** The field's word on why the value is not good ("link down: …", "NDEATH of …"); null while it is. */
  reason: string | null;
}
