/**
 * The maintenance API of SPEC §7 "Maintenance": descriptions, notifications, life cycle,
 * data sheets and the overview protocols, plus setting a machine's service intervals (our
 * addition). Reading needs a session (401); changing needs editMaintenance and the right on
 * the machine's station (403); bad input is a 400. Every change leaves a control event.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PV_TYPES, SERVICE_MESSAGE_TYPES } from '../../src/contract/enums.ts';
import {
  LIFECYCLE_KINDS,
  MAINTENANCE_API,
  type DatasheetDataEntry,
  type DatasheetPart,
  type DatasheetResult,
  type LifecycleList,
  type LifecycleSaveResult,
  type MaintenanceConfig,
  type MaintenanceDescription,
  type MaintenanceNotificationList,
  type MaintenanceProtocol,
} from '../../src/contract/maintenance.ts';
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import type { EventMessage } from '../../src/contract/eventText.ts';
import { requireRight, requireUser } from '../auth/guards.ts';
import { hasRight, mayActOnStation, type SessionUser } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { lifecycleDateBounds } from '../../src/domain/maintenance.ts';
import { checkDateBounds } from '../../src/domain/validation/forms.ts';
import { machineData, machineParts, storageCardLife } from './datasheetData.ts';
import { BatchRefused, type LifecycleStore } from './LifecycleStore.ts';
import type { MaintenancePlant, ServiceIntervals } from './ServiceIntervals.ts';

export const pvQuery = z.object({
  pvType: z.enum(PV_TYPES),
  pvNr: z.coerce.number().int().min(0).max(2_147_483_647),
});
const optionalPvQuery = z.object({
  pvType: z.enum(PV_TYPES).optional(),
  pvNr: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
const stationQuery = z.object({ stationNr: z.coerce.number().int().min(0).max(100_000) });
const compareQuery = stationQuery.extend({
  compareValue: z.coerce.number().finite().min(-1e9).max(1e9),
  isPercent: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

const text = (max: number) => z.string().max(max);
const entryInput = z.strictObject({
  maintenanceTimestamp: z
    .number()
    .int()
    .min(Date.UTC(1950, 0, 1))
    .max(Date.UTC(2100, 0, 1)),
  kind: z.enum(LIFECYCLE_KINDS),
  description: text(2000).trim().min(1),
  performedBy: text(200),
  serviceMessageType: z.enum(SERVICE_MESSAGE_TYPES).nullable(),
});
const saveBody = z.strictObject({
  pvType: z.enum(PV_TYPES),
  pvNr: z.number().int().min(0).max(2_147_483_647),
  entriesToCreate: z.array(entryInput).max(200),
  entriesToUpdate: z.array(entryInput.extend({ id: z.number().int().positive() })).max(200),
  idsToDelete: z.array(z.number().int().positive()).max(200),
});
const entryBody = z.strictObject({
  pvType: z.enum(PV_TYPES),
  pvNr: z.number().int().min(0).max(2_147_483_647),
  entry: entryInput,
});
const pvRefBody = z.strictObject({
  type: z.enum(PV_TYPES),
  nr: z.number().int().min(0).max(2_147_483_647),
});
const configsBody = z.strictObject({
  configs: z
    .array(
      z.strictObject({
        pvRef: pvRefBody,
        serviceMessageType: z.enum(SERVICE_MESSAGE_TYPES),
        runtimeHours: z.number().finite().positive().max(10_000_000),
        runtimeEndType: z.enum(['Absolute', 'Active']),
        priority: z.number().int().min(0).max(9),
        delayTime: z.number().int().min(0).max(65535),
        description: text(200).trim().min(1),
        message: text(200).trim().min(1),
      }),
    )
    .min(1)
    .max(100),
});

export interface MaintenanceDeps {
  plant: MaintenancePlant;
  intervals: ServiceIntervals;
  lifecycle: LifecycleStore;
  /** Pushes changed configs over the pv hub. */
  publish(configs: readonly MaintenanceConfig[]): void;
}

/** The PV of a query or body, 404 when the plant has none. */
export function pvOf(plant: MaintenancePlant, ref: PvRef): PvConfig {
  const config = plant.config(ref);
  if (!config) throw notFound(`No PV ${ref.type} ${ref.nr}`);
  return config;
}

/** The user may change maintenance data of this machine: editMaintenance and station right. */
export function requireMaintenanceEdit(
  ctx: ServerContext,
  request: FastifyRequest,
  config: PvConfig,
): SessionUser {
  const user = requireRight(ctx, request, 'editMaintenance');
  if (!mayActOnStation(user, config.stationNumber))
    throw forbidden(`Insufficient rights on station ${config.stationNumber}`);
  return user;
}

export const canEdit = (user: SessionUser, config: PvConfig) =>
  hasRight(user, 'editMaintenance') && mayActOnStation(user, config.stationNumber);

