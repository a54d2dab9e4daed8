/**
 * Pipe leakage on the reference server: the network sections sampled each simulator tick,
 * pushed on `/hubs/pipeleakage` to the subscribed sections (the current state right after a
 * subscribe), a PipeLeakage alert with its alert-state binding while a section is in Leak, the
 * list of sections, and an admin switch that starts or stops a simulated leak.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LEAKAGE_API, type LeakageSection as SectionInfo } from '../../src/contract/leakage.ts';
import { requireRight, requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import type { PipeLeakageHubHandle } from '../hubs/keyedHubs.ts';
import { parse } from '../http/validate.ts';
import { notFound } from '../http/errors.ts';
import type { AlertRaiser } from '../alerts/AlertRaiser.ts';
import { createRandom } from '../plant/random.ts';
import { STATION_CATALOG } from '../plant/stationCatalog.ts';
import type { Plant } from '../plant/types.ts';
import {
  LeakageSection,
  SECTIONS,
  referenceOf,
  thresholdOf,
  tightNightsBefore,
} from './leakageModel.ts';

/** A leak alert is priority 1: water is lost and a street may wash out (SPEC §9: 0 highest). */
export const LEAK_PRIORITY = 1;
const NIGHTS_SEEDED = 42;

const leakBody = z.strictObject({
  pipeLeakageId: z.number().int(),
  /** Leak flow in m³/h; 0 ends it. */
  flow: z.number().min(0).max(500),
});

export function registerLeakage(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  hub: PipeLeakageHubHandle,
  raiser: Pick<AlertRaiser, 'raiseExternal' | 'clearExternal' | 'judgeExternal'>,
  seed: number,
): () => void {
  const random = createRandom(seed * 7919 + 17);
  const noise = () => random.range(-1, 1);
  const sections = SECTIONS.map((def) => {
    const section = new LeakageSection(
      def,
      ctx.config.plantTimeZone,
      noise,
      ctx.config.leakDetectionMs,
    );
    // The weeks before the start: a tight section, its night minimum near the reference,
    // each night's window from 02:00 plant time, the last the night just past.
    section.seedNights(
      tightNightsBefore(
        ctx.now(),
        ctx.config.plantTimeZone,
        NIGHTS_SEEDED,
        // Night use varies a little; a tight zone stays at or under its reference.
        () =>
          Math.round((referenceOf(def) - 0.15 * thresholdOf(def) * Math.abs(noise())) * 10) / 10,
      ),
    );
    return section;
  });
  const byKey = new Map(sections.map((s) => [String(s.def.pipeLeakageId), s]));
  const stationName = (nr: number) => STATION_CATALOG.find((s) => s.nr === nr)?.name ?? '';

  const sample = () => {
    const at = ctx.now();
    for (const section of sections) {
      const value = section.sample(at);
      hub.publishConfig(String(value.pipeLeakageId), value);
      const binding = { type: 'PipeLeakage' as const, id: value.pipeLeakageId };
      if (value.measurementState === 'Leak')
        raiser.raiseExternal(binding, {
          stationNumber: section.def.stationNumber,
          stationName: stationName(section.def.stationNumber),
          sourceName: section.def.name,
          text: `${section.def.name}: Leckage erkannt (+${value.measurementChange.toLocaleString('de-DE')} m³/h)`,
          priority: LEAK_PRIORITY,
        });
      else if (value.measurementState === 'Ok') raiser.clearExternal(binding);
    }
  };
  hub.setCurrent((key) => byKey.get(key)?.current ?? undefined);
  // The leak alarm clears when the section's state does (an alarm from before a restart too:
  // the first sample's Ok clears it); Warning is the band between, where it stays.
  raiser.judgeExternal('PipeLeakage', (binding) => {
    const section = binding.type === 'PipeLeakage' ? byKey.get(String(binding.id)) : undefined;
    if (!section) return 'false';
    const state = section.current?.measurementState ?? 'NoData';
    if (state === 'NoData') return 'unknown';
    return state === 'Ok' ? 'false' : 'true';
  });
  sample();
  const off = plant.on('values', sample);

  app.get(LEAKAGE_API.sections, async (request): Promise<SectionInfo[]> => {
    requireUser(ctx, request);
    return sections.map((s) => ({
      pipeLeakageId: s.def.pipeLeakageId,
      name: s.def.name,
      referenceValue: referenceOf(s.def),
      stationNumber: s.def.stationNumber,
    }));
  });
  app.post(LEAKAGE_API.simulateLeak, async (request) => {
    const user = requireRight(ctx, request, 'admin');
    const { pipeLeakageId, flow } = parse(leakBody, request.body);
    const section = byKey.get(String(pipeLeakageId));
    if (!section) throw notFound(`No pipe leakage section ${pipeLeakageId}`);
    section.leakFlow = flow;
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text: `Simulated leak in ${section.def.name}: ${flow} m³/h`,
    });
    return { pipeLeakageId, flow };
  });
  return off;
}

/**
 * A field plant has no leakage zones (they belong to the simulated network): the sections are an
 * empty list, so the client's leakage page says there are none instead of meeting a 404.
 */
export function registerNoLeakage(app: FastifyInstance, ctx: ServerContext): void {
  app.get(LEAKAGE_API.sections, async (request): Promise<SectionInfo[]> => {
    requireUser(ctx, request);
    return [];
  });
}
