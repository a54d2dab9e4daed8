/**
 * One report (`/reports/:kind/:id?date=yyyy-MM-dd[&to=…]`, SPEC §2 reports, §9): the period
 * with previous/next and a date picker, the table with units and a footer of sums, means and
 * extremes, a bar chart beside it, manual input cells (live over the report data hub), the
 * period's annotations, CSV and XLSX export and an A4 print layout.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { downloadBlob, downloadText, toCsv } from '../shared/csv.ts';
import { useFormat } from '../../app/useFormat.ts';
import { PlantZoneGate } from '../../app/PlantZoneGate.tsx';
import { useResource } from '../../app/resource.ts';
import { systemSettings } from '../../app/systemSettings.ts';
import { pvKey } from '../../contract/keys.ts';
import {
  reportKindOfSlug,
  REPORT_KIND_SLUGS,
  type ReportConfig,
  type ReportData,
  type ReportKind,
  type ReportLiveItem,
} from '../../contract/reports.ts';
import {
  formatReportDate,
  parseReportDate,
  shiftReportDate,
  todayIn,
} from '../../domain/reportPeriod.ts';
import { useLiveItem } from '../../live/useLiveItem.ts';
import { Button, EmptyState, PageHeader, Spinner, Toolbar } from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { Breadcrumb } from '../shared/Breadcrumb.tsx';
import { PlantDateField } from '../shared/PlantDateFieldLazy.tsx';
import { isWholeDay, useDayDraft } from './dayDraft.ts';
import { ManualInputDialog, type ManualTarget } from './ManualInputDialog.tsx';
import { ReportChart } from './ReportChart.tsx';
import {
  columnStates,
  csvCells,
  exportTable,
  periodLabel,
  requestedPeriodLabel,
  rowLabel,
  stateCell,
  SUMMABLE,
  type ColumnStates,
} from './reportFormat.ts';
import type { PvConfig } from '../../contract/pv.ts';
import { useLinkDown, useLiveClient, useStationLive } from '../../live/index.ts';
import { stationConnection, valueStanding } from '../../domain/valueStanding.ts';
import { StaleNote, cx, staleValueClass } from '../../ui/index.ts';
import {
  fetchReportConfigs,
  fetchReportData,
  REPORT_DATA_MARK,
  REPORT_DRAWN_MEASURE,
  saveManualInput,
} from './reportsApi.ts';
import '../shared/printAlone.css';
import './reports.css';

/** The station of a report config id (station * 100 + n; the plant's are below 100). */
export function stationOfConfig(id: number): number {
  return id < 100 ? 0 : Math.floor(id / 100);
}

/** The date a report opens with: yesterday for day and week reports, else today's period. */
export function defaultReportDate(kind: ReportKind, now: number, zone: string): string {
  const today = todayIn(now, zone);
  if (kind === 'Monthly' || kind === 'Annual') return today;
  return formatReportDate(parseReportDate(today)! - 86_400_000);
}

export function ReportPage() {
  const { t } = useTranslation();
  const params = useParams();
  const kind = reportKindOfSlug(params.kind ?? '');
  const id = Number(params.id);
  if (!kind || !Number.isInteger(id) || id < 0) {
    return (
      <div className="page report-page">
        <PageHeader title={t('reports.index.title')} />
        <EmptyState title={t('reports.failed.notFound')} reason={t('reports.index.emptyReason')} />
      </div>
    );
  }
  return (
    <PlantZoneGate>
      {(zone) => <ReportView key={`${kind}-${id}`} kind={kind} id={id} zone={zone} />}
    </PlantZoneGate>
  );
}

