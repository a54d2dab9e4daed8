/**
 * The system event archive (/events/system: audit) and control events (/events/control):
 * a period, a virtualized list newest first, the limit note of SPEC §8 and a CSV export.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ALERT_DEFAULT_RANGE_DAYS } from '../../contract/alerts.ts';
import { useFormat } from '../../app/useFormat.ts';
import { PlantZoneGate } from '../../app/PlantZoneGate.tsx';
import { EmptyState, PageHeader, Spinner, Toolbar, Button } from '../../ui/index.ts';
import { fetchControlEvents, fetchSystemEvents } from '../shared/alarm/alertsApi.ts';
import { downloadText, toCsv } from '../shared/csv.ts';
import { RangePicker, rangeOf, type RangeChoice } from './RangePicker.tsx';
import { ROW_HEIGHT_PX } from './AlertTable.tsx';
import { failureText } from '../../app/failureText.ts';
import { eventText } from './eventText.ts';
import './alerts.css';

export const EVENT_REQUEST_LIMIT = 10_000;

interface EventRow {
  id: number;
  timestamp: number;
  who: string;
  where: string;
  text: string;
}

type Load =
  | { state: 'loading' }
  | { state: 'error'; error: string }
  | { state: 'ready'; rows: EventRow[]; remainingCount: number };

export function EventsPage({ kind, zone }: { kind: 'system' | 'control'; zone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [range, setRange] = useState<RangeChoice>({ preset: 'last7Days' });
  const [now, setNow] = useState(() => Date.now());
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const query = useMemo(() => {
    const r = rangeOf(range, now, zone);
    return {
      start: new Date(r.start).toISOString(),
      end: new Date(r.end).toISOString(),
      limit: EVENT_REQUEST_LIMIT,
    };
  }, [range, now, zone]);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    const request =
      kind === 'system'
        ? fetchSystemEvents(query).then((r) => ({
            rows: r.events.map((e) => ({
              id: e.id,
              timestamp: e.timestamp,
              who: e.user ?? '',
              where: t(`alerts.eventText.category.${e.category}`, { defaultValue: e.category }),
              text: eventText(t, e),
            })),
            remainingCount: r.remainingCount,
          }))
        : fetchControlEvents(query).then((r) => ({
            rows: r.events.map((e) => ({
              id: e.id,
              timestamp: e.timestamp,
              who: e.user ?? '',
              where: e.stationName,
              text: eventText(t, e),
            })),
            remainingCount: r.remainingCount,
          }));
    request.then(
      (r) => live && setLoad({ state: 'ready', ...r }),
      (error: unknown) => live && setLoad({ state: 'error', error: failureText(error) }),
    );
    return () => {
      live = false;
    };
  }, [kind, query, t]);

  const scroller = useRef<HTMLDivElement>(null);
  const rows = load.state === 'ready' ? load.rows : [];
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 10,
  });
  const titleKey = kind === 'system' ? 'alerts.systemEvents.title' : 'alerts.controlEvents.title';
  const whereKey = kind === 'system' ? 'alerts.columns.category' : 'alerts.columns.stationName';
  const exportCsv = () =>
    downloadText(
      kind === 'system' ? 'systemereignisse.csv' : 'steuerereignisse.csv',
      toCsv(
        [
          t('alerts.columns.timestamp'),
          t('alerts.columns.user'),
          t(whereKey),
          t('alerts.columns.text'),
        ],
        rows.map((r) => [format.dateTime(r.timestamp), r.who, r.where, r.text]),
      ),
    );
  return (
    <div className="page alerts-page">
      <PageHeader
        title={t(titleKey)}
        description={t(
          kind === 'system'
            ? 'alerts.systemEvents.description'
            : 'alerts.controlEvents.description',
        )}
      />
      <RangePicker
        value={range}
        onChange={(r) => {
          setRange(r);
          setNow(Date.now());
        }}
        defaultDays={ALERT_DEFAULT_RANGE_DAYS}
      />
      <Toolbar label={t(titleKey)} className="alerts-toolbar">
        <Button variant="quiet" icon="refresh" onClick={() => setNow(Date.now())}>
          {t('alerts.actions.reload')}
        </Button>
        <Button variant="quiet" disabled={rows.length === 0} onClick={exportCsv}>
          {t('alerts.actions.export')}
        </Button>
      </Toolbar>
      {load.state === 'loading' && <Spinner label={t(titleKey)} showLabel />}
      {load.state === 'error' && (
        <p className="alerts-error" role="alert">
          {t('alerts.failed.events', { error: load.error })}
        </p>
      )}
      {load.state === 'ready' && load.remainingCount > 0 && (
        <p className="alerts-limit-note" role="note">
          {t('alerts.limitNote', { shown: rows.length, more: load.remainingCount })}
        </p>
      )}
      {load.state === 'ready' && rows.length === 0 && (
        <EmptyState title={t('alerts.empty.eventsTitle')} reason={t('alerts.empty.eventsReason')} />
      )}
      {rows.length > 0 && (
        <div className="alert-table event-table" role="table" aria-label={t(titleKey)}>
          <div className="alert-row alert-head" role="row">
            {(
              [
                ['col-time', t('alerts.columns.timestamp')],
                ['col-user', t('alerts.columns.user')],
                ['col-station', t(whereKey)],
                ['col-text', t('alerts.columns.text')],
              ] as const
            ).map(([column, label]) => (
              <span key={column} role="columnheader" className={column}>
                {label}
              </span>
            ))}
          </div>
          <div
            ref={scroller}
            className="alert-scroll"
            role="rowgroup"
            style={{ height: rows.length * ROW_HEIGHT_PX + 1 }}
            tabIndex={0}
          >
            <div
              role="presentation"
              style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
            >
              {virtualizer.getVirtualItems().map((item) => {
                const r = rows[item.index]!;
                return (
                  <div
                    key={r.id}
                    role="row"
                    className="alert-row"
                    style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT_PX }}
                  >
                    <span role="cell" className="col-time num">
                      {format.dateTime(r.timestamp)}
                    </span>
                    <span role="cell" className="col-user">
                      {r.who}
                    </span>
                    <span role="cell" className="col-station">
                      {r.where}
                    </span>
                    <span role="cell" className="col-text" title={r.text}>
                      {r.text}
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

export function SystemEventsPage() {
  return <PlantZoneGate>{(zone) => <EventsPage kind="system" zone={zone} />}</PlantZoneGate>;
}

export function ControlEventsPage() {
  return <PlantZoneGate>{(zone) => <EventsPage kind="control" zone={zone} />}</PlantZoneGate>;
}
