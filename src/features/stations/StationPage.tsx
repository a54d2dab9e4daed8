/**
 * A station page: every PV of the station with its live value, virtualized for long lists,
 * and who the station's alarms reach now (its active alarm plan and who is on call).
 */
import { alarmShortText } from '../../domain/pvAlarm.ts';
import { MiddleText } from '../../ui/MiddleText.tsx';
import { memo, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { PV_TYPES, type PvType } from '../../contract/enums.ts';
import { pvUrlId } from '../../contract/keys.ts';
import type { PvConfig, PvRef, PvValue } from '../../contract/pv.ts';
import { fetchPvNodes, fetchStations } from '../../api/stations.ts';
import { useStationDialState } from '../../live/index.ts';
import { usePvLive } from '../../live/usePvLive.ts';
import type { PvLiveParts } from '../../live/PvLiveWatch.ts';
import type { Formatters } from '../../app/useFormat.ts';
import { pvAlarmMark } from '../shared/alarm/PvAlarmMark.tsx';
import { useValueKit, type ValueKit } from '../shared/valueKit.ts';
import { BindingAlarmMark } from '../shared/alarm/BindingAlarmMark.tsx';
import { formatPvValue } from '../../domain/pvFormat.ts';
import { valueStanding } from '../../domain/valueStanding.ts';
import { splitPvNr } from '../../domain/pvRef.ts';

import { Icon, StaleNoteWith, staleValueClass, writePvValueText } from '../../ui/index.ts';
import { DialStateBadge } from '../shared/DialStateBadge.tsx';
import { NO_AGE, showAge, useStationAgeWriter, type ShownAge } from './shownAge.ts';
import { PvActionButton } from '../shared/actions/PvActionButton.tsx';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import type { Station } from '../../contract/station.ts';
import { OverdueMark } from './OverdueMark.tsx';
import { OnCallSummary } from '../shared/remote-alarm/OnCallSummary.tsx';
import { StationsLoadNote } from './StationsLoadNote.tsx';
import { Breadcrumb } from '../shared/Breadcrumb.tsx';
import { useFollowLinks } from '../shared/useFollowLinks.ts';
import './stations.css';

const ROW_HEIGHT_PX = 44;

export function StationPage() {
  const { t } = useTranslation();
  const nr = Number(useParams().nr);
  const [data, retry] = usePageQuery(pageKeys.stationPage(nr), async (signal) => {
    const [stations, nodes] = await Promise.all([fetchStations(signal), fetchPvNodes(signal)]);
    return {
      station: stations.find((s) => s.id === nr),
      node: nodes.find((n) => n.stationNumber === nr),
    };
  });
  const [typeFilter, setTypeFilter] = useState<PvType | 'all'>('all');

  const pvs = useMemo(() => {
    const all = data.state === 'ready' ? (data.data.node?.pvs ?? []) : [];
    return typeFilter === 'all' ? all : all.filter((p) => p.type === typeFilter);
  }, [data, typeFilter]);
  const typesPresent = useMemo(() => {
    const set = new Set(
      (data.state === 'ready' ? (data.data.node?.pvs ?? []) : []).map((p) => p.type),
    );
    return PV_TYPES.filter((type) => set.has(type));
  }, [data]);

  if (!Number.isSafeInteger(nr)) return <p className="state-note">{t('stations.notFound')}</p>;
  if (data.state !== 'ready') return <StationsLoadNote data={data} retry={retry} />;
  const station = data.data.station;
  if (!station) return <p className="state-note">{t('stations.notFound')}</p>;

  return (
    <section className="page station-page" aria-labelledby="station-title">
      <Breadcrumb to="/stations" text={t('stations.title')} label={t('stations.breadcrumb')} />
      <header className="page-header">
        <h1 id="station-title" data-page-subject={station.name}>
          <span className="station-nr">{station.id}</span> {station.name}
        </h1>
        <StationFacts station={station} />
      </header>
      <OnCallSummary stationNumber={station.id} />
      <div className="chip-row" role="group" aria-label={t('stations.typeFilter')}>
        {(['all', ...typesPresent] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="chip"
            aria-pressed={typeFilter === type}
            onClick={() => setTypeFilter(type)}
          >
            {type === 'all' ? t('stations.allTypes') : t(`stations.pvType.${type}`)}
          </button>
        ))}
      </div>
      {pvs.length === 0 ? (
        <p className="state-note">{t('stations.noPvs')}</p>
      ) : (
        <PvList pvs={pvs} />
      )}
    </section>
  );
}

