/**
 * Energy optimisation (SPEC §2, §3 "Energy optimisation values", §9 rest time mm:ss): each
 * pump station's power in the utility's 15-minute measuring period against the agreed
 * setpoint, live from the engine's `energy` topic. The overview shows every station as a card;
 * a station's page shows every value, the period's power as a curve and how it is computed.
 * A trend above the setpoint stands out by an icon and words, not by colour alone (ISA-101).
 * The values of a station that is not connected are stale (domain/valueStanding.ts): muted,
 * with the mark and their age, and never "Im Rahmen" (that would vouch for them).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { ENERGY_PERIOD_SECONDS, type EnergyOptimisationValues } from '../../contract/energy.ts';
import { formatMinutesSeconds } from '../../domain/formatPattern.ts';
import { useFormat } from '../../app/useFormat.ts';
import { useLiveItem } from '../../live/useLiveItem.ts';
import { LoadingState, Panel, Spinner, StatusBadge, cx, TableHead } from '../../ui/index.ts';
import { fetchEnergyStations, fetchSpecificEnergy } from '../shared/analytics/analyticsApi.ts';
import {
  AnalyticsDetailFrame,
  AnalyticsHelp,
  AnalyticsListFrame,
  StandingBadge,
  useStationStanding,
  type Standing,
} from '../shared/analytics/AnalyticsFrame.tsx';
import { useAnalyticsItem } from '../shared/analytics/useAnalyticsItem.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';

const KW = 'kW';

const useEnergyStations = () => usePageQuery(pageKeys.energyStations, fetchEnergyStations);

function SetpointBadge({
  values,
  standing,
}: {
  values: EnergyOptimisationValues;
  standing: Standing;
}) {
  const { t } = useTranslation();
  const over = values.trendleistung > values.sollleistung;
  // Stale values never read "Im Rahmen": the mark, the reason and the age instead; a trend
  // over the setpoint still shows, beside the stale note.
  return (
    <StandingBadge
      standing={standing}
      normal={!over}
      noteClassName="energy-state"
      badge={
        // ISA-101: within the setpoint is the normal case, neutral; only the trend above it stands out.
        <StatusBadge
          tone={over ? 'warning' : 'neutral'}
          icon={over ? 'warning' : 'check'}
          className="energy-state"
        >
          {over ? t('energy.overSetpoint') : t('energy.withinSetpoint')}
        </StatusBadge>
      }
    />
  );
}

/**
 * What to shed or the headroom left: a verdict on the period, so none while the station's
 * data are stale (the setpoint badge beside it says why); a dash instead.
 */
