/**
 * Remote alerting (issue 14), registered with one call: the store over SQLite, the service
 * fed by the plant's alarms, its simulator step, and the routes of SPEC §7 "Remote alert".
 */
import type { FastifyInstance } from 'fastify';
import type { AlertService } from '../alerts/AlertService.ts';
import type { ServerContext } from '../context.ts';
import type { PvHubHandle } from '../hubs/pvHub.ts';
import type { Plant } from '../plant/types.ts';
import { RemoteAlertService } from './RemoteAlertService.ts';
import { RemoteAlertStore } from './RemoteAlertStore.ts';
import { registerRemoteAlertRoutes } from './routes.ts';

/** How often alarm lines change and waiting messages go out. */
export const REMOTE_ALERT_TICK_MS = 1000;

export function registerRemoteAlertArea(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  hub: Omit<PvHubHandle, 'dispose'>,
  alerts: AlertService,
  options: { simulate: boolean; seedDemo?: boolean },
): RemoteAlertService {
  const service = new RemoteAlertService({
    store: new RemoteAlertStore(ctx.db),
    stations: plant.stations(),
    hub,
    now: ctx.now,
    timeZone: ctx.config.plantTimeZone,
    seed: ctx.config.seed,
    audit: ctx.audit,
    seedDemo: options.seedDemo ?? true,
  });
  alerts.onRaised((alert) => service.onAlert(alert));
  registerRemoteAlertRoutes(app, ctx, service);
  if (options.simulate) {
    const timer = setInterval(() => service.tick(), REMOTE_ALERT_TICK_MS);
    timer.unref?.();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return service;
}