/**
 * The station's connection, dial state and the age of its newest data: its own component,
 * which renders when the dial state changes; the station's time stamp (new each second)
 * moves the age and its title in place, without a render (issue 44).
 */
function StationFacts({ station }: { station: Station }) {
  const { t } = useTranslation();
  const stationNumber = station.id;
  const dialState = useStationDialState(stationNumber);
  const holder = useRef<HTMLSpanElement>(null);
  const ageEl = useRef<HTMLSpanElement>(null);
  useStationAgeWriter(stationNumber, holder, ageEl);
  return (
    <div className="station-facts">
      <BindingAlarmMark
        binding={{ type: 'StationConnection', stationNumber }}
        what={t('alarmState.connection')}
      />
      <DialStateBadge state={dialState} />
      <OverdueMark station={station} />
      <span ref={holder}>
        {t('stations.col.timestamp')}: <span ref={ageEl} className="station-age" />
      </span>
    </div>
  );
}

const PvList = memo(function PvList({ pvs }: { pvs: readonly PvRef[] }) {
  // Asked once for every row (shared/valueKit.ts), not once a row and its parts.
  const kit = useValueKit();
  const { t } = kit;
  const parent = useRef<HTMLDivElement>(null);
  // The rows' trend links are plain links, followed in the app by this one handler.
  useFollowLinks(parent);
  const virtualizer = useVirtualizer({
    count: pvs.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 10,
  });
  return (
    <div
      className="pv-list"
      role="table"
      aria-label={t('stations.pvList')}
      aria-rowcount={pvs.length + 1}
    >
      <div className="pv-row pv-head" role="row">
        <span role="columnheader">{t('stations.pvCol.name')}</span>
        <span role="columnheader">{t('stations.pvCol.ref')}</span>
        <span role="columnheader" className="num">
          {t('stations.pvCol.value')}
        </span>
        <span role="columnheader">{t('stations.pvCol.quality')}</span>
        <span role="columnheader" className="num">
          {t('stations.pvCol.age')}
        </span>
        <span role="columnheader" className="pv-actions">
          <span className="visually-hidden">{t('stations.pvActions.tooltip')}</span>
        </span>
      </div>
      <div ref={parent} className="pv-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const ref = pvs[item.index]!;
            return (
              <PvRow
                key={`${ref.type}-${ref.nr}`}
                pvRef={ref}
                index={item.index}
                start={item.start}
                kit={kit}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});

/**
 * The value and age cells of a PV row, written in place (no render of the row per value) with
 * the config and language of the row's last render.
 */
class PvRowCells {
  cell: HTMLSpanElement | null = null;
  text: HTMLSpanElement | null = null;
  ageCell: HTMLSpanElement | null = null;
  private age: ShownAge = NO_AGE;
  readonly cellRef = (el: HTMLSpanElement | null) => void (this.cell = el);
  readonly textRef = (el: HTMLSpanElement | null) => void (this.text = el);
  readonly ageRef = (el: HTMLSpanElement | null) => void (this.ageCell = el);

  write(value: PvValue | undefined, config: PvConfig | undefined, format: Formatters): void {
    const { cell, text } = this;
    if (!cell || !text) return;
    const shown = value ? formatPvValue(value, config, format.locale) : null;
    writePvValueText(text, shown);
    cell.classList.toggle('pv-failure', shown?.failure === true);
    setAttribute(cell, 'data-active', shown?.active === undefined ? null : String(shown.active));
    setAttribute(cell, 'title', shown?.detail ?? null);
    this.age = showAge(this.ageCell, this.age, value?.timestamp ?? null, format.age);
  }

  /** The row left the list: its age leaves the tab's clock. */
  readonly end = (): void => {
    this.age.watch?.();
    this.age = NO_AGE;
  };
}

/** A row renders for a value only while it is stale (its note, its class), never for a fresh one. */
const staleValueOf = (value: PvValue | undefined, { connection }: PvLiveParts) =>
  valueStanding(value, connection).stale ? value : undefined;

/**
 * One PV row, memoised: a scroll step renders the rows it brings into view, not every row
 * again (its props are numbers and the list's own PV reference, never a new object). Its
 * config, alarm, station connection and stale value come through one subscription
 * (`usePvLive`); a new value is written into its value and age cells in place (PvRowCells),
 * and renders the row only when the value turns stale or fresh again (or changes while stale).
 */
const PvRow = memo(function PvRow({
  pvRef,
  index,
  start,
  kit,
}: {
  pvRef: PvRef;
  index: number;
  /** The row's offset in the list, px. */
  start: number;
  kit: ValueKit;
}) {
  const { t, alarmText, format } = kit;
  const [cells] = useState(() => new PvRowCells());
  const [{ config, alarm, connection, standing: staleValue }] = usePvLive(pvRef, staleValueOf, {
    // This render's config and language, from its commit on.
    write: (value) => cells.write(value, cfg, format),
    end: cells.end,
  });
  const alarmFill = alarm ? kit.priorityStyles.get(alarm.priority)?.fill : undefined;
  const cfg = config.state === 'ready' ? config.config : undefined;
  const standing = valueStanding(staleValue, connection);
  const { number } = splitPvNr(pvRef);
  return (
    <div
      className={alarm ? `pv-row in-alarm is-${alarm.phase}` : 'pv-row'}
      role="row"
      aria-rowindex={index + 2}
      style={
        {
          transform: `translateY(${start}px)`,
          height: ROW_HEIGHT_PX,
          ...(alarmFill ? { '--alarm-color': alarmFill } : {}),
        } as React.CSSProperties
      }
      data-pv={pvUrlId(pvRef)}
      data-alarm={alarm ? alarm.phase : undefined}
      data-alarm-priority={alarm?.priority}
    >
      <span role="cell" className="pv-name">
        {cfg ? (
          <MiddleText text={cfg.name} />
        ) : config.state === 'error' ? (
          t('stations.pvLoadFailed')
        ) : (
          '…'
        )}
        {cfg?.eksNr && <span className="cell-sub"> {cfg.eksNr}</span>}
        <a
          className="pv-trend-link"
          href={`/trend/realtime?pv=${pvUrlId(pvRef)}`}
          title={t('stations.trendLink.title')}
        >
          <Icon name="chart" size={16} />
          <span className="visually-hidden">
            {t('stations.trendLink.label', { name: cfg?.name ?? pvUrlId(pvRef) })}
          </span>
        </a>
      </span>
      <span role="cell" className="pv-ref">
        {/* One text, one text node: three children were three fibers a row. */}
        {`${t(`stations.pvType.${pvRef.type}`)} ${number}`}
      </span>
      <span role="cell" ref={cells.cellRef} className={`num pv-value ${staleValueClass(standing)}`}>
        {pvAlarmMark(alarm, kit.priorityStyles, kit.alarmLabel, 'pv-alarm-mark')}
        <span ref={cells.textRef} className="pv-value-text" />
      </span>
      <span role="cell" className="pv-quality">
        {alarm && (
          <span className="pv-alarm-text" title={alarm.text}>
            {`${t(`alarmState.short.${alarm.phase}`)}: ${alarmText(alarmShortText(alarm.text, cfg?.stationName, cfg?.name))}`}
          </span>
        )}
        {/* Only a stale value has a note: a fresh row holds no component for it. */}
        {standing.stale && (
          <StaleNoteWith
            value={staleValue}
            connection={connection}
            showAge={false}
            reasonText={kit.staleReason}
            formatAge={format.age}
          />
        )}
      </span>
      <span role="cell" className="num pv-age">
        <span ref={cells.ageRef} className="pv-age-text" />
      </span>
      <span role="cell" className="pv-actions">
        <PvActionButton pvRef={pvRef} name={cfg?.name ?? `${pvRef.type} ${pvRef.nr}`} t={t} />
      </span>
    </div>
  );
});

function setAttribute(el: Element | null, name: string, value: string | null): void {
  if (!el) return;
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
