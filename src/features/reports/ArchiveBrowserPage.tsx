/**
 * `/archive?pv=TYPE-NR&source=QuarterHour|Day|Month&from=yyyy-MM-dd&to=yyyy-MM-dd` (SPEC §2
 * "archive browser for measured values"): one PV's archived periods as a table (mean, minimum,
 * maximum, last value), newest first, paged with a rows-per-page choice, and a link to the
 * same range as a trend. Above it the PV's live value as every view shows it (stale with its
 * mark and age: domain/valueStanding.ts); a digital PV's values read as its state texts.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../app/useFormat.ts';
import { PlantZoneGate } from '../../app/PlantZoneGate.tsx';
import { dateTimeFormat } from '../../domain/clock.ts';
import type { PvRef } from '../../contract/pv.ts';
import { usePvConfig } from '../../live/usePvConfig.ts';
import { pvStationNumber, usePvValue, useStationConnection } from '../../live/index.ts';
import { digitalStateText, formatPvValue } from '../../domain/pvFormat.ts';
import { valueStanding } from '../../domain/valueStanding.ts';
import type { DataSourceType } from '../../contract/charts.ts';
import { parsePvUrlId, pvUrlId } from '../../contract/keys.ts';
import { formatReportDate, parseReportDate, todayIn } from '../../domain/reportPeriod.ts';
import { fromNaiveMs } from '../../domain/clock.ts';
import {
  Button,
  EmptyState,
  PageHeader,
  PvValueText,
  Spinner,
  StaleNote,
  Toolbar,
  cx,
  staleValueClass,
} from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { PvOptions } from '../shared/PvOptions.tsx';
import { Breadcrumb } from '../shared/Breadcrumb.tsx';
import { PlantDateField } from '../shared/PlantDateFieldLazy.tsx';
import { isWholeDay, useDayDraft } from './dayDraft.ts';
import { fetchArchivedValues, fetchPvList } from './reportsApi.ts';
import { ReportSelect } from './ReportSelect.tsx';
import '../shared/printAlone.css';
import './reports.css';

const SOURCES = {
  QuarterHour: 'QuarterHourValues',
  Day: 'DayValues',
  Month: 'MonthValues',
} as const;
type Source = keyof typeof SOURCES;
const DEFAULT_DAYS: Record<Source, number> = { QuarterHour: 2, Day: 60, Month: 400 };
export const ROWS_PER_PAGE = [25, 50, 100, 500] as const;
const DAY = 86_400_000;

export function ArchiveBrowserPage() {
  return <PlantZoneGate>{(zone) => <ArchiveBrowserPageIn zone={zone} />}</PlantZoneGate>;
}

/** The page on the plant's clock (`zone`). */
function ArchiveBrowserPageIn({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useSearchParams();
  const pv = parsePvUrlId(search.get('pv') ?? '');
  const source: Source =
    (Object.keys(SOURCES) as Source[]).find((s) => s === search.get('source')) ?? 'QuarterHour';
  const today = todayIn(Date.now(), zone);
  const to = parseReportDate(search.get('to') ?? '') !== null ? search.get('to')! : today;
  const fromDefault = formatReportDate(parseReportDate(to)! - DEFAULT_DAYS[source] * DAY);
  const from =
    parseReportDate(search.get('from') ?? '') !== null ? search.get('from')! : fromDefault;
  const perPage = ROWS_PER_PAGE.find((n) => String(n) === search.get('rows')) ?? 50;
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const start = fromNaiveMs(parseReportDate(from)!, zone);
  const end = fromNaiveMs(parseReportDate(to)! + DAY, zone);
  const [pvs] = usePageQuery(pageKeys.pvList, (signal) => fetchPvList(signal));
  const [load, retry] = usePageQuery(pageKeys.archivedValues(pv, source, start, end), (signal) =>
    pv && end > start
      ? fetchArchivedValues(pv, SOURCES[source] as DataSourceType, start, end, signal)
      : Promise.resolve(null),
  );
  const set = (patch: Record<string, string>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) p.set(k, v);
    if (!('page' in patch)) p.set('page', '1');
    setSearch(p);
  };
  // The fields keep what is typed until it is a whole range of days in order.
  const [fromText, setFromText] = useDayDraft(from);
  const [toText, setToText] = useDayDraft(to);
  const dayOrder =
    (isWholeDay(fromText) && isWholeDay(toText) && toText < fromText) || end <= start
      ? t('reports.archive.badRange')
      : null;
  const typeDays = (nextFrom: string, nextTo: string) => {
    setFromText(nextFrom);
    setToText(nextTo);
    if (isWholeDay(nextFrom) && isWholeDay(nextTo) && nextTo >= nextFrom) {
      set({ from: nextFrom, to: nextTo });
    }
  };
  const entry =
    pvs.state === 'ready' && pv
      ? pvs.data.find((e) => e.pvRef.type === pv.type && e.pvRef.nr === pv.nr)
      : undefined;
  const rows = useMemo(() => {
    if (load.state !== 'ready' || !load.data) return [];
    const [mean, min, max, last] = load.data;
    const out = (mean?.points.t ?? []).map((at, i) => ({
      t: at,
      mean: mean!.points.v[i] ?? null,
      min: min?.points.v[i] ?? null,
      max: max?.points.v[i] ?? null,
      last: last?.points.v[i] ?? null,
    }));
    return out.reverse();
  }, [load]);
  const dimension = load.state === 'ready' ? (load.data?.[0]?.dimension ?? '') : '';
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * perPage, current * perPage);
  const timeOf = (at: number) =>
    source === 'QuarterHour'
      ? format.dateTime(at, { seconds: false })
      : source === 'Day'
        ? format.dateTime(at, { part: 'date' })
        : dateTimeFormat(format.locale, {
            month: 'long',
            year: 'numeric',
            timeZone: zone,
          }).format(at);
  const byStation = useMemo(() => {
    if (pvs.state !== 'ready') return [];
    const groups = new Map<string, typeof pvs.data>();
    for (const e of pvs.data) {
      if (
        !['AnaIn', 'ZaehlWert', 'DigiIn', 'RechenWert', 'LaborWert', 'MinMax'].includes(
          e.pvRef.type,
        )
      )
        continue;
      const list = groups.get(e.stationName) ?? [];
      list.push(e);
      groups.set(e.stationName, list);
    }
    return [...groups];
  }, [pvs]);
  return (
    <div className="page report-page archive-page">
      <Breadcrumb to="/reports" text={t('reports.index.title')} />
      <PageHeader
        title={t('reports.archive.title')}
        description={
          entry ? `${entry.stationName} · ${entry.name}` : t('reports.archive.description')
        }
      />
      <Toolbar label={t('reports.archive.title')} className="report-toolbar">
        <label className="report-date report-pv-pick">
          <span>{t('reports.archive.pv')}</span>
          <select value={pv ? pvUrlId(pv) : ''} onChange={(e) => set({ pv: e.target.value })}>
            <option value="">–</option>
            {byStation.map(([station, list]) => (
              <optgroup key={station} label={station}>
                <PvOptions pvs={list} />
              </optgroup>
            ))}
          </select>
        </label>
        <ReportSelect
          label={t('reports.archive.source')}
          value={source}
          onChange={(v) => set({ source: v })}
          options={(Object.keys(SOURCES) as Source[]).map(
            (s) => [s, t(`reports.archive.sources.${s}`)] as const,
          )}
        />
        <PlantDateField
          name="from"
          granularity="day"
          required
          label={t('reports.archive.from')}
          value={fromText}
          onChange={(text) => typeDays(text, toText)}
        />
        <PlantDateField
          name="to"
          granularity="day"
          required
          label={t('reports.archive.to')}
          value={toText}
          error={dayOrder}
          onChange={(text) => typeDays(fromText, text)}
        />
        <ReportSelect
          label={t('reports.archive.rowsPerPage')}
          value={perPage}
          onChange={(v) => set({ rows: v })}
          options={ROWS_PER_PAGE.map((n) => [n, String(n)] as const)}
        />
        {pv && (
          <Link
            className="report-trend-link"
            to={`/trend/archive?pv=${pvUrlId(pv)}&start=${start}&end=${end}`}
          >
            {t('reports.archive.trend')}
          </Link>
        )}
      </Toolbar>
      {pv && <CurrentValue pv={pv} />}
      {!pv && (
        <EmptyState
          title={t('reports.archive.choosePv')}
          reason={t('reports.archive.choosePvReason')}
        />
      )}
      {pv && load.state === 'loading' && <Spinner label={t('reports.archive.title')} showLabel />}
      {load.state === 'error' && (
        <div className="report-error" role="alert">
          <p>{t('reports.archive.failed', { error: load.error })}</p>
          <Button onClick={retry}>{t('reports.failed.retry')}</Button>
        </div>
      )}
      {pv && load.state === 'ready' && rows.length === 0 && end > start && (
        <EmptyState title={t('reports.archive.empty')} reason={t('reports.archive.emptyReason')} />
      )}
      {shown.length > 0 && (
        <>
          <ValuesTable pv={pv!} rows={shown} dimension={dimension} timeOf={timeOf} />
          <nav className="report-pager" aria-label={t('reports.archive.rowsPerPage')}>
            <Button size="small" disabled={current <= 1} onClick={() => set({ page: '1' })}>
              {t('reports.archive.first')}
            </Button>
            <Button
              size="small"
              disabled={current <= 1}
              onClick={() => set({ page: String(current - 1) })}
            >
              {t('reports.archive.previous')}
            </Button>
            <span aria-live="polite">
              {t('reports.archive.page', { page: current, pages, count: rows.length })}
            </span>
            <Button
              size="small"
              disabled={current >= pages}
              onClick={() => set({ page: String(current + 1) })}
            >
              {t('reports.archive.next')}
            </Button>
            <Button
              size="small"
              disabled={current >= pages}
              onClick={() => set({ page: String(pages) })}
            >
              {t('reports.archive.last')}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/** The PV's live value, as the station page shows it. */
function CurrentValue({ pv }: { pv: PvRef }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const value = usePvValue(pv);
  const config = usePvConfig(pv).config;
  const connection = useStationConnection(pvStationNumber(pv, config));
  const shown = value ? formatPvValue(value, config, locale) : null;
  const standing = valueStanding(value, connection);
  return (
    <p className="archive-current" data-pv={pvUrlId(pv)} data-stale={standing.reason ?? undefined}>
      <span className="archive-current-label">{t('reports.archive.current')}</span>{' '}
      <span className={cx('archive-current-value num', staleValueClass(standing))}>
        <PvValueText shown={shown} />
      </span>{' '}
      <StaleNote value={value} connection={connection} />
    </p>
  );
}

interface ValueRow {
  t: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  last: number | null;
}

/** One page of values, with the PV's own decimals. */
function ValuesTable({
  pv,
  rows,
  dimension,
  timeOf,
}: {
  pv: PvRef;
  rows: readonly ValueRow[];
  dimension: string;
  timeOf: (t: number) => string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const config = usePvConfig(pv).config;
  const decimals = config
    ? Math.max(config.decimalPlaces, config.pvRef.type === 'DigiIn' ? 2 : 0)
    : 2;
  // A digital PV's states as its words, a period's mean as the share in the active state.
  const cell = (v: number | null) =>
    v === null ? '–' : (digitalStateText(v, config, format.locale) ?? format.number(v, decimals));
  const shown = rows;
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        <caption className="visually-hidden">{t('reports.archive.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.archive.time')}</th>
            {(['mean', 'min', 'max', 'last'] as const).map((k) => (
              <th key={k} scope="col" className="num">
                <span className="report-col-title">{t(`reports.archive.${k}`)}</span>
                {dimension && !config?.digiDisplayConfig && (
                  <span className="report-col-unit">{dimension}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.t}>
              <th scope="row">{timeOf(r.t)}</th>
              {([r.mean, r.min, r.max, r.last] as const).map((v, i) => (
                <td key={i} className="num">
                  {cell(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
