/**
 * `/reports/overflow?station=0&year=2026&month=0` (SPEC §2 "overflow basin reports in all,
 * year and month views", §3 "Rueb"): the filling events of every basin or of one, over a year
 * or a month, with start, end, duration, overflow volume and whether it overflowed (marked by
 * text and shape, not colour alone); printable and exportable. Below the table, the SEBAM
 * measuring points of the shown basins, each opening its archived values.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../app/useFormat.ts';
import { PlantZoneGate } from '../../app/PlantZoneGate.tsx';
import { dateTimeFormat } from '../../domain/clock.ts';
import { useResource } from '../../app/resource.ts';
import { systemSettings } from '../../app/systemSettings.ts';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { RuebEvent } from '../../contract/reports.ts';
import { todayIn } from '../../domain/reportPeriod.ts';
import {
  Button,
  EmptyState,
  Icon,
  PageHeader,
  Spinner,
  TableHead,
  Toolbar,
} from '../../ui/index.ts';
import { downloadText, toCsv } from '../shared/csv.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { Breadcrumb } from '../shared/Breadcrumb.tsx';
import { fetchPvList, fetchRuebConfigs, fetchRuebEvents, fetchSebamConfigs } from './reportsApi.ts';
import { ReportSelect } from './ReportSelect.tsx';
import '../shared/printAlone.css';
import './reports.css';

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  return `${h}:${String(minutes % 60).padStart(2, '0')} h`;
}

export function OverflowPage() {
  return <PlantZoneGate>{(zone) => <OverflowPageIn zone={zone} />}</PlantZoneGate>;
}

/** The page on the plant's clock (`zone`). */
function OverflowPageIn({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const settings = useResource(systemSettings);
  const [search, setSearch] = useSearchParams();
  const thisYear = Number(todayIn(Date.now(), zone).slice(0, 4));
  const station = Number(search.get('station') ?? 0) || 0;
  const year = Number(search.get('year') ?? thisYear) || thisYear;
  const month = Math.min(12, Math.max(0, Number(search.get('month') ?? 0) || 0));
  const [configs] = usePageQuery(pageKeys.ruebConfigs, (signal) => fetchRuebConfigs(signal));
  const basins = configs.state === 'ready' ? configs.data.ruebConfigItems : [];
  const [sebam] = usePageQuery(pageKeys.sebamConfigs, (signal) => fetchSebamConfigs(signal));
  const [pvList] = usePageQuery(pageKeys.pvList, (signal) => fetchPvList(signal));
  const pvNames = new Map(
    pvList.state === 'ready' ? pvList.data.map((e) => [pvKey(e.pvRef), e.name]) : [],
  );
  const sebamShown =
    sebam.state === 'ready'
      ? sebam.data.configs.filter((c) => station === 0 || c.stationNumber === station)
      : [];
  const [load, retry] = usePageQuery(pageKeys.ruebEvents(station, year, month), (signal) =>
    fetchRuebEvents(station, year, month, signal),
  );
  const set = (key: string, value: number) => {
    const p = new URLSearchParams(search);
    p.set(key, String(value));
    setSearch(p);
  };
  const nameOf = (nr: number) => basins.find((b) => b.stationNumber === nr)?.name ?? String(nr);
  const events: RuebEvent[] = load.state === 'ready' ? load.data.ruebEvents : [];
  const monthName = (m: number) =>
    dateTimeFormat(format.locale, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2020, m - 1, 1),
    );
  const basinOptions = [
    [0, t('reports.overflow.allBasins')] as const,
    ...basins.map((b) => [b.stationNumber, b.name] as const),
  ];
  const yearOptions = Array.from(
    { length: 6 },
    (_, i) => [thisYear - i, String(thisYear - i)] as const,
  );
  const monthOptions = [
    [0, t('reports.overflow.wholeYear')] as const,
    ...Array.from({ length: 12 }, (_, i) => [i + 1, monthName(i + 1)] as const),
  ];
  const period = month === 0 ? String(year) : `${monthName(month)} ${year}`;
  const total = events.reduce((a, e) => a + e.volume, 0);
  const time = (at: number | null) =>
    at === null ? t('reports.overflow.running') : format.dateTime(at, { seconds: false });
  const exportCsv = () =>
    downloadText(
      `ueberlaufbecken-${year}-${month}.csv`,
      toCsv(
        [
          t('reports.overflow.basin'),
          t('reports.overflow.start'),
          t('reports.overflow.end'),
          t('reports.overflow.duration'),
          `${t('reports.overflow.volume')} [m³]`,
          t('reports.overflow.overflowed'),
          `${t('reports.overflow.maxLevel')} [m]`,
        ],
        events.map((e) => [
          nameOf(e.stationNumber),
          time(e.start),
          time(e.end),
          duration(e.durationMs),
          format.number(e.volume, 1),
          e.overflow ? t('reports.overflow.yes') : t('reports.overflow.no'),
          e.maxLevel === null ? '' : format.number(e.maxLevel, 2),
        ]),
      ),
    );
  return (
    <div className="page report-page">
      <Breadcrumb to="/reports" text={t('reports.index.title')} className="report-no-print" />
      <div className="report-print-head" aria-hidden="true">
        <span>{settings.status === 'ready' ? settings.data.plantName : ''}</span>
        <span>
          {t('reports.export.printedAt', { time: format.dateTime(Date.now(), { seconds: false }) })}
        </span>
      </div>
      <PageHeader
        title={t('reports.overflow.title')}
        description={`${station === 0 ? t('reports.overflow.allBasins') : nameOf(station)} · ${period}`}
      />
      <Toolbar label={t('reports.period.label')} className="report-toolbar report-no-print">
        <ReportSelect
          label={t('reports.overflow.basin')}
          value={station}
          onChange={(v) => set('station', Number(v))}
          options={basinOptions}
        />
        <ReportSelect
          label={t('reports.overflow.year')}
          value={year}
          onChange={(v) => set('year', Number(v))}
          options={yearOptions}
        />
        <ReportSelect
          label={t('reports.overflow.month')}
          value={month}
          onChange={(v) => set('month', Number(v))}
          options={monthOptions}
        />
        <span className="report-toolbar-gap" />
        <Button variant="quiet" disabled={events.length === 0} onClick={exportCsv}>
          {t('reports.export.csv')}
        </Button>
        <Button variant="quiet" onClick={() => window.print()}>
          {t('reports.export.print')}
        </Button>
      </Toolbar>
      {configs.state === 'error' && (
        <p className="report-error" role="alert">
          {t('reports.overflow.failed', { error: configs.error })}
        </p>
      )}
      {configs.state === 'ready' && basins.length === 0 && (
        <EmptyState title={t('reports.overflow.empty')} reason={t('reports.overflow.noBasins')} />
      )}
      {load.state === 'loading' && <Spinner label={t('reports.overflow.title')} showLabel />}
      {load.state === 'error' && (
        <div className="report-error" role="alert">
          <p>{t('reports.overflow.failed', { error: load.error })}</p>
          <Button onClick={retry}>{t('reports.failed.retry')}</Button>
        </div>
      )}
      {load.state === 'ready' && events.length === 0 && basins.length > 0 && (
        <EmptyState
          title={t('reports.overflow.empty')}
          reason={t('reports.overflow.emptyReason')}
        />
      )}
      {events.length > 0 && (
        <>
          <p className="report-note">
            {t('reports.overflow.summary', {
              count: events.length,
              overflows: events.filter((e) => e.overflow).length,
              volume: format.number(total, 1),
            })}
          </p>
          <div className="report-table-wrap">
            <table className="report-table">
              <caption className="visually-hidden">
                {t('reports.overflow.title')}, {period}
              </caption>
              <TableHead
                columns={[
                  t('reports.overflow.basin'),
                  t('reports.overflow.start'),
                  t('reports.overflow.end'),
                  { label: t('reports.overflow.duration'), num: true },
                  { label: <UnitHead text={t('reports.overflow.volume')} unit="m³" />, num: true },
                  t('reports.overflow.overflowed'),
                  { label: <UnitHead text={t('reports.overflow.maxLevel')} unit="m" />, num: true },
                ]}
              />
              <tbody>
                {events.map((e) => (
                  <tr
                    key={`${e.stationNumber}-${e.start}`}
                    className={e.overflow ? 'report-overflow' : undefined}
                  >
                    <th scope="row">{nameOf(e.stationNumber)}</th>
                    <td>{time(e.start)}</td>
                    <td>{time(e.end)}</td>
                    <td className="num">{duration(e.durationMs)}</td>
                    <td className="num">{format.number(e.volume, 1)}</td>
                    <td>
                      {e.overflow ? (
                        <span className="report-flag">
                          <Icon name="warning" aria-hidden="true" /> {t('reports.overflow.yes')}
                        </span>
                      ) : (
                        t('reports.overflow.no')
                      )}
                    </td>
                    <td className="num">
                      {e.maxLevel === null ? '–' : format.number(e.maxLevel, 2)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {sebam.state === 'error' && (
        <p className="report-error" role="alert">
          {t('reports.overflow.sebamFailed', { error: sebam.error })}
        </p>
      )}
      {sebamShown.length > 0 && (
        <section className="report-sebam report-no-print" aria-labelledby="sebam-title">
          <h2 id="sebam-title">{t('reports.overflow.sebam')}</h2>
          <p className="report-note">{t('reports.overflow.sebamHint')}</p>
          {sebamShown.map((c) => (
            <div key={c.id} data-sebam={c.stationNumber}>
              <h3>{c.name}</h3>
              <ul>
                {c.pvs.map((pv) => (
                  <li key={pvKey(pv)}>
                    <Link to={`/archive?pv=${pvUrlId(pv)}&source=QuarterHour`}>
                      {pvNames.get(pvKey(pv)) ?? pvUrlId(pv)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

/** A column heading with its unit after it. */
function UnitHead({ text, unit }: { text: string; unit: string }) {
  return (
    <>
      {text} <span className="report-col-unit">{unit}</span>
    </>
  );
}
