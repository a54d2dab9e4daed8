/**
 * The chart API of SPEC §7 "Charts" (paths in CHART_API, formats in src/contract/charts.ts).
 * Every route needs a signed-in user (401); changing annotations needs editCharts (403);
 * every query and body is validated (400).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHART_API,
  CHART_DATA_LIMITS,
  type Annotation,
  type AutoSeriesRequest,
  type ChartConfig,
  type ChartData,
  type DeleteAnnotationsResult,
  type FirstLastDate,
  type SeriesConfig,
} from '../../src/contract/charts.ts';
import { parsePvUrlId } from '../../src/contract/keys.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Archive } from '../archive/createArchive.ts';
import { requireRight, requireUser } from '../auth/guards.ts';
import { hasRight, type SessionUser } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Plant } from '../plant/types.ts';
import { AnnotationStore } from './AnnotationStore.ts';
import { ChartCatalog, type CatalogChart } from './ChartCatalog.ts';
import { contentDisposition, chartCsv, exportFileName, exportLimits } from './chartCsv.ts';
import { ChartDataService } from './ChartDataService.ts';
import {
  annotationsQuerySchema,
  autoBodySchema,
  configsQuerySchema,
  dataQuerySchema,
  deleteAnnotationsSchema,
  edgeQuerySchema,
  exportBodySchema,
  exportQuerySchema,
  idParamsSchema,
  newAnnotationSchema,
  patchAnnotationSchema,
  pvListSchema,
} from './chartSchemas.ts';
import { parseQueryDate } from './queryDate.ts';

const EXPORT_TITLE_WITHOUT_CHART = 'Trendlinie';

function seriesRequests(chart: CatalogChart): AutoSeriesRequest[] {
  return chart.series.map((s) => ({ seriesId: s.id, pv: s.pv, pvSubtype: s.pvSubtype }));
}

/**
 * Registers the chart routes. `archive` is the one createArchive built over the same plant;
 * without a plant the directories are empty and data answers empty series.
 */
