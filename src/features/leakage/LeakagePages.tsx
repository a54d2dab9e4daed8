/**
 * Pipe leakage (SPEC §2, §3 "Pipe leakage", §9 date format dd.MM.yyyy HH:mm:ss): per supply
 * zone the live balance and the night minimum against the reference, live from the engine's
 * `pipeLeakage` topic, with the zone's alarm state (PipeLeakage binding). A zone in leak
 * stands out by shape, icon and words (ISA-101), and the night minimum shows as a trend over
 * weeks against the reference. While the station that measures a zone is not connected its
 * figures are stale (domain/valueStanding.ts): muted, with the mark and their age, and never
 * "Dicht" (that would vouch for them); a warning or a leak still shows, beside the stale note.
 */
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { alertBindingKey } from '../../contract/alerts.ts';
import type { LeakageSection, LeakageState, PipeLeakage } from '../../contract/leakage.ts';
import { formatIn } from '../../domain/formatPattern.ts';
import { useFormat } from '../../app/useFormat.ts';
import { useLiveItem } from '../../live/useLiveItem.ts';
import { useLiveItems } from '../../live/useLiveItems.ts';
import { Panel, Spinner, StatusBadge, cx, type StatusTone, TableHead } from '../../ui/index.ts';
import { BindingAlarmMark } from '../shared/alarm/BindingAlarmMark.tsx';
import { fetchLeakageSections } from '../shared/analytics/analyticsApi.ts';
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

const M3H = 'm³/h';
const useLeakageSections = () => usePageQuery(pageKeys.leakageSections, fetchLeakageSections);
const LEAKAGE_TIME = 'dd.MM.yyyy HH:mm:ss';
// ISA-101: the normal state is neutral (with its check mark); colour is for the abnormal.
const TONE: Record<LeakageState, StatusTone> = {
  Ok: 'neutral',
  Warning: 'warning',
  Leak: 'alarm',
  NoData: 'stale',
};

/** A flow in m³/h in the user's number format; a dash while there is none. */
function useFlowText() {
  const format = useFormat();
  return (x: number | null) => (x === null ? '—' : `${format.number(x, 1)} ${M3H}`);
}

function StateBadge({ state, standing }: { state: LeakageState; standing?: Standing }) {
  const { t } = useTranslation();
  // Stale figures never read as tight; a warning or a leak still shows, beside the note.
  return (
    <StandingBadge
      standing={standing}
      normal={state === 'Ok'}
      badge={
        <StatusBadge
          tone={TONE[state]}
          icon={state === 'Ok' ? 'check' : undefined}
          className="leak-state"
          title={t(`leakage.state.${state}`)}
        >
          {t(`leakage.state.${state}`)}
        </StatusBadge>
      }
    />
  );
}

function SectionRow({ section }: { section: LeakageSection }) {
  const { pipeLeakageId: id, name } = section;
  const { t } = useTranslation();
  const format = useFormat();
  const v = useLiveItem('pipeLeakage', String(id));
  const standing = useStationStanding(section.stationNumber, v?.timestamp);
  const m3 = useFlowText();
  return (
    <tr
      data-leak-section={id}
      data-stale={standing.reason ?? undefined}
      className={cx(v?.measurementState === 'Leak' && 'is-leak', standing.muted)}
    >
      <th scope="row">
        <BindingAlarmMark binding={{ type: 'PipeLeakage', id }} what={name} />{' '}
        <Link to={`/leakage/${id}`}>{name}</Link>
      </th>
      {v ? (
        <>
          <td data-label={t('leakage.columns.state')}>
            <StateBadge state={v.measurementState} standing={standing} />
          </td>
          <td className="num" data-label={t('leakage.columns.balance')}>
            {m3(v.measurementChange)}
          </td>
          <td className="num" data-label={t('leakage.columns.night')}>
            {m3(v.minMaxValue)}
          </td>
          <td className="num" data-label={t('leakage.columns.reference')}>
            {m3(v.referenceValue)}
          </td>
          <td className="num" data-label={t('leakage.columns.loss')}>
            {v.lossPerDayM3 === null ? '—' : `${format.number(v.lossPerDayM3, 0)} m³`}
          </td>
        </>
      ) : (
        <td colSpan={5}>
          <Spinner size="small" /> {t('leakage.waiting')}
        </td>
      )}
    </tr>
  );
}

