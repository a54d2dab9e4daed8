/**
 * Process images of SPEC §7 "Visualization and webcam": the list under `root`, and one SVG
 * per name. Both need a session. The SVG is served with a CSP that keeps it inert when
 * opened on its own; the client sanitises it again before inserting it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_API } from '../../src/contract/dashboard.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Plant } from '../plant/types.ts';
import { ProcessImageFolder } from './ProcessImageFolder.ts';

const nameParams = z.strictObject({ name: z.string().min(1).max(200) });

export function registerVisualizationRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
): void {
  const folder = new ProcessImageFolder(ctx.config.dataDir, plant);

  app.get(DASHBOARD_API.processImages, async (request) => {
    requireUser(ctx, request);
    return folder.list();
  });

  app.get('/Views/Visualization/ProcessImages/:name', async (request, reply) => {
    requireUser(ctx, request);
    const { name } = parse(nameParams, request.params, 'image name');
    const svg = folder.read(name);
    if (svg === null) throw notFound(`No process image ${name}`);
    reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('X-Content-Type-Options', 'nosniff');
    return svg;
  });
}
