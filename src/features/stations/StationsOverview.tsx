/** The stations overview (issue: live engine): every station with its live connection data. */
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { StationCallAction } from '../../contract/enums.ts';
import type { Station } from '../../contract/station.ts';
import { fetchStations } from '../../api/stations.ts';
import { useStationState } from '../../live/index.ts';
import { useNowAt } from '../../ui/useNow.ts';
import { useFormat } from '../../app/useFormat.ts';
import { StationState } from './StationState.tsx';
import { OverdueMark } from './OverdueMark.tsx';
import { DialResultDialog } from './DialResultDialog.tsx';
import { shownDialState, useDialActions, type Interim } from './dialActions.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { useStationAgeWriter } from './shownAge.ts';
import { TableHead } from '../../ui/index.ts';
import { StationsLoadNote } from './StationsLoadNote.tsx';
import './stations.css';

/** The columns with a visible header, in order (the actions column's is for screen readers). */
const SHOWN_COLUMNS = [
  'nr',
  'name',
  'dialState',
  'timestamp',
  'lastConnection',
  'dialCounters',
  'network',
] as const;

export function StationsOverview() {
  const { t } = useTranslation();
  const [stations, retry] = usePageQuery(pageKeys.stations, (signal) => fetchStations(signal));
  const { interim, dial, outcome, dismissOutcome } = useDialActions();
  const [filter, setFilter] = useState('');

  const list = useMemo(() => (stations.state === 'ready' ? stations.data : []), [stations]);
  const visible = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? list.filter((s) => `${s.id} ${s.name}`.toLowerCase().includes(q)) : list;
  }, [list, filter]);
  const nameOf = (nr: number) => list.find((s) => s.id === nr)?.name ?? '';

  return (
    <section className="page" aria-labelledby="stations-title">
      <header className="page-header">
        <h1 id="stations-title">{t('stations.title')}</h1>
        <input
          type="search"
          className="input"
          placeholder={t('stations.filter')}
          aria-label={t('stations.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </header>
      <StationsLoadNote data={stations} retry={retry} />
      {stations.state === 'ready' && visible.length === 0 && (
        <p className="state-note">
          {list.length === 0 ? t('stations.none') : t('stations.noMatch')}
        </p>
      )}
      {visible.length > 0 && (
        <div className="table-wrap">
          <table className="data-table stations-table">
            <TableHead
              columns={[
                ...SHOWN_COLUMNS.map((column) => t(`stations.col.${column}`)),
                { label: t('stations.col.actions'), visuallyHidden: true },
              ]}
            />
            <tbody>
              {visible.map((s) => (
                <StationRow key={s.id} station={s} interim={interim.get(s.id)} onDial={dial} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outcome && (
        <DialResultDialog outcome={outcome} stationName={nameOf} onClose={dismissOutcome} />
      )}
    </section>
  );
}

function StationRow({
  station,
  interim,
  onDial,
}: {
  station: Station;
  interim: Interim | undefined;
  onDial: ReturnType<typeof useDialActions>['dial'];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // The row renders when the station's state changes or its interim dial state runs out,
  // never for the station's new time stamp each second: the age and its title are written
  // in place (the tab's age clock).
  const live = useStationState(station.id);
  const ageCell = useRef<HTMLTableCellElement>(null);
  const ageText = useRef<HTMLSpanElement>(null);
  useStationAgeWriter(station.id, ageCell, ageText);
  const now = useNowAt(interim?.until);
  const state = shownDialState(live?.dialState, interim, now);
  const act = (action: StationCallAction) =>
    void onDial(action, [{ nr: station.id, live: live?.dialState }]);
  const busy = state === 'Connecting' || state === 'Disconnecting' || state === 'HangingUp';
  const counters = live?.dialCounters;
  return (
    <tr data-station={station.id}>
      <td className="num">{station.id}</td>
      <td>
        <Link to={`/stations/${station.id}`}>{station.name}</Link>
        <div className="cell-sub">
          {t(`stations.kind.${station.kind}`, { defaultValue: station.kind })}
        </div>
      </td>
      <td>
        <StationState
          stationNumber={station.id}
          stationName={station.name}
          dialState={state}
          className="dial-state-cell"
        />
        <OverdueMark station={station} />
      </td>
      <td className="num" ref={ageCell}>
        <span ref={ageText} />
      </td>
      <td className="num">{live?.lastConnection ? format.dateTime(live.lastConnection) : '—'}</td>
      <td className="num">
        {counters
          ? `${counters.dayCounter} / ${counters.monthCounter} / ${counters.yearCounter}`
          : '—'}
      </td>
      <td>{counters?.mobileNetworkStandard || '—'}</td>
      <td>
        <div className="row-actions">
          {station.dialUp && (
            <>
              <button
                type="button"
                className="btn btn-small"
                disabled={busy || state === 'Connected'}
                onClick={() => act('Connect')}
              >
                {t('stations.dial.connect')}
              </button>
              <button
                type="button"
                className="btn btn-small"
                disabled={busy || state !== 'Connected'}
                onClick={() => act('Disconnect')}
              >
                {t('stations.dial.disconnect')}
              </button>
            </>
          )}
          <button
            type="button"
            className="btn btn-small btn-quiet"
            disabled={busy}
            onClick={() => act('Status')}
          >
            {t('stations.dial.status')}
          </button>
          <Link
            className="btn btn-small btn-quiet"
            to={`/alerts/history?station=${station.id}`}
            aria-label={t('stations.alertHistoryOf', { station: station.name })}
          >
            {t('stations.alertHistory')}
          </Link>
        </div>
      </td>
    </tr>
  );
}
