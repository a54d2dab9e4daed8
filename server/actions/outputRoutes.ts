/**
 * Priority outputs (SPEC §3 "Priority-output options", §7 POST /api/pv/PriorityOutputs/Ack)
 * and text messages (SPEC §3 "Text message", §7 "Visualization").
 *
 * A PV group's priority outputs are set by every alert of its PV types at its station since
 * their last acknowledge; on a fresh database they count as set (the plant ran before Pegel
 * knew of it). Acknowledging set outputs answers Success, acknowledging none NotFound.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACTION_EXTRA_API,
  PV_ACTION_API,
  TEXT_MESSAGE_API,
  textMessageKey,
  type PriorityOutputAckResult,
  type PriorityOutputOptions,
  type TextMessage,
  type TextMessageSaveResult,
  type TextOutput,
} from '../../src/contract/actions.ts';
import { API } from '../../src/contract/paths.ts';
import { requireUser } from '../auth/guards.ts';
import { hasRight, mayActOnStation } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { VisuTextMessageHubHandle } from '../hubs/keyedHubs.ts';
import type { PlantSimulation } from '../plant/types.ts';
import type { ActionStore } from './ActionStore.ts';
import { priorityGroupsOf, textOutputsOf, type PriorityGroupDef } from './plantCatalogs.ts';
import { priorityOutputAckQuery, setTextMessagesBody, textIdsBody } from './schemas.ts';

export function registerOutputRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: PlantSimulation,
  store: ActionStore,
  textHub: VisuTextMessageHubHandle,
): void {
  const stations = plant.stations();
  const groups = new Map(stations.map((s) => [s.id, priorityGroupsOf(s)]));
  const outputs = new Map<number, TextOutput>(
    stations.flatMap((s) => textOutputsOf(s)).map((o) => [o.id, o]),
  );

  /** Alerts of the group's PV types at the station after `since` (the alerts table). */
  const alertsSince = (stationNumber: number, group: PriorityGroupDef, since: number): boolean => {
    const types = group.pvTypes.filter((t): t is string => t !== null);
    const withoutPv = group.pvTypes.includes(null) ? 1 : 0;
    const placeholders = types.map(() => '?').join(', ') || 'NULL';
    const row = ctx.db
      .prepare(
        `SELECT 1 FROM alerts WHERE station_number = ? AND ts > ?
         AND (pv_type IN (${placeholders}) OR (pv_type IS NULL AND ? = 1)) LIMIT 1`,
      )
      .get(stationNumber, since, ...types, withoutPv);
    return row !== undefined;
  };

  app.get(API.station.ackPriorityOutputOptions, async (request): Promise<PriorityOutputOptions> => {
    requireUser(ctx, request);
    return {
      hasOptions: [...groups.values()].some((g) => g.length > 0),
      stationOptions: stations.map((s) => ({ stationNumber: s.id, name: s.name })),
      optionsForStation: stations.map((s) => ({
        stationNumber: s.id,
        pvGroups: (groups.get(s.id) ?? []).map(({ id, name }) => ({ id, name })),
      })),
    };
  });

  app.post(PV_ACTION_API.ackPriorityOutputs, async (request): Promise<PriorityOutputAckResult> => {
    const user = requireUser(ctx, request);
    const q = parse(priorityOutputAckQuery, request.query, 'query');
    const group = groups.get(q.station)?.find((g) => g.id === q.pvGroup);
    if (!group)
      throw badRequest(`Invalid query: station ${q.station} has no PV group ${q.pvGroup}`);
    if (!hasRight(user, 'ackAlerts') || !mayActOnStation(user, q.station))
      return { status: 'Unauthorized', errorMessage: null };
    const ackedAt = store.priorityOutputAckedAt(q.station, q.pvGroup);
    if (ackedAt !== null && !alertsSince(q.station, group, ackedAt))
      return { status: 'NotFound', errorMessage: null };
    store.savePriorityOutputAck(q.station, q.pvGroup, user.username);
    const station = stations.find((s) => s.id === q.station)!;
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text: `Prioritätenausgänge quittiert: ${group.name}`,
      message: { key: 'priorityOutputsAcknowledged', params: { name: group.name } },
      control: { stationNumber: q.station, stationName: station.name, pvRef: null },
    });
    return { status: 'Success', errorMessage: null };
  });

  app.get(ACTION_EXTRA_API.textOutputs, async (request): Promise<TextOutput[]> => {
    requireUser(ctx, request);
    return [...outputs.values()];
  });

  app.post(TEXT_MESSAGE_API.get, async (request): Promise<TextMessage[]> => {
    requireUser(ctx, request);
    const ids = parse(textIdsBody, request.body, 'ids').filter((id) => outputs.has(id));
    const stored = store.textMessages(ids);
    return ids.map((id) => ({ id, message: stored.get(id) ?? '' }));
  });

  app.post(TEXT_MESSAGE_API.set, async (request): Promise<TextMessageSaveResult> => {
    const user = requireUser(ctx, request);
    const messages = parse(setTextMessagesBody, request.body, 'text messages');
    const unknown = messages.filter((m) => !outputs.has(m.id)).map((m) => m.id);
    if (unknown.length > 0)
      return { status: 'NotFound', message: `Unbekannte Textausgaben: ${unknown.join(', ')}` };
    const denied = messages.filter(
      (m) =>
        !hasRight(user, 'writePvs') || !mayActOnStation(user, outputs.get(m.id)!.stationNumber),
    );
    if (denied.length > 0)
      return {
        status: 'Unauthorized',
        message: `Keine Berechtigung für: ${denied.map((m) => outputs.get(m.id)!.name).join(', ')}`,
      };
    store.transaction(() => {
      for (const m of messages) store.saveTextMessage(m.id, m.message, user.username);
    });
    for (const m of messages) {
      const output = outputs.get(m.id)!;
      textHub.publishTextMessage(textMessageKey(m.id), { id: m.id, message: m.message });
      ctx.audit?.({
        category: 'System',
        user: user.username,
        text: `Textausgabe ${output.name}: ${m.message}`,
        control: {
          stationNumber: output.stationNumber,
          stationName: output.stationName,
          pvRef: null,
        },
      });
    }
    return { status: 'Success', message: null };
  });
}
