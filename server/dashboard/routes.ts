/**
 * The dashboard API of SPEC §7 "Dashboard": the dashboards with their notes, and saving a
 * note, which reaches every tab through the dashboard hub (`noteUpdate`). Reading needs a
 * session (401); saving needs editDashboards (403); bodies are validated (400).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DASHBOARD_API,
  MAP_TYPES,
  MAX_NOTE_LENGTH,
  noteKey,
  type DashboardConfigResult,
  type DashboardNote,
} from '../../src/contract/dashboard.ts';
import { requireRight, requireUser } from '../auth/guards.ts';
import { hasRight } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import type { DashboardHubHandle } from '../hubs/keyedHubs.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Plant } from '../plant/types.ts';
import { weatherServiceConfig } from '../weather/weatherConfig.ts';
import { NoteStore } from './NoteStore.ts';
import { buildSampleDashboards } from './sampleDashboards.ts';

/** Tile sources per map type; a deployment points them at its own tile server. */
export const DEFAULT_MAP_TILES: DashboardConfigResult['mapTiles'] = {
  Roadmap: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  OpenStreetMap: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  Terrain: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
  Topographic: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
  Satellite:
    'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  Hybrid:
    'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
};

const mapTilesEnv = z.partialRecord(z.enum(MAP_TYPES), z.string().regex(/^https?:\/\/\S+$/));

/**
 * Tile sources: the defaults, overridden per map type by PEGEL_MAP_TILES, a JSON object such as
 * `{"Roadmap":"https://tiles.plant.example/{z}/{x}/{y}.png"}`.
 */
export function mapTileSources(
  env: NodeJS.ProcessEnv = process.env,
): DashboardConfigResult['mapTiles'] {
  if (!env.PEGEL_MAP_TILES) return DEFAULT_MAP_TILES;
  const parsed = mapTilesEnv.safeParse(JSON.parse(env.PEGEL_MAP_TILES));
  if (!parsed.success) throw new Error(`PEGEL_MAP_TILES: ${parsed.error.issues[0]?.message}`);
  return { ...DEFAULT_MAP_TILES, ...parsed.data };
}

const idParams = z.strictObject({ id: z.coerce.number().int().positive() });
const noteBody = z.strictObject({
  id: z.number().int().positive(),
  note: z.string().max(MAX_NOTE_LENGTH),
});

export function registerDashboardRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  hub: DashboardHubHandle,
): void {
  const sample = buildSampleDashboards(plant);
  const notes = new NoteStore(ctx.db, sample.notes);
  const mapTiles = mapTileSources();

  app.get(DASHBOARD_API.config, async (request) => {
    const user = requireUser(ctx, request);
    const result: DashboardConfigResult = {
      dashboards: sample.dashboards,
      weather: weatherServiceConfig(),
      mapTiles,
      currentUserCanEdit: hasRight(user, 'editDashboards'),
      notes: notes.all(),
    };
    return result;
  });

  app.patch('/api/dashboard/note/:id', async (request): Promise<DashboardNote> => {
    const user = requireRight(ctx, request, 'editDashboards');
    const { id } = parse(idParams, request.params, 'note id');
    const body = parse(noteBody, request.body, 'note');
    if (body.id !== id) throw badRequest(`Invalid note: id ${body.id} does not match ${id}`);
    if (!notes.has(id)) throw notFound(`No note ${id}`);
    const saved = notes.save(body, user.username, ctx.now());
    hub.publishNoteUpdate(noteKey(id), saved);
    return saved;
  });
}
