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

/**
 * What kind of reason makes a field PV not good, for a lead in the user's language before the
 * field's own words: the station's link is down; the device (Sparkplug node or device) went
 * offline; its input was thrown away; nothing arrived for `staleAfterMs`; the device refused or
 * reported the point bad (a Modbus exception, an OPC UA bad status, a null value); it sent a
 * value with a quality that is not good; no value yet; the server is not connected.
 */
export type FieldReasonKind =
  | 'link-down'
  | 'device-death'
  | 'bad-input'
  | 'stale'
  | 'device-refused'
  | 'device-quality'
  | 'no-value'
  | 'server-status';

export interface FieldPvQuality {
  pvRef: PvRef;
  quality: Quality;
  /** The field's word on why the value is not good ("link down: …", "NDEATH of …"); null while it is. */
  reason: string | null;
  /** Its kind (null while the value is good, and on a simulated plant). */
  reasonKind: FieldReasonKind | null;
  /** For `stale`: the seconds without a value (`staleAfterMs`); null otherwise. */
  seconds: number | null;
}
