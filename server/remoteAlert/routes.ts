/**
 * SPEC §7 "Remote alert": alarm plans, plans to confirm and call numbers. Reading needs a
 * session (401); plan changes report rights per plan (unauthorizedPlans, SPEC §6); call
 * number changes need writePlans (403 without it), and per number the user's stations
 * (status Unauthorized, unauthorizedNumbers). Bodies are validated (400, nothing
 * changed), CSRF is checked like every state-changing call. Two admin-only switches let tests
 * and demonstrations make an alarm line faulty and raise a remote alarm.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CALL_NUMBER_NAME_MAX,
  REMOTE_ALERT_API,
  type AlarmCallNumbersResult,
  type AlarmPlan,
  type AlarmPlanResult,
  type CallNumbersSaveResult,
  type PlanToConfirm,
} from '../../src/contract/remoteAlert.ts';
import { CALL_NUMBER_ERROR_TEXT, callNumberFieldErrors } from '../../src/domain/remoteAlarm.ts';
import { requireRight, requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { RemoteAlertService } from './RemoteAlertService.ts';

export const REMOTE_ALERT_SIMULATION_API = {
  line: '/api/admin/simulate/alarm-line',
  alarm: '/api/admin/simulate/remote-alarm',
} as const;

/** More items than any plant has plans or numbers: a bound on work per request. */
const MAX_ITEMS = 2000;

const nr = z.number().int().min(0).max(1_000_000);
const planRef = z.strictObject({
  station: z.strictObject({ stationNumber: nr }),
  planNumber: nr,
});
const setActiveBody = z
  .array(z.strictObject({ planRef, active: z.boolean() }))
  .min(1)
  .max(MAX_ITEMS);
const ackBody = z
  .array(z.strictObject({ planRef, ack: z.literal(true) }))
  .min(1)
  .max(MAX_ITEMS);
const ackQuery = z.strictObject({ ackNonSent: z.enum(['true', 'false']).optional() });
const numbersStateBody = z
  .array(z.strictObject({ id: nr.min(1), active: z.boolean() }))
  .min(1)
  .max(MAX_ITEMS);
const numberFields = {
  name: z.string().max(CALL_NUMBER_NAME_MAX * 2),
  number: z.string().max(64),
  categoryId: nr,
  pvGroups: z.array(nr).max(MAX_ITEMS),
};
const numberEdit = z.strictObject({
  id: nr,
  ...numberFields,
  previous: z.strictObject(numberFields).optional(),
});
const numbersBody = z.array(numberEdit).min(1).max(MAX_ITEMS);
const lineBody = z.strictObject({
  stationNumber: nr,
  lineNumber: nr,
  faulty: z.boolean().optional(),
  busy: z.boolean().optional(),
});
const alarmBody = z.strictObject({
  stationNumber: nr,
  priority: z.number().int().min(0).max(9),
  text: z.string().trim().min(1).max(200),
  night: z.boolean().default(true),
});

export function registerRemoteAlertRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  service: RemoteAlertService,
): void {
  app.get(REMOTE_ALERT_API.plans, async (request): Promise<AlarmPlan[]> => {
    return service.plans(requireUser(ctx, request));
  });

  app.post(REMOTE_ALERT_API.setActive, async (request): Promise<AlarmPlanResult> => {
    const user = requireUser(ctx, request);
    return service.setActive(user, parse(setActiveBody, request.body, 'plans'));
  });

  app.get(REMOTE_ALERT_API.plansToConfirm, async (request): Promise<PlanToConfirm[]> => {
    return service.plansToConfirm(requireUser(ctx, request));
  });

  app.post(REMOTE_ALERT_API.ackPlans, async (request): Promise<AlarmPlanResult> => {
    const user = requireUser(ctx, request);
    const { ackNonSent } = parse(ackQuery, request.query, 'query');
    const acks = parse(ackBody, request.body, 'plans');
    return service.ackPlans(
      user,
      acks.map((a) => a.planRef),
      ackNonSent === 'true',
    );
  });

  app.get(REMOTE_ALERT_API.numbersForActivation, async (request): Promise<AlarmCallNumbersResult> =>
    service.numbers(requireUser(ctx, request)),
  );

  app.get(REMOTE_ALERT_API.numbers, async (request): Promise<AlarmCallNumbersResult> =>
    service.numbers(requireUser(ctx, request)),
  );

  app.post(REMOTE_ALERT_API.setNumbersState, async (request): Promise<CallNumbersSaveResult> => {
    const user = requireRight(ctx, request, 'writePlans');
    return service.setNumbersState(user, parse(numbersStateBody, request.body, 'call numbers'));
  });

  app.post(REMOTE_ALERT_API.numbers, async (request): Promise<CallNumbersSaveResult> => {
    const user = requireRight(ctx, request, 'writePlans');
    const edits = parse(numbersBody, request.body, 'call numbers');
    // RA10: every broken rule of every row, so a form can mark them all at once.
    const issues = edits.flatMap((e, i) =>
      callNumberFieldErrors(e).map(({ field, rule }) => ({
        path: `${i}.${field}`,
        message: CALL_NUMBER_ERROR_TEXT[rule],
      })),
    );
    if (issues.length > 0)
      throw badRequest(`Invalid call numbers: ${issues[0]!.path}: ${issues[0]!.message}`, issues);
    return service.saveNumbers(user, edits);
  });

  app.post(REMOTE_ALERT_SIMULATION_API.line, async (request) => {
    const user = requireRight(ctx, request, 'admin');
    const body = parse(lineBody, request.body, 'line');
    const state = {
      ...(body.faulty !== undefined ? { faulty: body.faulty } : {}),
      ...(body.busy !== undefined ? { busy: body.busy } : {}),
    };
    if (!service.lines.set(body.stationNumber, body.lineNumber, state))
      throw badRequest(`Unbekannte Alarmleitung: ${body.stationNumber}/${body.lineNumber}`);
    ctx.audit?.({
      category: 'System',
      user: user.username,
      text: `Simulated alarm line ${body.stationNumber}/${body.lineNumber}: ${JSON.stringify(state)}`,
    });
    return { line: service.lines.byKey(`${body.stationNumber}_${body.lineNumber}`) };
  });

  app.post(REMOTE_ALERT_SIMULATION_API.alarm, async (request) => {
    const user = requireRight(ctx, request, 'admin');
    const body = parse(alarmBody, request.body, 'alarm');
    service.simulateAlarm(user, body.stationNumber, body.priority, body.text, body.night);
    return { raised: true };
  });
}
