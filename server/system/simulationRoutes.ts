/**
 * Admin-only switches of the reference server for tests and demonstrations (issue "connection
 * diagnosis"): the plant's connection status as the server reports it (each of SPEC §8
 * "Connection"), a server status Unauthorized sent once to every client (SPEC §2 "Session
 * redirects": every tab goes to the logout address), and a server info message to every
 * client (`sendServerInfoMessage`).
 * Validated with zod, CSRF-checked like every state-changing call, and each leaves a system
 * event.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVER_STATUSES } from '../../src/contract/enums.ts';
import { requireRight } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import type { ServerStatusHubHandle } from '../hubs/serverStatusHub.ts';
import { parse } from '../http/validate.ts';
import type { PlantSimulation } from '../plant/types.ts';

export const SIMULATION_API = {
  serverStatus: '/api/admin/simulate/server-status',
  serverInfo: '/api/admin/server-info',
} as const;

const statusBody = z.strictObject({ status: z.enum(SERVER_STATUSES) });
const infoBody = z.strictObject({ message: z.string().trim().min(1).max(500) });

export function registerSimulationRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: PlantSimulation,
  statusHub: Pick<ServerStatusHubHandle, 'sendServerInfoMessage' | 'publishStatus'>,
): void {
  app.post(SIMULATION_API.serverStatus, async (request) => {
    const user = requireRight(ctx, request, 'admin');
    const { status } = parse(statusBody, request.body);
    // SE2: Unauthorized goes out once and is not kept as the plant's status, which every
    // connection is sent on connect: it would end each new session at once again.
    if (status === 'Unauthorized') statusHub.publishStatus({ status, since: ctx.now() });
    else plant.setServerStatus(status);
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text: `Simulated server status ${status}`,
    });
    return { status };
  });
  app.post(SIMULATION_API.serverInfo, async (request) => {
    const user = requireRight(ctx, request, 'admin');
    const { message } = parse(infoBody, request.body);
    statusHub.sendServerInfoMessage(message);
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text: `Server info message: ${message}`,
    });
    return { sent: true };
  });
}
