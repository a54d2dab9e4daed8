/** The field plant's diagnosis calls (src/contract/field.ts); absent on a simulated plant. */
import { FIELD_API, type FieldPvQuality } from '../contract/field.ts';
import { pvUrlId } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import { getJson, HttpError } from './http.ts';

/** Why a PV of a field plant is not good; null on a plant without one (404) or while it is. */
export async function fetchPvQualityReason(
  pvRef: PvRef,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const answer = await getJson<FieldPvQuality>(FIELD_API.pvQuality, {
      query: { pv: pvUrlId(pvRef) },
      signal,
    });
    return answer.reason;
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}
