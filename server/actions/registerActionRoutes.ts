/** The operator actions on the plant (SPEC §7 "Process values", priority outputs, text messages). */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { HubsHandle } from '../hubs/registerHubs.ts';
import type { PlantSimulation } from '../plant/types.ts';
import { ActionStore } from './ActionStore.ts';
import { registerOutputRoutes } from './outputRoutes.ts';
import { registerPvActionRoutes } from './pvActionRoutes.ts';

export function registerActionRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: PlantSimulation,
  hubs: HubsHandle,
): void {
  const store = new ActionStore(ctx.db, ctx.now);
  // What operators set before the last restart holds again.
  store.applyTo(plant);
  registerPvActionRoutes(app, ctx, plant, store);
  registerOutputRoutes(app, ctx, plant, store, hubs.visuTextMessage);
}
