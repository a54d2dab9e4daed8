/**
 * GoogleMaps tile (SPEC §2 map types; DESIGN.md "Maps"): the stations as markers on tiles of
 * the configured source of the map type, each with its live alarm state (the alarm mark and
 * count, a link to its alerts; ISA-101 level 1) and its connection state. Without reachable tiles the stations still show, on a plain projected ground.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import { MAP_TYPES, type DashboardTile } from '../../../contract/dashboard.ts';
import type { StationOverview } from '../../../contract/plant.ts';
import { getJson } from '../../../api/http.ts';
import { API } from '../../../contract/paths.ts';
import { useLinkDown, useStationAlarm, useStationDialState } from '../../../live/index.ts';
import { StationAlarmLink, useStationAlarmWords } from '../../alerts/StationAlarmLink.tsx';
import { useDashboardShared } from '../DashboardContext.ts';
import { knownCase } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';
import { fitMercator, tileUrl, type MapFrame } from './mercator.ts';
import { placeMarkers } from './markerLayout.ts';

/** The station list (names, locations) is read again this often; states are live. */
const STATION_REFRESH_MS = 30_000;
const TILE_PX = 256;

function useStations(): StationOverview[] | null {
  const [stations, setStations] = useState<StationOverview[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      getJson<StationOverview[]>(API.station.all, { signal: controller.signal }).then(
        (s) => !controller.signal.aborted && setStations(s),
        () => undefined,
      );
    void load();
    const timer = setInterval(() => void load(), STATION_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);
  return stations;
}

export function MapTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const mapType = knownCase(MAP_TYPES, tile.mapType);
  const { mapTiles } = useDashboardShared();
  const stations = useStations();
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() =>
      setSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const shown = useMemo(
    () =>
      (stations ?? []).filter(
        (s) => s.location && (!tile.stations || tile.stations.includes(s.stationNumber)),
      ),
    [stations, tile.stations],
  );
  const frame = useMemo(
    () =>
      size.width > 0
        ? fitMercator(
            shown.map((s) => s.location!),
            size,
          )
        : null,
    [shown, size],
  );
  if (!mapType)
    return (
      <TileError
        message={t('dashboard.map.unknownType', { value: tile.mapType ?? 'Unspecified' })}
      />
    );
  const template = mapTiles[mapType];
  return (
    <div ref={ref} className="map" data-map-type={mapType}>
      {frame && template && <TileLayer frame={frame} template={template} />}
      {frame &&
        placeMarkers(shown, frame).map(({ station, x, y, label }) => (
          <Marker key={station.stationNumber} station={station} x={x} y={y} showLabel={label} />
        ))}
      {stations !== null && shown.length === 0 && (
        <p className="tile-message">{t('dashboard.map.none')}</p>
      )}
    </div>
  );
}

/** The map tiles; when none loads, the layer hides and says so once. */
function TileLayer({ frame, template }: { frame: MapFrame; template: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(0);
  const [failed, setFailed] = useState(0);
  const tiles = frame.tiles();
  const unreachable = failed > 0 && loaded === 0;
  return (
    <>
      <div
        className="map-tiles"
        style={{ visibility: unreachable ? 'hidden' : undefined }}
        aria-hidden="true"
      >
        {tiles.map((tl) => (
          <img
            key={`${tl.z}/${tl.x}/${tl.y}`}
            src={tileUrl(template, tl)}
            alt=""
            width={TILE_PX}
            height={TILE_PX}
            style={{ left: tl.left, top: tl.top }}
            onLoad={() => setLoaded((n) => n + 1)}
            onError={() => setFailed((n) => n + 1)}
            referrerPolicy="no-referrer"
          />
        ))}
      </div>
      {unreachable && <p className="map-offline">{t('dashboard.map.tilesUnreachable')}</p>}
    </>
  );
}

function Marker({
  station,
  x,
  y,
  showLabel,
}: {
  station: StationOverview;
  x: number;
  y: number;
  showLabel: boolean;
}) {
  const { t } = useTranslation();
  // Its dial state alone: a marker renders for no newer time stamp (FR9).
  const liveDial = useStationDialState(station.stationNumber);
  const alarm = useStationAlarm(station.stationNumber);
  const alarmWords = useStationAlarmWords();
  const dial = liveDial ?? station.dialState;
  const fault = ['Busy', 'CommunicationError', 'ConnectionError', 'TimeOut'].includes(dial);
  const tone = alarm?.highestActive != null ? 'alarm' : fault ? 'fault' : 'normal';
  // While the link is down no station is known to be in order (workers/SPEC.md LD1).
  const link = useLinkDown();
  const unknown = t('stations.dialStateUnknown');
  const connection = link
    ? unknown
    : fault
      ? t('dashboard.map.connectionFault')
      : t('dashboard.map.normal');
  const label = alarm
    ? `${alarmWords(station.name, alarm)}; ${link ? unknown : t(`stations.dialState.${dial}`)}`
    : `${station.name}: ${connection}`;
  return (
    <span
      className={`map-marker map-marker-${tone}`}
      style={{ left: x, top: y }}
      data-station={station.stationNumber}
    >
      <Link
        to={`/stations/${station.stationNumber}`}
        className="map-marker-link"
        aria-label={label}
        title={label}
      >
        <span className="map-marker-dot" aria-hidden="true" />
        <span
          className={showLabel ? 'map-marker-label' : 'map-marker-label map-marker-label-hidden'}
        >
          {station.name}
        </span>
      </Link>
      <StationAlarmLink
        stationNumber={station.stationNumber}
        stationName={station.name}
        compact
        className="map-marker-alarm-link"
      />
    </span>
  );
}
