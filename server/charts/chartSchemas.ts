/** zod schemas of every chart query and body (contract src/contract/charts.ts). */
import { z } from 'zod';
import {
  CHART_DATA_LIMITS,
  CHART_TYPES,
  DATA_SOURCE_PRESETS,
  DATA_SOURCE_TYPES,
  SERIES_MEASUREMENT_TYPES,
} from '../../src/contract/charts.ts';
import { PV_TYPES } from '../../src/contract/enums.ts';

export const MAX_SERIES_PER_REQUEST = 100;
export const MAX_PVS_PER_REQUEST = 1_000;
export const MAX_IDS_PER_DELETE = 10_000;

const date = z.string().trim().min(1, 'required').max(40);

export const pvRefSchema = z.object({
  type: z.enum(PV_TYPES),
  nr: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'expected a numeric id')
    .transform(Number),
});

export const configsQuerySchema = z.object({ type: z.enum(CHART_TYPES) });

export const dataQuerySchema = z.object({
  startDate: date,
  endDate: date,
  source: z.enum(DATA_SOURCE_PRESETS).optional(),
  maxPoints: z
    .string()
    .regex(/^\d{1,6}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().min(10).max(CHART_DATA_LIMITS.maxMaxPoints))
    .optional(),
});

export const edgeQuerySchema = z.object({ source: z.enum(DATA_SOURCE_TYPES) });

export const autoSeriesSchema = z.object({
  seriesId: z.string().trim().min(1).max(100),
  pv: pvRefSchema,
  pvSubtype: z.enum(SERIES_MEASUREMENT_TYPES),
});

export const autoBodySchema = z.object({
  series: z.array(autoSeriesSchema).min(1).max(MAX_SERIES_PER_REQUEST),
});

export const pvListSchema = z.array(pvRefSchema).max(MAX_PVS_PER_REQUEST);

export const exportBodySchema = z.object({
  chartConfigId: z.number().int().nonnegative().nullable(),
  series: z.array(autoSeriesSchema).max(MAX_SERIES_PER_REQUEST),
  startDate: date,
  endDate: date,
  source: z.enum(DATA_SOURCE_PRESETS),
});

export const exportQuerySchema = z.object({
  decimalComma: z.enum(['true', 'false', '1', '0']).optional(),
});

const text = z
  .string()
  .trim()
  .min(1, 'text must not be empty')
  .max(CHART_DATA_LIMITS.annotationTextMaxLength);
const timestamp = z.number().int().nonnegative().max(8.64e15);

export const newAnnotationSchema = z.object({
  timestamp,
  pv: pvRefSchema,
  dataSource: z.enum(DATA_SOURCE_TYPES),
  text,
  visible: z.boolean().default(true),
  showInDayReport: z.boolean().default(false),
  showInWeekReport: z.boolean().default(false),
  showInMonthReport: z.boolean().default(false),
  showInYearReport: z.boolean().default(false),
});

export const patchAnnotationSchema = z.object({
  id: z.number().int().positive(),
  timestamp: timestamp.optional(),
  pv: pvRefSchema.optional(),
  dataSource: z.enum(DATA_SOURCE_TYPES).optional(),
  text: text.optional(),
  visible: z.boolean().optional(),
  showInDayReport: z.boolean().optional(),
  showInWeekReport: z.boolean().optional(),
  showInMonthReport: z.boolean().optional(),
  showInYearReport: z.boolean().optional(),
});

export const deleteAnnotationsSchema = z.array(z.number().int().positive()).max(MAX_IDS_PER_DELETE);

export const annotationsQuerySchema = z.object({
  startDate: date.optional(),
  endDate: date.optional(),
  pv: z.union([z.string(), z.array(z.string()).max(MAX_PVS_PER_REQUEST)]).optional(),
});