/** How many zones are in leak now, in words with the language's plural. */
function LeakSummary({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const keys = useMemo(() => ids.map(String), [ids]);
  const items = useLiveItems('pipeLeakage', keys);
  const leaks = items.filter((v) => v?.measurementState === 'Leak').length;
  return (
    <p className="leak-summary" aria-live="polite">
      {leaks > 0 ? (
        <StatusBadge tone="alarm">{t('leakage.alarms', { count: leaks })}</StatusBadge>
      ) : (
        <StatusBadge tone="neutral" icon="check">
          {t('leakage.noAlarm')}
        </StatusBadge>
      )}
    </p>
  );
}

export function LeakageListPage() {
  const { t } = useTranslation();
  return (
    <AnalyticsListFrame area="leakage" list={useLeakageSections()}>
      {(list) => (
        <div className="leak-table-wrap">
          <LeakSummary ids={list.map((s) => s.pipeLeakageId)} />
          <table className="table leak-table">
            <TableHead
              columns={[
                t('leakage.columns.name'),
                t('leakage.columns.state'),
                { label: t('leakage.columns.balance'), num: true },
                { label: t('leakage.columns.night'), num: true },
                { label: t('leakage.columns.reference'), num: true },
                { label: t('leakage.columns.loss'), num: true },
              ]}
            />
            <tbody>
              {list.map((s) => (
                <SectionRow key={s.pipeLeakageId} section={s} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AnalyticsListFrame>
  );
}

/** The night minimum of each night as a bar, the reference as a line: weeks at a glance. */
function NightTrend({ v }: { v: PipeLeakage }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (v.nights.length === 0) return <p>{t('leakage.trendEmpty')}</p>;
  const W = 600;
  const H = 160;
  const max = Math.max(v.referenceValue * 1.5, ...v.nights.map((n) => n.value), 1);
  const bar = W / v.nights.length;
  const y = (x: number) => H - (x / max) * H;
  const last = v.nights.at(-1)!;
  return (
    <figure className="leak-trend">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${t('leakage.trend')}: ${t('leakage.nights', { count: v.nights.length })}, ${format.number(last.value, 1)} ${M3H}`}
      >
        {v.nights.map((n, i) => (
          <rect
            key={n.begin}
            className={n.value > v.referenceValue * 1.05 ? 'leak-trend-high' : 'leak-trend-bar'}
            x={i * bar + 1}
            width={Math.max(1, bar - 2)}
            y={y(n.value)}
            height={H - y(n.value)}
          />
        ))}
        <line
          className="energy-chart-setpoint"
          x1={0}
          x2={W}
          y1={y(v.referenceValue)}
          y2={y(v.referenceValue)}
        />
      </svg>
      <figcaption>
        {t('leakage.nights', { count: v.nights.length })} · {t('leakage.fields.referenceValue')}{' '}
        {format.number(v.referenceValue, 1)} {M3H}
      </figcaption>
    </figure>
  );
}

export function LeakageSectionPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = Number(useParams().id);
  const {
    item: section,
    values: v,
    standing,
    frame,
  } = useAnalyticsItem(
    useLeakageSections(),
    (s) => s.pipeLeakageId === id,
    'pipeLeakage',
    String(id),
  );
  const alarm = useLiveItem(
    'alertState',
    section ? alertBindingKey({ type: 'PipeLeakage', id }) : null,
  );
  const m3 = useFlowText();
  const at = (ms: number | null) =>
    ms === null || !format.timeZone ? '—' : formatIn(ms, LEAKAGE_TIME, format.timeZone);
  return (
    <AnalyticsDetailFrame
      area="leakage"
      {...frame}
      unknownTitle={t('leakage.unknown', { id })}
      data={{ 'data-leak-section': id }}
    >
      {() =>
        section &&
        v && (
          <>
            <Panel title={t('leakage.fields.measurementState')}>
              <div className="energy-card-main">
                <StateBadge state={v.measurementState} standing={standing} />
                <span className="leak-alarm">
                  {alarm && alarm.pendingCount > 0 ? (
                    <BindingAlarmMark binding={{ type: 'PipeLeakage', id }} what={section.name} />
                  ) : (
                    t('leakage.noAlarm')
                  )}
                </span>
              </div>
              <dl className="facts energy-facts">
                <dt>{t('leakage.fields.inflow')}</dt>
                <dd className="num">{m3(v.inflow)}</dd>
                <dt>{t('leakage.fields.consumption')}</dt>
                <dd className="num">{m3(v.consumption)}</dd>
                <dt>{t('leakage.fields.balance')}</dt>
                <dd className="num">{m3(v.measurementChange)}</dd>
                <dt>{t('leakage.fields.updated')}</dt>
                <dd className="num">{at(v.timestamp)}</dd>
              </dl>
            </Panel>
            <Panel title={t('leakage.trend')}>
              <dl className="facts energy-facts">
                <dt>{t('leakage.fields.window')}</dt>
                <dd className="num">
                  {at(v.minMaxBegin)} – {at(v.minMaxEnd)}
                </dd>
                <dt>{t('leakage.fields.minMaxValue')}</dt>
                <dd className="num">{m3(v.minMaxValue)}</dd>
                <dt>{t('leakage.fields.minMaxState')}</dt>
                <dd>
                  <StateBadge state={v.minMaxState} standing={standing} />
                </dd>
                <dt>{t('leakage.fields.referenceValue')}</dt>
                <dd className="num">{m3(v.referenceValue)}</dd>
                <dt>{t('leakage.fields.lossPerDay')}</dt>
                <dd className="num">
                  {v.lossPerDayM3 === null ? '—' : `${format.number(v.lossPerDayM3, 0)} m³`}
                </dd>
              </dl>
              <NightTrend v={v} />
              <AnalyticsHelp area="leakage" />
            </Panel>
          </>
        )
      }
    </AnalyticsDetailFrame>
  );
}
