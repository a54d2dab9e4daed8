/**
 * SPEC §7 "Alerts": list, by PVs, ack, ack-all, delete, control events; the system event
 * archive; the priorities; and POST /api/Pv/DigiIn/ack (failure inputs), each acknowledgement
 * published on the pv hub as `newAck` (SPEC §7 "PV acks").
 * Rights per SPEC §6: acknowledging without 'ackAlerts' answers status Unauthorized (200),
 * so the client shows its dialog; deleting needs 'deleteAlerts'.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALERT_API,
  type AlertAckResult,
  type AlertDeleteResult,
} from '../../src/contract/alerts.ts';
import type { PvAck, PvActionResult } from '../../src/contract/actions.ts';
import { PV_TYPES } from '../../src/contract/enums.ts';
import { API } from '../../src/contract/paths.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import { requireUser } from '../auth/guards.ts';
import { hasRight, mayActOnStation } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { sendJsonPieces } from '../http/jsonPieces.ts';
import { parse } from '../http/validate.ts';
import type { PvHubHandle } from '../hubs/pvHub.ts';
import type { Plant } from '../plant/types.ts';
import type { AlertService } from './AlertService.ts';
import { PRIORITIES } from './priorities.ts';

/** Most rows one list call answers. */
export const MAX_LIST_LIMIT = 200_000;

export const SYSTEM_EVENTS_PATH = '/api/systemevents';
export const DIGI_IN_ACK_PATH = '/api/Pv/DigiIn/ack';

const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date')
  .transform((s) => Date.parse(s));

const rangeSchema = z.object({ start: isoDate, end: isoDate });
const listSchema = rangeSchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT),
});
const pvRefSchema = z.object({ type: z.enum(PV_TYPES), nr: z.number().int() });
const idsSchema = z.object({ ids: z.array(z.number().int()).max(MAX_LIST_LIMIT) });
const deleteSchema = z.array(z.object({ id: z.number().int() })).max(MAX_LIST_LIMIT);

function range<T extends { start: number; end: number }>(q: T): T {
  if (q.start > q.end) throw badRequest('Invalid query: start must not be after end');
  return q;
}

export function registerAlertRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  alerts: AlertService,
  plant: Plant,
  pvHub?: Pick<PvHubHandle, 'publishAck' | 'setAckSource'>,
): void {
  // The last acknowledgement per failure input, for a tab that subscribes later.
  const lastAcks = new Map<string, PvAck>();
  pvHub?.setAckSource((ref) => lastAcks.get(pvKey(ref)));
  app.get(ALERT_API.list, async (request, reply) => {
    requireUser(ctx, request);
    const q = range(parse(listSchema, request.query, 'query'));
    return sendJsonPieces(reply, alerts.archive.listJson(q.start, q.end, q.limit));
  });

  app.post(ALERT_API.byPvs, async (request, reply) => {
    requireUser(ctx, request);
    const q = range(
      parse(
        rangeSchema.extend({ limit: listSchema.shape.limit.optional() }),
        request.query,
        'query',
      ),
    );
    const pvs = parse(z.array(pvRefSchema).max(1000), request.body, 'body');
    return sendJsonPieces(
      reply,
      alerts.archive.listJson(q.start, q.end, q.limit ?? MAX_LIST_LIMIT, pvs),
    );
  });

  app.post(ALERT_API.ack, async (request): Promise<AlertAckResult> => {
    const user = requireUser(ctx, request);
    const { ids } = parse(idsSchema, request.body, 'body');
    if (!hasRight(user, 'ackAlerts'))
      return { status: 'Unauthorized', errorMessage: null, acked: [] };
    const acked = alerts.acknowledge(ids, user.username);
    if (acked.length > 0)
      ctx.audit?.({
        category: 'System',
        user: user.username,
        text: `${acked.length} Störmeldung(en) quittiert`,
        message: { key: 'alertsAcknowledged', params: { count: acked.length } },
        control: { stationNumber: null, stationName: '', pvRef: null },
      });
    return { status: 'Success', errorMessage: null, acked };
  });

  app.post(ALERT_API.ackAll, async (request): Promise<AlertAckResult> => {
    const user = requireUser(ctx, request);
    if (!hasRight(user, 'ackAlerts'))
      return { status: 'Unauthorized', errorMessage: null, acked: [] };
    const acked = alerts.acknowledge('all', user.username);
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text: `Alle Störmeldungen quittiert (${acked.length})`,
      message: { key: 'allAlertsAcknowledged', params: { count: acked.length } },
      control: { stationNumber: null, stationName: '', pvRef: null },
    });
    return { status: 'Success', errorMessage: null, acked };
  });

  app.delete(ALERT_API.delete, async (request): Promise<AlertDeleteResult> => {
    const user = requireUser(ctx, request);
    const refs = parse(deleteSchema, request.body, 'body');
    if (!hasRight(user, 'deleteAlerts'))
      return { status: 'Unauthorized', errorMessage: null, deleted: [] };
    const deleted = alerts.delete(refs.map((r) => r.id));
    if (deleted.length > 0)
      ctx.audit?.({
        category: 'System',
        user: user.username,
        text: `${deleted.length} Störmeldung(en) gelöscht`,
        message: { key: 'alertsDeleted', params: { count: deleted.length } },
      });
    return { status: 'Success', errorMessage: null, deleted: deleted.map((id) => ({ id })) };
  });

  app.get(ALERT_API.controlEvents, async (request) => {
    requireUser(ctx, request);
    const q = range(parse(listSchema, request.query, 'query'));
    return alerts.events.controlEvents(q.start, q.end, q.limit);
  });

  app.get(SYSTEM_EVENTS_PATH, async (request) => {
    requireUser(ctx, request);
    const q = range(parse(listSchema, request.query, 'query'));
    return alerts.events.systemEvents(q.start, q.end, q.limit);
  });

  app.get(API.system.priorities, async (request) => {
    requireUser(ctx, request);
    return PRIORITIES;
  });

  app.post(DIGI_IN_ACK_PATH, async (request): Promise<PvActionResult> => {
    const user = requireUser(ctx, request);
    const refs = parse(z.array(pvRefSchema).max(1000), request.body, 'body');
    const unauthorizedPvs: PvRef[] = [];
    const missingPvs: PvRef[] = [];
    const ok: PvRef[] = [];
    for (const ref of refs) {
      const config = ref.type === 'DigiIn' ? plant.config(ref) : undefined;
      if (!config || !config.alertInputConfig) missingPvs.push(ref);
      else if (!hasRight(user, 'ackFailureInputs') || !mayActOnStation(user, config.stationNumber))
        unauthorizedPvs.push(ref);
      else ok.push(ref);
    }
    for (const ref of ok) {
      const config = plant.config(ref)!;
      const ack: PvAck = {
        pvRef: { type: ref.type, nr: ref.nr },
        acknowledgedBy: user.username,
        acknowledgedAt: ctx.now(),
      };
      lastAcks.set(pvKey(ref), ack);
      pvHub?.publishAck(ref, ack);
      ctx.audit?.({
        category: 'System',
        user: user.username,
        text: `Störeingang quittiert: ${config.name}`,
        message: { key: 'failureInputAcknowledged', params: { name: config.name } },
        control: {
          stationNumber: config.stationNumber,
          stationName: config.stationName,
          pvRef: ref,
        },
      });
    }
    const status =
      unauthorizedPvs.length > 0 && ok.length === 0
        ? 'Unauthorized'
        : missingPvs.length || unauthorizedPvs.length
          ? 'Failed'
          : 'Success';
    return { status, errorMessage: null, unauthorizedPvs, missingPvs };
  });
}
