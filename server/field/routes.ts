/**
 * The field plant's diagnosis routes (src/contract/field.ts): every station's link (up, or down
 * with its reason) and the PVs that are not good with why (lost link, NDEATH, a device's bad
 * status, bad input); and one PV's quality and reason for its info popup.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FIELD_API, type FieldPvQuality } from '../../src/contract/field.ts';
import { parsePvUrlId, pvKey } from '../../src/contract/keys.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Plant } from '../plant/types.ts';
import type { FieldPlant, FieldStationStatus } from './FieldPlant.ts';

const pvQuery = z.strictObject({ pv: z.string().max(40) });

/**
 * The PV quality route on every plant (a simulated one has no reasons: null), so that a client
 * may ask any server it is served by; the station status only on a field plant.
 */
export function registerFieldRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  field: FieldPlant | null,
): void {
  if (field)
    app.get(FIELD_API.status, async (request): Promise<FieldStationStatus[]> => {
      requireUser(ctx, request);
      return field.fieldStatus();
    });
  app.get(FIELD_API.pvQuality, async (request): Promise<FieldPvQuality> => {
    requireUser(ctx, request);
    const { pv } = parse(pvQuery, request.query);
    const ref = parsePvUrlId(pv);
    const value = ref ? plant.valueByKey(pvKey(ref)) : undefined;
    if (!ref || !value) throw notFound(`no such PV: ${pv}`);
    const kind = field?.qualityReasonKind(ref) ?? null;
    return {
      pvRef: ref,
      quality: value.quality,
      reason: field?.qualityReason(ref) ?? null,
      reasonKind: kind?.kind ?? null,
      seconds: kind?.seconds ?? null,
    };
  });
}
