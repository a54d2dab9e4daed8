/**
 * The field plant's diagnosis routes (issue 56), present only on a server running a plant file
 * (PEGEL_PLANT_FILE): a client treats a 404 as "no field plant here".
 */
import type { Quality } from './enums.ts';
import type { PvRef } from './pv.ts';

export const FIELD_API = {
  /** GET, every field station's link and the PVs that are not good, with why. */
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
