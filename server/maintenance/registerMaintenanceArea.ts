/**
 * Maintenance (issue 15): service intervals watched against the live runtimes, life cycle,
 * data sheets with documents, notifications and protocols, registered with one call.
 */
import type { FastifyInstance } from 'fastify';
import type { MaintenanceConfig } from '../../src/contract/maintenance.ts';
import type { ServerContext } from '../context.ts';
import type { HubsHandle } from '../hubs/registerHubs.ts';
import type { PlantSimulation } from '../plant/types.ts';
import { DocumentStore } from './DocumentStore.ts';
import { registerDocumentRoutes } from './documentRoutes.ts';
import { LifecycleStore } from './LifecycleStore.ts';
import { registerMaintenanceRoutes } from './routes.ts';
import { ServiceIntervals, type RuntimeHistory } from './ServiceIntervals.ts';

/** How often (simulated ms) the runtimes are compared with their service intervals. */
export const MAINTENANCE_CHECK_MS = 1_000;

export interface MaintenanceHandle {
  intervals: ServiceIntervals;
  documents: DocumentStore;
  /** Compares runtimes with intervals now: raises notifications, pushes changed configs. */
  check(): void;
}

export function registerMaintenanceArea(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: PlantSimulation,
  hubs: HubsHandle,
  history: RuntimeHistory | null = null,
): MaintenanceHandle {
  const intervals = new ServiceIntervals(ctx.db, plant, ctx.now, history);
  const lifecycle = new LifecycleStore(ctx.db, ctx.now);
  const documents = new DocumentStore(ctx.db, ctx.config.dataDir, ctx.now);
  const publish = (configs: readonly MaintenanceConfig[]) => {
    for (const c of configs) hubs.pv.publishMaintenanceConfig(c);
  };
  hubs.pv.setMaintenanceConfigSource((ref) => intervals.configs(ref));
  registerMaintenanceRoutes(app, ctx, { plant, intervals, lifecycle, publish });
  registerDocumentRoutes(app, ctx, plant, documents);

  const check = () => {
    const { changed, raised } = intervals.evaluate();
    publish(changed);
    for (const n of raised) {
      ctx.audit?.({
        category: 'System',
        user: null,
        text: `Wartungsmeldung ${n.stationName} ${n.pvName}: ${n.messageText}`,
        message: {
          key: 'maintenanceDue',
          params: { station: n.stationName, name: n.pvName, text: n.messageText },
        },
      });
    }
  };
  let last = -Infinity;
  const off = plant.on('values', () => {
    const t = plant.time();
    if (t - last < MAINTENANCE_CHECK_MS) return;
    last = t;
    check();
  });
  app.addHook('onClose', async () => off());
  return { intervals, documents, check };
}