function Correction({ values, stale }: { values: EnergyOptimisationValues; stale: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (stale) return <span className="energy-correction-none">—</span>;
  const shed = values.korrekturleistung > 0;
  return (
    <span className={shed ? 'energy-shed' : 'energy-headroom'}>
      {shed
        ? t('energy.shed', { value: `${format.number(values.korrekturleistung, 1)} ${KW}` })
        : t('energy.headroom', { value: `${format.number(-values.korrekturleistung, 1)} ${KW}` })}
    </span>
  );
}

/** Mean, trend and setpoint on one scale: where the period stands, readable at a glance. */
function PeriodBar({ values }: { values: EnergyOptimisationValues }) {
  const { t } = useTranslation();
  const format = useFormat();
  const scale = Math.max(
    values.sollleistung * 1.5,
    values.trendleistung,
    values.periodenmaximum,
    1,
  );
  const pct = (v: number) => `${Math.min(100, (Math.max(0, v) / scale) * 100)}%`;
  return (
    <div
      className="energy-bar"
      role="img"
      aria-label={`${t('energy.fields.wirkleistungMittel')} ${format.number(values.wirkleistungMittel, 1)} ${KW}, ${t('energy.fields.trendleistung')} ${format.number(values.trendleistung, 1)} ${KW}, ${t('energy.fields.sollleistung')} ${format.number(values.sollleistung, 0)} ${KW}`}
    >
      <span className="energy-bar-trend" style={{ width: pct(values.trendleistung) }} />
      <span className="energy-bar-mean" style={{ width: pct(values.wirkleistungMittel) }} />
      <span className="energy-bar-setpoint" style={{ left: pct(values.sollleistung) }} />
    </div>
  );
}

function RestTime({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return (
    <span className="energy-rest">
      <span className="energy-rest-label">{t('energy.restTime')}</span>{' '}
      <time className="num" dateTime={`PT${seconds}S`}>
        {formatMinutesSeconds(seconds)}
      </time>
    </span>
  );
}

function StationCard({ nr, name }: { nr: number; name: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const values = useLiveItem('energy', String(nr));
  const standing = useStationStanding(nr, values?.timestamp);
  return (
    <li
      className={cx('energy-card panel', standing.stale && 'energy-card-stale')}
      data-energy-station={nr}
      data-stale={standing.reason ?? undefined}
    >
      <h2 className="energy-card-title">
        <Link to={`/energy/${nr}`}>{name}</Link>
      </h2>
      {values ? (
        <>
          <div className="energy-card-main">
            <span className={cx('energy-now num', standing.muted)}>
              {format.number(values.wirkleistungAktuell, 1)} <small>{KW}</small>
            </span>
            <SetpointBadge values={values} standing={standing} />
          </div>
          <PeriodBar values={values} />
          <dl className="facts energy-card-facts">
            <dt>{t('energy.fields.trendleistung')}</dt>
            <dd className="num">
              {format.number(values.trendleistung, 1)} {KW}
            </dd>
            <dt>{t('energy.fields.sollleistung')}</dt>
            <dd className="num">
              {format.number(values.sollleistung, 0)} {KW}
            </dd>
            <dt>{t('energy.fields.korrekturleistung')}</dt>
            <dd>
              <Correction values={values} stale={standing.stale} />
            </dd>
          </dl>
          <RestTime seconds={values.periodenrestzeit} />
        </>
      ) : (
        <p className="tile-message">
          <Spinner size="small" /> {t('energy.waiting')}
        </p>
      )}
    </li>
  );
}

export function EnergyListPage() {
  return (
    <AnalyticsListFrame area="energy" list={useEnergyStations()}>
      {(list) => (
        <ul className="energy-cards">
          {list.map((s) => (
            <StationCard key={s.stationNumber} nr={s.stationNumber} name={s.name} />
          ))}
        </ul>
      )}
    </AnalyticsListFrame>
  );
}

/**
 * The period's power against the setpoint: from the period's start to now its mean so far
 * (the energy drawn, spread over the time gone: known from the first value on), the power
 * as it came in since the page opened, and the power now; the setpoint as a dashed line.
 */
function PeriodChart({ values }: { values: EnergyOptimisationValues }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [points, setPoints] = useState<{ at: number; kw: number }[]>([]);
  const period = useRef<number | null>(null);
  const elapsedMs = (ENERGY_PERIOD_SECONDS - values.periodenrestzeit) * 1000;
  useEffect(() => {
    const start = values.timestamp - (ENERGY_PERIOD_SECONDS - values.periodenrestzeit) * 1000;
    const periodStart = Math.round(start / 1000);
    setPoints((prev) => {
      const fresh = period.current !== periodStart;
      period.current = periodStart;
      const kept = fresh ? [] : prev;
      return kept.at(-1)?.at === values.timestamp - start
        ? kept
        : [...kept, { at: values.timestamp - start, kw: values.wirkleistungAktuell }];
    });
  }, [values]);
  const W = 600;
  const H = 160;
  const max = Math.max(
    values.sollleistung * 1.4,
    values.wirkleistungMittel * 1.1,
    values.wirkleistungAktuell * 1.1,
    ...points.map((p) => p.kw * 1.1),
    1,
  );
  const x = (ms: number) =>
    (Math.min(Math.max(ms, 0), ENERGY_PERIOD_SECONDS * 1000) / (ENERGY_PERIOD_SECONDS * 1000)) * W;
  const y = (kw: number) => H - (kw / max) * H;
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.at).toFixed(1)},${y(p.kw).toFixed(1)}`);
  const nowX = x(elapsedMs);
  const meanY = y(values.wirkleistungMittel);
  const nowY = y(values.wirkleistungAktuell);
  const nowText = t('energy.chartNow', {
    value: `${format.number(values.wirkleistungAktuell, 1)} ${KW}`,
  });
  return (
    <figure className="energy-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('energy.periodChart')}>
        <rect
          className="energy-chart-mean"
          x={0}
          y={meanY}
          width={nowX}
          height={Math.max(0, H - meanY)}
        >
          <title>{`${t('energy.chartMean')}: ${format.number(values.wirkleistungMittel, 1)} ${KW}`}</title>
        </rect>
        <line
          className="energy-chart-setpoint"
          x1={0}
          x2={W}
          y1={y(values.sollleistung)}
          y2={y(values.sollleistung)}
        />
        {points.length > 1 && <path className="energy-chart-line" d={path.join('')} />}
        <circle className="energy-chart-now" cx={nowX} cy={nowY} r={4} />
      </svg>
      <figcaption className="energy-chart-legend">
        <span className="energy-legend-mean">
          {t('energy.chartMean')}: {format.number(values.wirkleistungMittel, 1)} {KW}
        </span>
        <span className="energy-legend-line">
          {t('energy.chartPower')}, {nowText}
        </span>
        <span className="energy-legend-setpoint">
          {t('energy.setpointLine')}: {format.number(values.sollleistung, 0)} {KW}
        </span>
      </figcaption>
    </figure>
  );
}

/** kWh per m³ over yesterday, a week and a month, from the archive's day values. */
function SpecificEnergyPanel({ nr }: { nr: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [specific, retry] = usePageQuery(pageKeys.specificEnergy(nr), (signal) =>
    fetchSpecificEnergy(nr, signal),
  );
  return (
    <Panel title={t('energy.specific.title')}>
      <LoadingState
        status={specific.state}
        onRetry={retry}
        errorMessage={t('energy.specific.none')}
      >
        {specific.state === 'ready' && (
          <table className="table energy-specific">
            <TableHead
              columns={[
                t('energy.specific.spanHeader'),
                { label: t('energy.specific.energy'), num: true },
                { label: t('energy.specific.volume'), num: true },
                { label: t('energy.specific.value'), num: true },
              ]}
            />
            <tbody>
              {specific.data.map((s) => (
                <tr key={s.span} data-span={s.span}>
                  <th scope="row">{t(`energy.specific.span.${s.span}`)}</th>
                  <td className="num">{format.number(s.energyKwh, 1)} kWh</td>
                  <td className="num">{format.number(s.volumeM3, 1)} m³</td>
                  <td className="num">
                    {s.kwhPerM3 === null ? '—' : format.number(s.kwhPerM3, 3)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadingState>
      <p className="analytics-note">{t('energy.specific.help')}</p>
    </Panel>
  );
}

export function EnergyStationPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const nr = Number(useParams().station);
  const { values, standing, frame } = useAnalyticsItem(
    useEnergyStations(),
    (s) => s.stationNumber === nr,
    'energy',
    String(nr),
  );
  const kw = (v: number, d = 1) => `${format.number(v, d)} ${KW}`;
  return (
    <AnalyticsDetailFrame
      area="energy"
      {...frame}
      unknownTitle={t('energy.unknownStation', { nr })}
      data={{ 'data-energy-station': nr }}
    >
      {() =>
        values && (
          <>
            <Panel title={t('energy.periodChart')}>
              <div className="energy-card-main">
                <RestTime seconds={values.periodenrestzeit} />
                <SetpointBadge values={values} standing={standing} />
                {values.evuImpuls && <StatusBadge tone="info">{t('energy.impulse')}</StatusBadge>}
              </div>
              <PeriodBar values={values} />
              <PeriodChart values={values} />
            </Panel>
            <Panel title={t('energy.title')}>
              <dl className="facts energy-facts">
                <dt>{t('energy.fields.wirkleistungAktuell')}</dt>
                <dd className="num">{kw(values.wirkleistungAktuell)}</dd>
                <dt>{t('energy.fields.wirkleistungMittel')}</dt>
                <dd className="num">{kw(values.wirkleistungMittel)}</dd>
                <dt>{t('energy.fields.trendleistung')}</dt>
                <dd className="num">{kw(values.trendleistung)}</dd>
                <dt>{t('energy.fields.sollleistung')}</dt>
                <dd className="num">{kw(values.sollleistung, 0)}</dd>
                <dt>{t('energy.fields.korrekturleistung')}</dt>
                <dd>
                  <Correction values={values} stale={standing.stale} />
                </dd>
                <dt>{t('energy.fields.periodenmaximum')}</dt>
                <dd className="num">{kw(values.periodenmaximum)}</dd>
                <dt>{t('energy.fields.periodenenergie')}</dt>
                <dd className="num">{format.number(values.periodenenergie, 2)} kWh</dd>
                <dt>{t('energy.fields.periodenrestzeit')}</dt>
                <dd className="num">{formatMinutesSeconds(values.periodenrestzeit)}</dd>
                {/* Only a station with a CHP unit (BHKW) has its output: no row that stays empty. */}
                {values.bhkwLeistung !== null && (
                  <>
                    <dt data-field="bhkwLeistung">{t('energy.fields.bhkwLeistung')}</dt>
                    <dd className="num" data-field="bhkwLeistung">
                      {kw(values.bhkwLeistung)}
                    </dd>
                  </>
                )}
                <dt>{t('energy.fields.blindleistung')}</dt>
                <dd className="num">{format.number(values.blindleistung, 1)} kvar</dd>
                <dt>{t('energy.fields.cosPhi')}</dt>
                <dd className="num">{format.number(values.cosPhi, 2)}</dd>
                <dt>{t('energy.fields.evuImpuls')}</dt>
                <dd>{values.evuImpuls ? t('energy.yes') : t('energy.no')}</dd>
                <dt>{t('energy.fields.vorrangbetriebMinuten')}</dt>
                <dd className="num">
                  {t('energy.minutes', { count: values.vorrangbetriebMinuten })}
                </dd>
              </dl>
              <AnalyticsHelp area="energy" />
            </Panel>
            <SpecificEnergyPanel nr={nr} />
          </>
        )
      }
    </AnalyticsDetailFrame>
  );
}