export function registerChartRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant | null,
  archive: Archive | null,
): void {
  const catalog = new ChartCatalog(plant);
  const annotations = new AnnotationStore(ctx.db, ctx.now);
  const data = new ChartDataService(archive, annotations, plant, ctx.config.plantTimeZone);

  const canEdit = (user: SessionUser) => hasRight(user, 'editCharts');
  const chartOf = (request: FastifyRequest): CatalogChart => {
    const { id } = parse(idParamsSchema, request.params, 'path');
    const chart = catalog.chart(id);
    if (!chart) throw notFound(`No chart ${id}`);
    return chart;
  };
  /** A PV must exist in the plant (when there is one) to be annotated. */
  const checkPv = (pv: PvRef, path: string): void => {
    if (plant && !plant.config(pv)) {
      throw badRequest(`Unknown PV ${pv.type}-${pv.nr}`, [{ path, message: 'unknown PV' }]);
    }
  };

  app.get(CHART_API.configs, async (request) => {
    const user = requireUser(ctx, request);
    const { type } = parse(configsQuerySchema, request.query, 'query');
    return catalog.directory(type, canEdit(user));
  });

  app.get(CHART_API.config, async (request): Promise<ChartConfig> => {
    const user = requireUser(ctx, request);
    return { ...chartOf(request).config, currentUserCanEdit: canEdit(user) };
  });

  app.get(CHART_API.series, async (request): Promise<SeriesConfig[]> => {
    requireUser(ctx, request);
    return chartOf(request).series;
  });

  app.get(CHART_API.data, async (request): Promise<ChartData[]> => {
    requireUser(ctx, request);
    const chart = chartOf(request);
    const query = parse(dataQuerySchema, request.query, 'query');
    const range = data.resolve(query, chart.config);
    const maxPoints = query.maxPoints ?? CHART_DATA_LIMITS.defaultMaxPoints;
    const series = seriesRequests(chart);
    await archive?.prepareOffThread(series.map((s) => s.pv));
    return data.read(series, range, maxPoints).map((s) => s.data);
  });

  app.post(CHART_API.dataAuto, async (request): Promise<ChartData[]> => {
    requireUser(ctx, request);
    const query = parse(dataQuerySchema, request.query, 'query');
    const body = parse(autoBodySchema, request.body, 'body');
    const range = data.resolve(query, null);
    const maxPoints = query.maxPoints ?? CHART_DATA_LIMITS.defaultMaxPoints;
    await archive?.prepareOffThread(body.series.map((s) => s.pv));
    return data.read(body.series, range, maxPoints).map((s) => s.data);
  });

  const edge = (which: 'first' | 'last') => {
    app.get(
      which === 'first' ? CHART_API.firstDate : CHART_API.lastDate,
      async (request): Promise<FirstLastDate> => {
        requireUser(ctx, request);
        const chart = chartOf(request);
        const { source } = parse(edgeQuerySchema, request.query, 'query');
        const refs = chart.series.map((s) => s.pv);
        await archive?.prepareOffThread(refs);
        return { timestamp: archive ? archive.edgeDate(refs, source, which) : 0 };
      },
    );
    app.post(
      which === 'first' ? CHART_API.firstDatePvs : CHART_API.lastDatePvs,
      async (request): Promise<FirstLastDate> => {
        requireUser(ctx, request);
        const { source } = parse(edgeQuerySchema, request.query, 'query');
        const refs = parse(pvListSchema, request.body, 'body');
        await archive?.prepareOffThread(refs);
        return { timestamp: archive ? archive.edgeDate(refs, source, which) : 0 };
      },
    );
  };
  edge('first');
  edge('last');

  app.post(CHART_API.export, async (request, reply) => {
    requireUser(ctx, request);
    const { decimalComma } = parse(exportQuerySchema, request.query, 'query');
    const body = parse(exportBodySchema, request.body, 'body');
    const chart = body.chartConfigId === null ? null : catalog.chart(body.chartConfigId);
    if (body.chartConfigId !== null && !chart) throw notFound(`No chart ${body.chartConfigId}`);
    const series = body.series.length > 0 ? body.series : chart ? seriesRequests(chart) : [];
    if (series.length === 0) {
      throw badRequest('Nothing to export: give series or a chart', [
        { path: 'series', message: 'at least one series (or a chartConfigId)' },
      ]);
    }
    const range = data.resolve(body, chart?.config ?? null);
    await archive?.prepareOffThread(series.map((s) => s.pv));
    const read = data.read(series, range, CHART_DATA_LIMITS.exportMaxPoints);
    const csv = chartCsv(
      read,
      decimalComma === 'true' || decimalComma === '1',
      ctx.config.plantTimeZone,
      chart ? exportLimits(chart.series, read) : [],
    );
    const title = chart?.config.title ?? EXPORT_TITLE_WITHOUT_CHART;
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        contentDisposition(exportFileName(title, range.start, range.end, ctx.config.plantTimeZone)),
      )
      .header('Cache-Control', 'no-store');
    // A BOM lets spreadsheet programs read the umlauts of PV names as UTF-8.
    return `\uFEFF${csv}`;
  });

  app.get(CHART_API.annotations, async (request): Promise<Annotation[]> => {
    requireUser(ctx, request);
    const query = parse(annotationsQuerySchema, request.query, 'query');
    if ((query.startDate === undefined) !== (query.endDate === undefined)) {
      throw badRequest('Give both startDate and endDate, or neither', [
        { path: query.startDate === undefined ? 'startDate' : 'endDate', message: 'required' },
      ]);
    }
    const start =
      query.startDate === undefined
        ? undefined
        : parseQueryDate(query.startDate, 'startDate', ctx.config.plantTimeZone);
    const end =
      query.endDate === undefined
        ? undefined
        : parseQueryDate(query.endDate, 'endDate', ctx.config.plantTimeZone);
    if (start !== undefined && end !== undefined && end <= start) {
      throw badRequest('endDate must be after startDate', [
        { path: 'endDate', message: 'must be after startDate' },
      ]);
    }
    const pvTexts = query.pv === undefined ? undefined : [query.pv].flat();
    const pvs = pvTexts?.map((text, i) => {
      const ref = parsePvUrlId(text);
      if (!ref)
        throw badRequest(`Invalid pv '${text}': expected TYPE-NR`, [
          { path: `pv.${i}`, message: 'expected TYPE-NR, e.g. AnaIn-100001' },
        ]);
      return ref;
    });
    return annotations.list({ start, end, pvs });
  });

  app.post(CHART_API.annotations, async (request, reply): Promise<Annotation> => {
    const user = requireRight(ctx, request, 'editCharts');
    const body = parse(newAnnotationSchema, request.body, 'body');
    checkPv(body.pv, 'pv');
    reply.status(201);
    return annotations.create(body, user.username);
  });

  app.patch(CHART_API.annotations, async (request): Promise<Annotation> => {
    requireRight(ctx, request, 'editCharts');
    const patch = parse(patchAnnotationSchema, request.body, 'body');
    const stored = annotations.get(patch.id);
    if (!stored) throw notFound(`No annotation ${patch.id}`);
    const next: Annotation = { ...stored };
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) Object.assign(next, { [key]: value });
    }
    if (patch.pv) checkPv(patch.pv, 'pv');
    const updated = annotations.update(next);
    if (!updated) throw notFound(`No annotation ${patch.id}`);
    return updated;
  });

  app.post(CHART_API.deleteAnnotations, async (request): Promise<DeleteAnnotationsResult> => {
    requireRight(ctx, request, 'editCharts');
    const ids = parse(deleteAnnotationsSchema, request.body, 'body');
    return { deleted: annotations.delete(ids) };
  });

  app.get(CHART_API.annotationCharts, async (request): Promise<ChartConfig[]> => {
    const user = requireUser(ctx, request);
    const { id } = parse(idParamsSchema, request.params, 'path');
    const annotation = annotations.get(id);
    if (!annotation) throw notFound(`No annotation ${id}`);
    return catalog
      .chartsWithPv(annotation.pv)
      .map((c) => ({ ...c.config, currentUserCanEdit: canEdit(user) }));
  });
}
