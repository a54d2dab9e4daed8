/**
 * GET /api/field/status: every field station's link (up, down with its reason) and the PVs that
 * are not good with why (lost link, NDEATH, a device's bad status, bad input). For operators'
 * diagnosis and monitoring; the quality itself reaches clients with the values.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import type { FieldPlant, FieldStationStatus } from './FieldPlant.ts';

export const FIELD_API = { status: '/api/field/status' } as const;

export function registerFieldRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: FieldPlant,
): void {
  app.get(FIELD_API.status, async (request): Promise<FieldStationStatus[]> => {
    requireUser(ctx, request);
    return plant.fieldStatus();
  });
}