/** The PV a query or body names by `pvType` and `pvNr`. */
export const refOf = (q: { pvType: PvRef['type']; pvNr: number }): PvRef => ({
  type: q.pvType,
  nr: q.pvNr,
});

/**
 * A datasheet list (machine data, parts, documents) of the PV the request's query names, 404
 * when the plant has none, with whether the user may edit it.
 */
export function datasheetOf<T>(
  ctx: ServerContext,
  plant: MaintenancePlant,
  request: FastifyRequest,
  entries: (config: PvConfig, ref: PvRef) => T[],
): DatasheetResult<T> {
  const user = requireUser(ctx, request);
  const ref = refOf(parse(pvQuery, request.query, 'query'));
  const config = pvOf(plant, ref);
  return {
    status: 'Success',
    message: '',
    entries: entries(config, ref),
    currentUserCanEdit: canEdit(user, config),
  };
}

export function registerMaintenanceRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  deps: MaintenanceDeps,
): void {
  const { plant, intervals, lifecycle } = deps;
  const audit = (
    user: SessionUser,
    config: PvConfig,
    ref: PvRef,
    text: string,
    message: EventMessage,
  ) =>
    ctx.audit?.({
      category: 'Config',
      user: user.username,
      text,
      message,
      control: { stationNumber: config.stationNumber, stationName: config.stationName, pvRef: ref },
    });

  app.get(MAINTENANCE_API.descriptions, async (request): Promise<MaintenanceDescription[]> => {
    requireUser(ctx, request);
    return intervals.machines.flatMap((ref) => {
      const config = plant.config(ref);
      if (!config) return [];
      return [
        {
          pvRef: ref,
          name: config.name,
          stationNumber: config.stationNumber,
          stationName: config.stationName,
          descriptions: intervals.configs(ref).map((c) => ({
            serviceMessageType: c.pvMaintenanceRef.serviceMessageType,
            description: c.description,
          })),
        },
      ];
    });
  });

  app.get(MAINTENANCE_API.notifications, async (request): Promise<MaintenanceNotificationList> => {
    requireUser(ctx, request);
    const q = parse(optionalPvQuery, request.query, 'query');
    if ((q.pvType === undefined) !== (q.pvNr === undefined))
      throw badRequest('Invalid query: pvType and pvNr go together');
    const ref = q.pvType !== undefined && q.pvNr !== undefined ? refOf(q as never) : null;
    if (ref) pvOf(plant, ref);
    return { notifications: intervals.notifications(ref) };
  });

  app.get(MAINTENANCE_API.configs, async (request): Promise<MaintenanceConfig[]> => {
    requireUser(ctx, request);
    const ref = refOf(parse(pvQuery, request.query, 'query'));
    pvOf(plant, ref);
    return intervals.configs(ref);
  });

  app.post(MAINTENANCE_API.configs, async (request): Promise<MaintenanceConfig[]> => {
    requireUser(ctx, request);
    const { configs } = parse(configsBody, request.body, 'configs');
    const pvs = configs.map((c) => {
      const config = pvOf(plant, c.pvRef);
      requireMaintenanceEdit(ctx, request, config);
      if (!intervals.isMachine(c.pvRef))
        throw badRequest(`Invalid configs: ${c.pvRef.type} ${c.pvRef.nr} keeps no runtimes`);
      return config;
    });
    const user = requireUser(ctx, request);
    ctx.db.transaction(() => {
      configs.forEach((c, i) => {
        intervals.save(c, user.username);
        audit(
          user,
          pvs[i]!,
          c.pvRef,
          `Wartungsintervall ${c.serviceMessageType} ${pvs[i]!.name}: ${c.runtimeHours} (${c.runtimeEndType})`,
          {
            key: 'serviceIntervalSet',
            params: {
              type: c.serviceMessageType,
              name: pvs[i]!.name,
              hours: c.runtimeHours,
              end: c.runtimeEndType,
            },
          },
        );
      });
    })();
    const changed = configs
      .map((c) => intervals.config(c.pvRef, c.serviceMessageType))
      .filter((c): c is MaintenanceConfig => c !== null);
    deps.publish(changed);
    return changed;
  });

  app.get(MAINTENANCE_API.lifecycle, async (request): Promise<LifecycleList> => {
    const user = requireUser(ctx, request);
    const ref = refOf(parse(pvQuery, request.query, 'query'));
    const config = pvOf(plant, ref);
    return { entries: lifecycle.list(ref), currentUserCanEdit: canEdit(user, config) };
  });

  const saveBatch = (
    request: FastifyRequest,
    ref: PvRef,
    batch: Pick<z.infer<typeof saveBody>, 'entriesToCreate' | 'entriesToUpdate' | 'idsToDelete'>,
  ): LifecycleSaveResult => {
    const config = pvOf(plant, ref);
    const user = requireMaintenanceEdit(ctx, request, config);
    // The client's date rule (MT5), so no other caller stores what the editor refuses.
    const bounds = lifecycleDateBounds(ctx.now());
    const dated = [
      ...batch.entriesToCreate.map((e, i) => ({ e, path: `entriesToCreate.${i}` })),
      ...batch.entriesToUpdate.map((e, i) => ({ e, path: `entriesToUpdate.${i}` })),
    ].filter(({ e }) => checkDateBounds(e.maintenanceTimestamp, bounds) !== null);
    if (dated.length > 0)
      throw badRequest(
        `A life-cycle entry must be dated between ${new Date(bounds.earliest).toISOString().slice(0, 10)} and ${new Date(bounds.latest).toISOString().slice(0, 10)}`,
        dated.map(({ e, path }) => ({
          path: `${path}.maintenanceTimestamp`,
          message:
            e.maintenanceTimestamp < bounds.earliest
              ? 'too far in the past'
              : 'too far in the future',
        })),
      );
    let result: LifecycleSaveResult;
    try {
      result = ctx.db.transaction(() => {
        const r = lifecycle.save(ref, batch, user.username, {
          runtimeAt: (pv, at) => intervals.operatingHours(pv, at),
          onService: (pv, type) => intervals.recordService(pv, type),
        });
        audit(
          user,
          config,
          ref,
          `Lebenslauf ${config.name}: ${r.created.length} neu, ${r.updated.length} geändert, ${r.deletedIds.length} gelöscht`,
          {
            key: 'lifecycleSaved',
            params: {
              name: config.name,
              created: r.created.length,
              updated: r.updated.length,
              deleted: r.deletedIds.length,
            },
          },
        );
        return r;
      })();
    } catch (err) {
      intervals.forget();
      if (err instanceof BatchRefused)
        return { status: 'Failed', message: err.message, created: [], updated: [], deletedIds: [] };
      throw err;
    }
    const serviced = [...batch.entriesToCreate, ...batch.entriesToUpdate].flatMap((e) =>
      e.serviceMessageType ? [intervals.config(ref, e.serviceMessageType)] : [],
    );
    deps.publish(serviced.filter((c): c is MaintenanceConfig => c !== null));
    return result;
  };

  app.post(MAINTENANCE_API.lifecycle, async (request): Promise<LifecycleSaveResult> => {
    requireUser(ctx, request);
    const body = parse(saveBody, request.body, 'life cycle');
    return saveBatch(request, { type: body.pvType, nr: body.pvNr }, body);
  });

  app.post(MAINTENANCE_API.lifecycleEntry, async (request): Promise<LifecycleSaveResult> => {
    requireUser(ctx, request);
    const body = parse(entryBody, request.body, 'life cycle entry');
    return saveBatch(
      request,
      { type: body.pvType, nr: body.pvNr },
      { entriesToCreate: [body.entry], entriesToUpdate: [], idsToDelete: [] },
    );
  });

  app.get(MAINTENANCE_API.data, async (request): Promise<DatasheetResult<DatasheetDataEntry>> =>
    datasheetOf(ctx, plant, request, (config, ref) => machineData(config, ref.nr)),
  );

  app.get(MAINTENANCE_API.parts, async (request): Promise<DatasheetResult<DatasheetPart>> =>
    datasheetOf(ctx, plant, request, (config, ref) => machineParts(config, ref.nr)),
  );

  const protocolOf = (refs: readonly PvRef[]): MaintenanceProtocol => ({
    rows: refs.flatMap((ref) => intervals.protocolRows(ref)),
  });
  const machinesOf = (stationNr: number) =>
    intervals.machines.filter(
      (ref) => stationNr === 0 || plant.config(ref)?.stationNumber === stationNr,
    );

  app.get(MAINTENANCE_API.protocolByStation, async (request): Promise<MaintenanceProtocol> => {
    requireUser(ctx, request);
    const { stationNr } = parse(stationQuery, request.query, 'query');
    const storageCards = plant
      .stations()
      .filter((s) => stationNr === 0 || s.id === stationNr)
      .map((s) => ({
        stationNumber: s.id,
        stationName: s.name,
        lifePercent: storageCardLife(s.id),
      }));
    return { ...protocolOf(machinesOf(stationNr)), storageCards };
  });

  app.get(MAINTENANCE_API.protocolByCompareValue, async (request): Promise<MaintenanceProtocol> => {
    requireUser(ctx, request);
    const q = parse(compareQuery, request.query, 'query');
    const all = protocolOf(machinesOf(q.stationNr));
    return {
      rows: all.rows.filter((r) =>
        q.isPercent ? r.remainingPercent <= q.compareValue : r.remainingRuntime <= q.compareValue,
      ),
    };
  });

  app.get(MAINTENANCE_API.protocolOfPv, async (request): Promise<MaintenanceProtocol> => {
    requireUser(ctx, request);
    const ref = refOf(parse(pvQuery, request.query, 'query'));
    pvOf(plant, ref);
    return protocolOf([ref]);
  });
}
