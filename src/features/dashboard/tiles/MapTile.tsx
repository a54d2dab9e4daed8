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
import { StationAlarmLink, useStationAlarmWords } from '../../shared/alarm/StationAlarmLink.tsx';
import { useDashboardShared } from '../DashboardContext.ts';
import { knownCase } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';
import { fitMercator, tileUrl, type MapFrame } from './mercator.ts';
import { placeMarkers, placeTags, type TagPlace, type TagSize } from './markerLayout.ts';

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
  const tagSizes = useTagSizes(ref, shown);
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
  const markers = frame ? placeMarkers(shown, frame) : [];
  const tags = placeTags(
    markers.map((m) => ({
      key: m.station.stationNumber,
      x: m.x,
      y: m.y,
      size: tagSizes.get(m.station.stationNumber),
    })),
    size,
  );
  return (
    <div ref={ref} className="map" data-map-type={mapType}>
      {frame && template && <TileLayer frame={frame} template={template} />}
      <svg className="map-leaders" aria-hidden="true">
        {markers.map(({ station, x, y }) => {
          const tag = tags.get(station.stationNumber);
          const measured = tagSizes.get(station.stationNumber);
          if (!tag?.leader || !measured) return null;
          // To the nearest point of the tag's box.
          const tx = Math.min(Math.max(x, tag.x), tag.x + measured.width);
          const ty = Math.min(Math.max(y, tag.y), tag.y + measured.height);
          return <line key={station.stationNumber} x1={x} y1={y} x2={tx} y2={ty} />;
        })}
      </svg>
      {markers.map(({ station, x, y }) => (
        <Marker
          key={station.stationNumber}
          station={station}
          x={x}
          y={y}
          tag={tags.get(station.stationNumber)!}
        />
      ))}
      {stations !== null && shown.length === 0 && (
        <p className="tile-message">{t('dashboard.map.none')}</p>
      )}
    </div>
  );
}

/**
 * The drawn size of each marker's tag, and whether it holds an alarm badge: read whenever a
 * tag changes size (a badge comes or goes, the language changes), so the tags are laid out
 * from what is on the screen.
 */
function useTagSizes(
  ref: React.RefObject<HTMLDivElement | null>,
  shown: readonly StationOverview[],
): Map<number, TagSize> {
  const [sizes, setSizes] = useState<Map<number, TagSize>>(() => new Map());
  useEffect(() => {
    const map = ref.current;
    if (!map) return;
    const read = () => {
      const next = new Map<number, TagSize>();
      for (const tag of map.querySelectorAll<HTMLElement>('.map-marker-tag')) {
        next.set(Number(tag.dataset.station), {
          width: Math.ceil(tag.offsetWidth),
          height: Math.ceil(tag.offsetHeight),
          alarm: tag.querySelector('[data-station-alarm]') !== null,
        });
      }
      setSizes((old) => {
        const same =
          old.size === next.size &&
          [...next].every(([k, v]) => {
            const o = old.get(k);
            return o && o.width === v.width && o.height === v.height && o.alarm === v.alarm;
          });
        return same ? old : next;
      });
    };
    const observer = new ResizeObserver(read);
    const watch = () => {
      observer.disconnect();
      for (const tag of map.querySelectorAll('.map-marker-tag')) observer.observe(tag);
    };
    watch();
    // A badge that comes or goes with no change of size still changes the order.
    const mutations = new MutationObserver(() => {
      watch();
      read();
    });
    mutations.observe(map, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref, shown]);
  return sizes;
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
  tag,
}: {
  station: StationOverview;
  x: number;
  y: number;
  tag: TagPlace;
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
    <span className={`map-marker map-marker-${tone}`} data-station={station.stationNumber}>
      <Link
        to={`/stations/${station.stationNumber}`}
        className="map-marker-link"
        style={{ left: x, top: y }}
        aria-label={label}
        title={label}
      >
        <span className="map-marker-dot" aria-hidden="true" />
      </Link>
      {/* The name and the alarm badge, placed by placeTags where they cover nothing. */}
      <span
        className={tag.shown ? 'map-marker-tag' : 'map-marker-tag map-marker-tag-hidden'}
        style={{ left: tag.x, top: tag.y }}
        data-station={station.stationNumber}
      >
        <span className="map-marker-label" aria-hidden="true">
          {station.name}
        </span>
        <StationAlarmLink
          stationNumber={station.stationNumber}
          stationName={station.name}
          compact
          className="map-marker-alarm-link"
        />
      </span>
    </span>
  );
}