function ReportView({ kind, id, zone }: { kind: ReportKind; id: number; zone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const settings = useResource(systemSettings);
  const plantName = settings.status === 'ready' ? settings.data.plantName : '';
  const [search, setSearch] = useSearchParams();
  const opened = defaultReportDate(kind, Date.now(), zone);
  // A special report without dates opens with the last seven days.
  const date =
    search.get('date') ??
    (kind === 'Special' ? formatReportDate(parseReportDate(opened)! - 6 * 86_400_000) : opened);
  const to =
    kind === 'Special' ? (search.get('to') ?? (search.get('date') ? date : opened)) : undefined;
  const [configs] = usePageQuery(pageKeys.reportConfigs(stationOfConfig(id)), (signal) =>
    fetchReportConfigs(stationOfConfig(id), signal),
  );
  const [load, retry] = usePageQuery(pageKeys.report(id, kind, date, to), (signal) =>
    fetchReportData(id, kind, date, to, signal),
  );
  const [target, setTarget] = useState<ManualTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const config =
    configs.state === 'ready' ? (configs.data.find((c) => c.id === id) ?? null) : undefined;
  const data = load.state === 'ready' ? load.data : null;
  const pushed = useLiveItem('reportData', data?.liveKey ?? null);
  // The answer of our own save counts until the hub pushes anything newer.
  const [posted, setPosted] = useState<{ item: ReportLiveItem; over: typeof pushed } | null>(null);
  const live = posted && posted.over === pushed ? posted.item : pushed;

  /** The loaded report with the manual values the hub pushed since. */
  const shown = useMemo<ReportData | null>(() => {
    if (!data || !config) return data;
    if (!live || live.key !== data.liveKey) return data;
    const manualCols = new Map(
      config.columns.flatMap((c, i) => (c.manualPv ? [[pvKey(c.manualPv), i] as const] : [])),
    );
    const rows = data.rows.map((r) => {
      const values = [...r.values];
      for (const i of manualCols.values()) values[i] = null;
      return { ...r, values };
    });
    for (const m of live.manual) {
      const col = manualCols.get(pvKey(m.pv));
      const row = rows[m.index];
      if (col !== undefined && row) row.values[col] = m.value;
    }
    return { ...data, rows, manual: live.manual };
  }, [data, config, live]);

  const go = (next: string, nextTo?: string) => {
    const p = new URLSearchParams(search);
    p.set('date', next);
    if (nextTo) p.set('to', nextTo);
    else p.delete('to');
    setSearch(p);
  };
  // The fields keep what is typed until it is a whole day (and, for a range, in order).
  const [dateText, setDateText] = useDayDraft(date);
  const [toText, setToText] = useDayDraft(to ?? '');
  const dayOrder =
    kind === 'Special' && isWholeDay(dateText) && isWholeDay(toText) && toText < dateText
      ? t('ui.dateField.dayOrder')
      : null;
  const typeDay = (nextDate: string, nextTo: string) => {
    setDateText(nextDate);
    setToText(nextTo);
    if (!isWholeDay(nextDate)) return;
    if (kind !== 'Special') return go(nextDate);
    if (isWholeDay(nextTo) && nextTo >= nextDate) go(nextDate, nextTo);
  };
  const step = (dir: -1 | 1) => {
    const [d, tt] = shiftReportDate(kind, date, dir, to);
    go(d, tt);
  };

  const save = useCallback(
    async (tgt: ManualTarget, value: number | null) => {
      if (!data) return;
      const item = await saveManualInput(id, kind, data.date, [
        {
          pv: tgt.column.manualPv!,
          index: tgt.index,
          value,
          resetManualInput: value === null,
        },
      ]);
      setPosted({ item, over: pushed });
      setNotice(t('reports.manual.saved', { column: tgt.column.title, row: tgt.rowLabel }));
    },
    [data, id, kind, pushed, t],
  );

  const states = useColumnStates(config);
  const title = config ? config.name : t(`reports.kind.${kind}`);
  const period = shown
    ? periodLabel(shown, format, t)
    : requestedPeriodLabel(date, to, format.locale, t);
  const fileBase = `${(config?.name ?? 'bericht').replace(/[^\p{L}\p{N}]+/gu, '-')}-${kind}-${date}`;
  const exportCsv = () => {
    if (!config || !shown) return;
    const [head, ...rest] = csvCells(exportTable(config, shown, format, t, states), format.locale);
    downloadText(`${fileBase}.csv`, toCsv(head!, rest));
  };
  const exportXlsx = async () => {
    if (!config || !shown) return;
    const cells = [
      [`${config.name} – ${period}`],
      [],
      ...exportTable(config, shown, format, t, states),
    ];
    // The writer is loaded with the first export, not with the page.
    const { xlsxBlob } = await import('../../platform/xlsxExport.ts');
    downloadBlob(`${fileBase}.xlsx`, await xlsxBlob(t(`reports.kind.${kind}`), cells, 2));
  };

  return (
    <div className="page report-page">
      <Breadcrumb to="/reports" text={t('reports.index.title')} className="report-no-print" />
      <div className="report-print-head" aria-hidden="true">
        <span>{plantName}</span>
        <span>
          {t('reports.export.printedAt', { time: format.dateTime(Date.now(), { seconds: false }) })}
        </span>
      </div>
      <PageHeader
        title={title}
        subject={config?.name}
        description={`${t(`reports.kind.${kind}`)} · ${period}`}
        documentTitle={`${title} ${period}`}
      />
      <Toolbar label={t('reports.period.label')} className="report-toolbar report-no-print">
        <Button icon="chevronDown" className="report-prev" onClick={() => step(-1)}>
          {t('reports.period.previous')}
        </Button>
        <PlantDateField
          name="date"
          granularity="day"
          required
          label={t('reports.period.date')}
          value={dateText}
          onChange={(text) => typeDay(text, toText)}
        />
        {kind === 'Special' && (
          <PlantDateField
            name="to"
            granularity="day"
            required
            label={t('reports.period.to')}
            value={toText}
            error={dayOrder}
            onChange={(text) => typeDay(dateText, text)}
          />
        )}
        <Button icon="chevronDown" className="report-next" onClick={() => step(1)}>
          {t('reports.period.next')}
        </Button>
        <span className="report-toolbar-gap" />
        <Button variant="quiet" disabled={!shown || !config} onClick={exportCsv}>
          {t('reports.export.csv')}
        </Button>
        <Button variant="quiet" disabled={!shown || !config} onClick={() => void exportXlsx()}>
          {t('reports.export.xlsx')}
        </Button>
        <Button variant="quiet" disabled={!shown} onClick={() => window.print()}>
          {t('reports.export.print')}
        </Button>
      </Toolbar>
      {notice && (
        <p className="report-notice report-no-print" role="status">
          {notice}
        </p>
      )}
      {config && !config.currentUserCanEdit && config.columns.some((c) => c.manual) && (
        <p className="report-note report-no-print">{t('reports.manual.readOnly')}</p>
      )}
      {(load.state === 'loading' || configs.state === 'loading') && (
        <Spinner label={title} showLabel />
      )}
      {load.state === 'error' && (
        <div className="report-error" role="alert">
          <p>{t('reports.failed.load', { error: load.error })}</p>
          <Button onClick={retry}>{t('reports.failed.retry')}</Button>
        </div>
      )}
      {configs.state === 'ready' && config === null && (
        <EmptyState title={t('reports.failed.notFound')} reason={t('reports.index.emptyReason')} />
      )}
      {shown && config && (
        <ReportBody
          config={config}
          data={shown}
          onEdit={config.currentUserCanEdit ? setTarget : null}
          states={states}
        />
      )}
      {target && (
        <ManualInputDialog
          target={target}
          onClose={() => setTarget(null)}
          onSave={(value) => save(target, value)}
        />
      )}
    </div>
  );
}

/** The state texts of the report's digital columns (reportFormat.ts columnStates). */
function useColumnStates(config: ReportConfig | null | undefined): ColumnStates {
  const client = useLiveClient();
  const [configs, setConfigs] = useState<ReadonlyMap<string, PvConfig>>(new Map());
  const refs = useMemo(
    () =>
      (config?.columns ?? []).flatMap((c) =>
        c.binding && (c.binding.pvRef.type === 'DigiIn' || c.binding.pvRef.type === 'DigiOut')
          ? [c.binding.pvRef]
          : [],
      ),
    [config],
  );
  useEffect(() => {
    if (refs.length === 0) return;
    let alive = true;
    client
      .getPvConfigs(refs)
      .then((results) => {
        if (!alive) return;
        const map = new Map<string, PvConfig>();
        for (const r of results) if (r.state === 'ready') map.set(pvKey(r.config.pvRef), r.config);
        setConfigs(map);
      })
      // Without state texts the columns keep their numbers.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [client, refs]);
  return useMemo(() => (config ? columnStates(config, configs) : []), [config, configs]);
}

/**
 * The rows of a report that covers now, of a station that is not connected: those after the
 * station's newest data are stale (domain/valueStanding.ts), as its values are on every view.
 */
function useStaleSince(config: ReportConfig, data: ReportData) {
  const live = useStationLive(config.stationNumber > 0 ? config.stationNumber : null);
  const now = Date.now();
  const current = data.start <= now && now < data.end;
  const since = live?.timestamp ?? null;
  // LD1: with the link down the reason is the link, as on the station page.
  const connection = stationConnection(live?.dialState, useLinkDown());
  const standing = valueStanding(
    current && since !== null ? { timestamp: since } : null,
    connection,
  );
  return { since: standing.stale ? since : null, connection, reason: standing.reason };
}

function ReportBody({
  config,
  data,
  onEdit,
  states,
}: {
  config: ReportConfig;
  data: ReportData;
  onEdit: ((target: ManualTarget) => void) | null;
  states: ColumnStates;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { since: staleSince, connection, reason: staleReason } = useStaleSince(config, data);
  const now = Date.now();
  const hasValues = data.rows.some((r) => r.values.some((v) => v !== null));
  useEffect(() => {
    // Data to drawn table: from the answer to the first frame after the table was committed.
    const frame = requestAnimationFrame(() => {
      if (performance.getEntriesByName(REPORT_DATA_MARK, 'mark').length > 0) {
        performance.measure(REPORT_DRAWN_MEASURE, REPORT_DATA_MARK);
        performance.clearMarks(REPORT_DATA_MARK);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [data]);
  const entered = new Map(data.manual.map((m) => [`${pvKey(m.pv)}:${m.index}`, m]));
  const cell = (v: number | null, decimals: number, column = -1) =>
    stateCell(v, states, column, format.locale) ?? (v === null ? '–' : format.number(v, decimals));
  // Extremes of hour rows happen at a time of that day; of day and month rows on a date.
  const time = (at: number | null) =>
    at === null
      ? ''
      : data.resolution === 'Hour' || data.resolution === 'QuarterHour'
        ? format.dateTime(at, { part: 'time', seconds: false })
        : format.dateTime(at, { part: 'date' });
  const chartColumn =
    config.columns.findIndex((c) => c.binding?.reportValueType === 'volume') >= 0
      ? config.columns.findIndex((c) => c.binding?.reportValueType === 'volume')
      : config.columns.findIndex((c) => c.binding?.reportValueType === 'sum');
  return (
    <>
      {!hasValues && (
        <EmptyState title={t('reports.empty.title')} reason={t('reports.empty.reason')} />
      )}
      <div className="report-body">
        <div className="report-table-wrap">
          <table className="report-table">
            <caption className="visually-hidden">
              {config.name}, {periodLabel(data, format, t)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.table.time')}</th>
                {config.columns.map((c) => (
                  <th key={c.id} scope="col" className={c.manual ? 'num report-manual-col' : 'num'}>
                    <span className="report-col-title">{c.title}</span>
                    {c.dimension && <span className="report-col-unit">{c.dimension}</span>}
                    {c.manual && (
                      <span className="report-col-unit">{t('reports.table.manual')}</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r, i) => {
                const label = rowLabel(r.t, r.end, data.resolution, format);
                // Rows begun and ending after the station's newest data; later rows have no data yet.
                const stale = staleSince !== null && r.end > staleSince && r.t <= now;
                return (
                  <tr
                    key={r.t}
                    className={cx(stale && staleValueClass({ stale, mark: 'uncertain' }))}
                    data-stale={stale ? (staleReason ?? undefined) : undefined}
                  >
                    <th scope="row">
                      {label}
                      {stale && (
                        <StaleNote
                          value={{ timestamp: staleSince }}
                          connection={connection}
                          compact
                          className="report-stale"
                        />
                      )}
                    </th>
                    {config.columns.map((c, ci) => {
                      const v = r.values[ci] ?? null;
                      if (c.manual) {
                        const e = entered.get(`${pvKey(c.manualPv!)}:${i}`);
                        const who = e
                          ? t('reports.manual.enteredBy', {
                              user: e.enteredBy,
                              time: format.dateTime(e.enteredAt, { seconds: false }),
                            })
                          : undefined;
                        return (
                          <td key={c.id} className="num report-manual" title={who}>
                            {onEdit ? (
                              <button
                                type="button"
                                className="report-manual-button"
                                aria-label={`${t('reports.manual.edit', { column: c.title, row: label })}${v === null ? '' : `: ${cell(v, c.decimals)}`}`}
                                onClick={() =>
                                  onEdit({ column: c, index: i, rowLabel: label, current: v })
                                }
                              >
                                {cell(v, c.decimals)}
                              </button>
                            ) : (
                              cell(v, c.decimals)
                            )}
                          </td>
                        );
                      }
                      const at = r.times[ci] ?? null;
                      return (
                        <td key={c.id} className="num">
                          {cell(v, c.decimals, ci)}
                          {at !== null &&
                            data.resolution !== 'Hour' &&
                            data.resolution !== 'QuarterHour' && (
                              <span className="report-at">{time(at)}</span>
                            )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              {(['sum', 'mean', 'min', 'max'] as const).map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`reports.table.${kind}`)}</th>
                  {config.columns.map((c, ci) => {
                    const total = data.totals[ci];
                    const agg = c.binding?.reportValueType ?? null;
                    if (!total || (kind === 'sum' && (agg === null || !SUMMABLE.has(agg)))) {
                      return <td key={c.id} />;
                    }
                    const at = kind === 'min' ? total.minT : kind === 'max' ? total.maxT : null;
                    return (
                      <td key={c.id} className="num">
                        {cell(total[kind], c.decimals, ci)}
                        {at !== null && total[kind] !== null && (
                          <span className="report-at">{time(at)}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
        {chartColumn >= 0 && hasValues && data.rows.length >= 3 && (
          <ReportChart data={data} column={config.columns[chartColumn]!} index={chartColumn} />
        )}
      </div>
      {data.annotations.length > 0 && (
        <section className="report-annotations" aria-labelledby="report-annotations">
          <h2 id="report-annotations">{t('reports.annotations.title')}</h2>
          <ul>
            {data.annotations.map((a) => (
              <li key={a.id}>
                <time>{format.dateTime(a.timestamp, { seconds: false })}</time> {a.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="report-kind-links report-no-print">
        {config.kinds
          .filter((k) => k !== data.kind)
          .map((k) => (
            <Link key={k} to={`/reports/${REPORT_KIND_SLUGS[k]}/${config.id}?date=${data.date}`}>
              {t(`reports.kind.${k}`)}
            </Link>
          ))}
      </p>
    </>
  );
}
