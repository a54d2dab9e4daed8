/**
 * Dashboards, process images, webcams and the weather service (issue 7), registered with
 * one call so the server's composition stays one line per area.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { DashboardHubHandle } from '../hubs/keyedHubs.ts';
import type { Plant } from '../plant/types.ts';
import { registerVisualizationRoutes } from '../visualization/routes.ts';
import { registerWeatherRoutes } from '../weather/routes.ts';
import { registerWebcamRoutes } from '../webcam/routes.ts';
import { registerDashboardRoutes } from './routes.ts';
import { registerManualRoute } from './manualPage.ts';
import { PLANT_NAME } from '../system/routes.ts';

export function registerDashboardArea(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  hub: DashboardHubHandle,
  plantName: string = PLANT_NAME,
): void {
  registerDashboardRoutes(app, ctx, plant, hub);
  registerVisualizationRoutes(app, ctx, plant);
  registerWebcamRoutes(app, ctx);
  registerWeatherRoutes(app, ctx, plant);
  registerManualRoute(app, ctx, plantName);
}
