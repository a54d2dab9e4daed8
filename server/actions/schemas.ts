/**
 * Request schemas of the action routes. The ranges of SPEC §5/§9 (priority 0-9, delay time
 * 0-65535, runtimes not negative, a valid time of day) are checked here, so a client that
 * skips its own checks gets a 400 and the plant is never touched.
 */
import { z } from 'zod';
import { PRIORITY_MAX, PRIORITY_MIN } from '../../src/contract/alerts.ts';
import { LIMIT_TYPES, PV_TYPES, RUNTIME_TYPES } from '../../src/contract/enums.ts';
import { DELAY_TIME_MAX_S, DELAY_TIME_MIN_S } from '../../src/domain/validation/limits.ts';

/** More items than any dialog sends at once. */
export const MAX_ACTION_ITEMS = 1000;
export const MAX_TEXT_LENGTH = 500;

export const pvRefSchema = z.strictObject({
  type: z.enum(PV_TYPES),
  nr: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** hour*256 + minutes with hour 0-23 and minutes 0-59 (SPEC §5 "Value entry"). */
const timeOfDay = z
  .number()
  .int()
  .refine((v) => v >= 0 && Math.floor(v / 256) <= 23 && v % 256 <= 59, 'is no valid time of day');

export const setValuesBody = z
  .array(
    z.discriminatedUnion('typeOfValue', [
      z.strictObject({
        pvRef: pvRefSchema,
        typeOfValue: z.literal('BoolValue'),
        boolValue: z.boolean(),
      }),
      z.strictObject({
        pvRef: pvRefSchema,
        typeOfValue: z.literal('DoubleValue'),
        doubleValue: finite,
      }),
      z.strictObject({
        pvRef: pvRefSchema,
        typeOfValue: z.literal('TimeOfDayValue'),
        timeOfDayValue: timeOfDay,
      }),
    ]),
  )
  .min(1)
  .max(MAX_ACTION_ITEMS);

export const pvRefsBody = z.array(pvRefSchema).max(MAX_ACTION_ITEMS);

const runtimeValueSchema = z.strictObject({
  lower: finite,
  lowerMid: finite,
  upperMid: finite,
  upper: finite,
  value: finite,
  runtimeType: z.enum(RUNTIME_TYPES),
});

const pvRuntimeSchema = z.strictObject({ pvRef: pvRefSchema, runtimeValue: runtimeValueSchema });

const newRuntimeSchema = pvRuntimeSchema.extend({
  runtimeValue: runtimeValueSchema.extend({
    value: finite.refine((v) => v >= 0, 'must not be negative'),
  }),
});

const priority = z.number().int().min(PRIORITY_MIN).max(PRIORITY_MAX);
const delayTime = z.number().int().min(DELAY_TIME_MIN_S).max(DELAY_TIME_MAX_S);

const limitConfigSchema = z.strictObject({
  pvLimitRef: z.strictObject({ pv: pvRefSchema, limitType: z.enum(LIMIT_TYPES) }),
  limit: finite,
  priority,
  delayTime,
  description: z.string().max(MAX_TEXT_LENGTH),
  message: z.string().max(MAX_TEXT_LENGTH),
  notSet: z.boolean(),
});

/** Old and new lists of the same length, pairs naming the same item. */
function oldAndNew<O extends z.ZodType, N extends z.ZodType>(
  oldItem: O,
  newItem: N,
  same: (a: z.infer<O>, b: z.infer<N>) => boolean,
) {
  return z
    .strictObject({
      oldValues: z.array(oldItem).max(MAX_ACTION_ITEMS),
      newValues: z.array(newItem).max(MAX_ACTION_ITEMS),
    })
    .refine((b) => b.oldValues.length === b.newValues.length, {
      message: 'oldValues and newValues must have the same length',
      path: ['newValues'],
    })
    .refine((b) => b.oldValues.every((o, i) => same(o, b.newValues[i]!)), {
      message: 'each new value must name the same item as the old value at its position',
      path: ['newValues'],
    });
}

type RuntimeItem = z.infer<typeof pvRuntimeSchema>;
type LimitItem = z.infer<typeof limitConfigSchema>;
type PriorityItem = { pvRef: z.infer<typeof pvRefSchema>; priority: number };

const sameRef = (a: { type: string; nr: number }, b: { type: string; nr: number }) =>
  a.type === b.type && a.nr === b.nr;

export const setRuntimesBody = oldAndNew(
  pvRuntimeSchema,
  newRuntimeSchema,
  (a: RuntimeItem, b: RuntimeItem) =>
    sameRef(a.pvRef, b.pvRef) && a.runtimeValue.runtimeType === b.runtimeValue.runtimeType,
);

export const setLimitsBody = oldAndNew(
  limitConfigSchema,
  limitConfigSchema,
  (a: LimitItem, b: LimitItem) =>
    sameRef(a.pvLimitRef.pv, b.pvLimitRef.pv) && a.pvLimitRef.limitType === b.pvLimitRef.limitType,
);

const prioritySchema = z.strictObject({ pvRef: pvRefSchema, priority });
export const setPrioritiesBody = oldAndNew(
  prioritySchema,
  prioritySchema,
  (a: PriorityItem, b: PriorityItem) => sameRef(a.pvRef, b.pvRef),
);

export const priorityOutputAckQuery = z.object({
  station: z.coerce.number().int().nonnegative(),
  pvGroup: z.coerce.number().int().nonnegative(),
});

export const textIdsBody = z.array(z.number().int().nonnegative()).max(MAX_ACTION_ITEMS);

export const setTextMessagesBody = z
  .array(
    z.strictObject({
      id: z.number().int().nonnegative(),
      message: z
        .string()
        .max(MAX_TEXT_LENGTH)
        .refine((s) => s.trim() !== '', 'must not be empty'),
    }),
  )
  .min(1)
  .max(100);
