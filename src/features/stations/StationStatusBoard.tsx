/**
 * The plant at a glance for the start page (ISA-101 level 1): one tile per station with its
 * alarm state, connection state and the age of its newest data. Quiet when all is normal; a
 * station in alarm (mark, counts in words, a link to its alerts) or whose data stopped while
 * it should be connected stands out.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { Station } from '../../contract/station.ts';
import { fetchStations } from '../../api/stations.ts';
import { useStationDialState, useStationStale } from '../../live/index.ts';
import { useCallback, useRef } from 'react';
import { useFormat } from '../../app/useFormat.ts';
import { MiddleText } from '../../ui/MiddleText.tsx';
import { useStationAlarm } from '../../live/index.ts';
import { StationAlarmLink } from '../shared/alarm/StationAlarmLink.tsx';
import { DialStateBadge } from '../shared/DialStateBadge.tsx';
import { OverdueMark } from './OverdueMark.tsx';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { useStationAgeWriter } from './shownAge.ts';
import { StationsLoadNote } from './StationsLoadNote.tsx';
import './stations.css';

/** Data older than this from a permanently connected station counts as stale. */
export const STALE_STATION_DATA_MS = 5 * 60_000;

export function StationStatusBoard() {
  const { t } = useTranslation();
  const [stations, retry] = usePageQuery(pageKeys.stations, (signal) => fetchStations(signal));
  return (
    <section className="status-board" aria-labelledby="status-board-title">
      <h2 id="status-board-title">{t('stations.board.title')}</h2>
      <StationsLoadNote data={stations} retry={retry} />
      {stations.state === 'ready' && (
        <ul className="status-tiles">
          {stations.data.map((s) => (
            <StationTile key={s.id} station={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StationTile({ station }: { station: Station }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The tile renders when its dial state changes or its data turns stale, never for a newer
  // time stamp (a connected station's comes each second): the age and its date and time are
  // written in place.
  const dialState = useStationDialState(station.id);
  const stale = useStationStale(station.id, STALE_STATION_DATA_MS) && !station.dialUp;
  const staleAge = useCallback(
    (ms: number) => t('stations.board.stale', { age: format.age(ms) }),
    [t, format],
  );
  const age = useRef<HTMLSpanElement>(null);
  useStationAgeWriter(station.id, age, age, stale ? staleAge : undefined);
  const alarm = useStationAlarm(station.id);
  // The tile's edge takes the state of the station: in alarm (active or waiting) or stale.
  const tone = alarm?.highestActive != null ? 'alarm' : alarm ? 'returned' : stale ? 'stale' : null;
  return (
    <li
      className={tone ? `status-tile status-tile-${tone}` : 'status-tile'}
      data-station={station.id}
    >
      <Link to={`/stations/${station.id}`} className="status-tile-link">
        <span className="status-tile-name">
          <span className="station-nr">{station.id}</span> <MiddleText text={station.name} />
        </span>
      </Link>
      <StationAlarmLink
        stationNumber={station.id}
        stationName={station.name}
        className="status-tile-alarm-link"
      />
      <span className="status-tile-facts">
        <DialStateBadge state={dialState} />
        <OverdueMark station={station} />
        <span ref={age} className="status-tile-age" />
      </span>
    </li>
  );
}
