/**
 * REST routes over the simulated plant (SPEC §7 "Process values" and "Station"). Every route
 * needs a signed-in user; bodies are validated with zod.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PV_TYPES, STATION_CALL_ACTIONS } from '../../src/contract/enums.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvConfig } from '../../src/contract/pv.ts';
import type { StationCallResult } from '../../src/contract/station.ts';
import type { SessionUser } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { PlantSimulation } from './types.ts';

/** More refs than any screen shows at once; bigger requests are split by the client. */
export const MAX_CONFIG_REFS = 5000;
export const MAX_CALL_STATIONS = 1000;

const pvRefSchema = z.strictObject({
  type: z.enum(PV_TYPES),
  nr: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

const configsBody = z.array(pvRefSchema).max(MAX_CONFIG_REFS);

const callBody = z.strictObject({
  action: z.enum(STATION_CALL_ACTIONS),
  stations: z
    .array(z.strictObject({ stationNumber: z.number().int().nonnegative() }))
    .min(1)
    .max(MAX_CALL_STATIONS),
});

export function registerPlantRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: PlantSimulation,
): void {
  const signedIn = (request: FastifyRequest): SessionUser => {
    const user = ctx.auth.userOf(request);
    if (!user) throw unauthorized();
    return user;
  };

  app.get(API.pv.all, async (request) => {
    signedIn(request);
    return plant.pvList();
  });

  app.get(API.pv.nodes, async (request) => {
    signedIn(request);
    return plant.pvNodes();
  });

  // Answers the configs it knows; unknown refs are left out and the client reports them.
  app.post(API.pv.configs, async (request) => {
    signedIn(request);
    const refs = parse(configsBody, request.body, 'PV refs');
    const found: PvConfig[] = [];
    for (const ref of refs) {
      const config = plant.config(ref);
      if (config) found.push(config);
    }
    return found;
  });

  app.get(API.station.all, async (request) => {
    signedIn(request);
    return plant.stationOverview();
  });

  app.post(API.station.call, async (request): Promise<StationCallResult> => {
    const user = signedIn(request);
    const body = parse(callBody, request.body, 'station call');
    const result = plant.call(
      body.action,
      body.stations.map((s) => s.stationNumber),
      user,
    );
    // Every dial action leaves a control event per station it was sent to.
    const refused = new Set(
      [...result.missing, ...result.notCallable, ...result.unauthorized].map(
        (s) => s.stationNumber,
      ),
    );
    for (const { stationNumber } of body.stations) {
      if (refused.has(stationNumber)) continue;
      ctx.audit?.({
        category: 'System',
        user: user.username,
        text: `Wählaktion ${body.action}`,
        message: { key: 'dialAction', params: { action: body.action } },
        control: {
          stationNumber,
          stationName: plant.stationConfig(stationNumber)?.name ?? '',
          pvRef: null,
        },
      });
    }
    return result;
  });
}
