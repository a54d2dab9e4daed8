/**
 * The webcam API of SPEC §7 "Visualization and webcam" over the simulated cameras:
 * GET /api/webcam (all) and /api/webcam/{id}; /available-images (from, to) lists the images
 * of a time range; /current (currentFilename) answers 200 with the newest image, or 204 when
 * the caller already has it (the client counts only 200, SPEC §7); /images/{file} is the image.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Webcam, WebcamImage } from '../../src/contract/dashboard.ts';
import { DASHBOARD_API } from '../../src/contract/dashboard.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import {
  drawImage,
  fileNameOf,
  imageTime,
  timeOfFile,
  WEBCAM_HISTORY_MS,
  WEBCAMS,
} from './cameras.ts';

/** More than a day of one-minute images; longer ranges are thinned evenly. */
export const MAX_LISTED_IMAGES = 2000;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const fileParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  filename: z.string().max(64),
});
/** ISO 8601 or epoch ms. */
const instant = z.string().transform((text, c) => {
  const t = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(t)) {
    c.addIssue({ code: 'custom', message: 'not a date' });
    return z.NEVER;
  }
  return t;
});
const rangeQuery = z.object({ from: instant, to: instant });
const currentQuery = z.object({ currentFilename: z.string().max(64).optional() });

export function registerWebcamRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const camera = (params: unknown): Webcam => {
    const { id } = parse(idParams, params, 'webcam id');
    const cam = WEBCAMS.find((c) => c.id === id);
    if (!cam) throw notFound(`No webcam ${id}`);
    return cam;
  };
  const image = (cam: Webcam, time: number): WebcamImage => {
    const filename = fileNameOf(cam, time);
    return { filename, timestamp: time, url: DASHBOARD_API.webcamImage(cam.id, filename) };
  };

  // SPEC §7: GET /api/webcam/{id} with the id left out answers the list, slash or not.
  const list = async (request: FastifyRequest) => {
    requireUser(ctx, request);
    return WEBCAMS;
  };
  app.get(DASHBOARD_API.webcams, list);
  app.get(`${DASHBOARD_API.webcams}/`, list);

  app.get('/api/webcam/:id', async (request) => {
    requireUser(ctx, request);
    return camera(request.params);
  });

  app.get('/api/webcam/:id/available-images', async (request): Promise<WebcamImage[]> => {
    requireUser(ctx, request);
    const cam = camera(request.params);
    const { from, to } = parse(rangeQuery, request.query, 'time range');
    if (from > to) throw badRequest('Invalid time range: from is after to');
    const now = ctx.now();
    const step = cam.intervalSeconds * 1000;
    const first = Math.max(
      imageTime(cam, from + step - 1),
      imageTime(cam, now - WEBCAM_HISTORY_MS),
    );
    const last = Math.min(imageTime(cam, to), imageTime(cam, now));
    if (last < first) return [];
    const count = Math.floor((last - first) / step) + 1;
    const stride = Math.ceil(count / MAX_LISTED_IMAGES);
    const images: WebcamImage[] = [];
    for (let t = first; t <= last; t += step * stride) images.push(image(cam, t));
    return images;
  });

  app.get('/api/webcam/:id/current', async (request, reply) => {
    requireUser(ctx, request);
    const cam = camera(request.params);
    const { currentFilename } = parse(currentQuery, request.query, 'query');
    const newest = image(cam, imageTime(cam, ctx.now()));
    if (currentFilename === newest.filename) return reply.status(204).send();
    return newest;
  });

  app.get('/api/webcam/:id/images/:filename', async (request, reply) => {
    requireUser(ctx, request);
    const { filename } = parse(fileParams, request.params, 'image');
    const cam = camera(request.params);
    const time = timeOfFile(cam, filename);
    const now = ctx.now();
    if (time === null || time > now || time < now - WEBCAM_HISTORY_MS - 60_000)
      throw notFound(`No image ${filename}`);
    reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'private, max-age=604800, immutable')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return drawImage(cam, time, ctx.config.plantTimeZone);
  });
}
