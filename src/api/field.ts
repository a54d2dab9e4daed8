/** The field plant's diagnosis calls (src/contract/field.ts); absent on a simulated plant. */
import { FIELD_API, type FieldPvQuality } from '../contract/field.ts';
import { pvUrlId } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import { getJson, HttpError } from './http.ts';

export type QualityReason = Pick<FieldPvQuality, 'reasonKind' | 'seconds'> & { reason: string };

/**
 * Why a PV of a field plant is not good: the field's words and their kind (for a lead in the
 * user's language); null on a plant without one (404) or while it is good.
 */
export async function fetchPvQualityReason(
  pvRef: PvRef,
  signal?: AbortSignal,
): Promise<QualityReason | null> {
  try {
    const answer = await getJson<FieldPvQuality>(FIELD_API.pvQuality, {
      query: { pv: pvUrlId(pvRef) },
      signal,
    });
    if (answer.reason === null) return null;
    // A server before reasonKind answers without it: the field's words alone.
    return {
      reason: answer.reason,
      reasonKind: answer.reasonKind ?? null,
      seconds: answer.seconds ?? null,
    };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}
