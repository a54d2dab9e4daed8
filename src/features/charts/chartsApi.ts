/**
 * The chart calls a user action makes from the tab (DESIGN.md: user actions are plain REST
 * calls): annotations (SPEC §4, §7) and the data export as a file download.
 */
import { nativeBridge } from '../../platform/index.ts';
import { saveFile } from '../../platform/saveFile.ts';
import { getCsrfToken, getJson, http, postJson, send } from '../../api/http.ts';
import { failureText } from '../../app/failureText.ts';
import {
  CHART_API,
  chartPath,
  type Annotation,
  type ChartConfig,
  type ChartExportBody,
  type DataSourceType,
  type DeleteAnnotationsResult,
  type FirstLastDate,
  type NewAnnotation,
} from '../../contract/charts.ts';
import { pvUrlId } from '../../contract/keys.ts';
import { CSRF_HEADER } from '../../contract/paths.ts';
import type { PvRef } from '../../contract/pv.ts';
import type { AnnotationApi, ChartTarget } from '../../live/charts.ts';

export const fetchAnnotations = (pvs?: readonly PvRef[], signal?: AbortSignal) =>
  getJson<Annotation[]>(CHART_API.annotations, {
    query: pvs ? { pv: pvs.map(pvUrlId) } : undefined,
    signal,
  });

export const fetchAnnotationCharts = (id: number, signal?: AbortSignal) =>
  getJson<ChartConfig[]>(chartPath(CHART_API.annotationCharts, { id }), { signal });

/** The store keeps only a failure's message: it gets the user's text (SPEC §8) up front. */
function inUserTerms<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw new Error(failureText(error), { cause: error });
  });
}

/** The REST side of the annotation store; `pvs` limits the list to a chart's PVs. */
export function annotationApi(pvs?: readonly PvRef[]): AnnotationApi {
  return {
    list: () => inUserTerms(fetchAnnotations(pvs)),
    create: (annotation: NewAnnotation) =>
      inUserTerms(postJson<Annotation>(CHART_API.annotations, annotation)),
    save: async (annotation: Annotation) => {
      await inUserTerms(
        http<Annotation>(CHART_API.annotations, { method: 'PATCH', body: annotation }),
      );
    },
    delete: async (ids: number[]) => {
      await inUserTerms(postJson<DeleteAnnotationsResult>(CHART_API.deleteAnnotations, ids));
    },
  };
}

/** Which end of the archived data a jump goes to. */
export type DataEdge = 'first' | 'last';

/**
 * The first or last time the target has data in `source` (SPEC §7 GET data/{id}/first-date
 * and last-date for a stored chart, POST first-date-pvs and last-date-pvs for a PV list);
 * null when the source holds none (the server's timestamp 0, SPEC §3).
 */
export async function fetchDataEdge(
  target: ChartTarget,
  source: DataSourceType,
  edge: DataEdge,
  signal?: AbortSignal,
): Promise<number | null> {
  const query = { source };
  const answer =
    target.kind === 'chart'
      ? await getJson<FirstLastDate>(
          chartPath(edge === 'first' ? CHART_API.firstDate : CHART_API.lastDate, {
            id: target.chartId,
          }),
          { query, signal },
        )
      : await postJson<FirstLastDate>(
          edge === 'first' ? CHART_API.firstDatePvs : CHART_API.lastDatePvs,
          target.series.map((s) => s.pv),
          { query, signal },
        );
  return answer.timestamp > 0 ? answer.timestamp : null;
}

/** The file name of a content-disposition header (RFC 6266: filename* before filename). */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a blob to the browser (or the native app) as a download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  void saveFile(nativeBridge(), blob, name);
}

/** POST /api/charts/data/export; saves the CSV under the server's file name. */
export async function exportChartData(
  body: ChartExportBody,
  decimalComma: boolean,
): Promise<string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/csv',
  };
  const token = getCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const res = await send(`${CHART_API.export}?decimalComma=${decimalComma}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const name = fileNameOf(res.headers.get('content-disposition'), 'export.csv');
  saveBlob(await res.blob(), name);
  return name;
}
