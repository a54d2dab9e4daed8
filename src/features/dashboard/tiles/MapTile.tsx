/**
 * GoogleMaps tile (SPEC §2 map types; DESIGN.md "Maps"): the stations as markers on a Leaflet
 * map of the configured tile source of the map type (zoom, pan with mouse, touch and keys,
 * retina tiles, the source's attribution), each with its live alarm state (the alarm mark and
 * count, a link to its alerts; ISA-101 level 1) and its connection state. Leaflet loads with
 * the first map tile (./leaflet.ts), not with the dashboard or the first screen. Without
 * reachable tiles the stations still show, on a plain ground. The markers are React's, drawn
 * over the map and laid out after every move (markerLayout.ts), so badges never overlap:
 * where a station's name and badge find no room at this zoom (a phone), it joins its
 * neighbours in a cluster marker that shows their count and their worst state.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type * as Leaflet from 'leaflet';
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
import { usePriorityStyles } from '../../shared/alarm/usePriorities.ts';
import { AlarmMark, type AlarmMarkPhase as AlarmPhase } from '../../../ui/index.ts';
import {
  clusterMarkers,
  placeMarkers,
  type MarkerGroup,
  type TagPlace,
  type TagSize,
} from './markerLayout.ts';
import { tileAttribution } from './tileSources.ts';

/** The station list (names, locations) is read again this often; states are live. */
const STATION_REFRESH_MS = 30_000;

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

/** The closest the first view comes (one station, or stations close together). */
const FIT_MAX_ZOOM = 17;
const FIT_PADDING_PX = 40;

type LeafletModule = typeof Leaflet;

/** Leaflet, once the first map tile asked for it. */
function useLeaflet(): LeafletModule | null {
  const [module, setModule] = useState<LeafletModule | null>(null);
  useEffect(() => {
    let live = true;
    void import('./leaflet.ts').then((m) => live && setModule(m.L));
    return () => {
      live = false;
    };
  }, []);
  return module;
}

export function MapTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const mapType = knownCase(MAP_TYPES, tile.mapType);
  const { mapTiles } = useDashboardShared();
  const stations = useStations();
  const shown = useMemo(
    () =>
      (stations ?? []).filter(
        (s) => s.location && (!tile.stations || tile.stations.includes(s.stationNumber)),
      ),
    [stations, tile.stations],
  );
  if (!mapType)
    return (
      <TileError
        message={t('dashboard.map.unknownType', { value: tile.mapType ?? 'Unspecified' })}
      />
    );
  return (
    <LeafletMap mapType={mapType} template={mapTiles[mapType]} shown={shown}>
      {stations !== null && shown.length === 0 && (
        <p className="tile-message">{t('dashboard.map.none')}</p>
      )}
    </LeafletMap>
  );
}

/**
 * The map itself: Leaflet's view and tiles, and over them (inside Leaflet's container, under
 * its controls) the station markers at the pixels of their places in the current view.
 */
function LeafletMap({
  mapType,
  template,
  shown,
  children,
}: {
  mapType: string;
  template: string | undefined;
  shown: readonly StationOverview[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const L = useLeaflet();
  const viewRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<Leaflet.Map | null>(null);
  const [overlay, setOverlay] = useState<HTMLElement | null>(null);
  const [tiles, setTiles] = useState({ loaded: false, failed: false });
  // Bumped by every move and zoom: the markers follow the view.
  const [view, setView] = useState(0);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const zoomIn = t('dashboard.map.zoomIn');
  const zoomOut = t('dashboard.map.zoomOut');

  useEffect(() => {
    const el = viewRef.current;
    if (!L || !el) return;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const m = L.map(el, {
      zoomControl: false,
      attributionControl: false,
      // The markers are drawn at the view's pixels after each step, not scaled with the tiles.
      zoomAnimation: false,
      fadeAnimation: !reduced,
      // A wheel over a dashboard scrolls the page; buttons, keys, double click and pinch zoom.
      scrollWheelZoom: false,
      zoomSnap: 0.5,
    });
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(m);
    L.control.attribution({ prefix: false }).addTo(m);
    const layer = m.getContainer().appendChild(L.DomUtil.create('div', 'map-overlay'));
    // A press on a marker opens it, and never starts a pan of the map.
    L.DomEvent.disableClickPropagation(layer);
    const moved = () => {
      const s = m.getSize();
      setSize((old) =>
        old.width === s.x && old.height === s.y ? old : { width: s.x, height: s.y },
      );
      setView((n) => n + 1);
    };
    m.on('move zoom resize viewreset', moved);
    const resize = new ResizeObserver(() => m.invalidateSize({ pan: false }));
    resize.observe(el);
    setMap(m);
    setOverlay(layer);
    return () => {
      resize.disconnect();
      m.remove();
      setMap(null);
      setOverlay(null);
    };
  }, [L, zoomIn, zoomOut]);

  useEffect(() => {
    if (!L || !map || !template) return;
    setTiles({ loaded: false, failed: false });
    const layer = L.tileLayer(template, {
      attribution: tileAttribution(template),
      // Tiles of the next zoom at half size on high-density screens: sharp, not blurred.
      detectRetina: true,
      maxZoom: 19,
      referrerPolicy: 'no-referrer',
    });
    layer.on('tileload', () => setTiles((s) => (s.loaded ? s : { ...s, loaded: true })));
    layer.on('tileerror', () => setTiles((s) => (s.failed ? s : { ...s, failed: true })));
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [L, map, template]);

  // The first view holds every station; a new set of stations fits again, a refresh does not.
  const places = shown
    .map((s) => `${s.stationNumber}@${s.location!.latitude},${s.location!.longitude}`)
    .join(';');
  useEffect(() => {
    if (!L || !map) return;
    const points = shown.map((s) => L.latLng(s.location!.latitude, s.location!.longitude));
    if (points.length === 0) map.setView([51.1657, 10.4515], 5);
    else
      map.fitBounds(L.latLngBounds(points), {
        padding: [FIT_PADDING_PX, FIT_PADDING_PX],
        maxZoom: FIT_MAX_ZOOM,
        animate: false,
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `places` stands for `shown`'s places
  }, [L, map, places]);

  const tagSizes = useTagSizes(overlay, shown);
  const markers = useMemo(
    () =>
      map && view > 0
        ? placeMarkers([...shown], {
            project: (p) => map.latLngToContainerPoint([p.latitude, p.longitude]),
          })
        : [],
    [map, view, shown],
  );
  const { groups, tags } = useMemo(
    () =>
      clusterMarkers(
        markers.map((m) => ({
          key: m.station.stationNumber,
          x: m.x,
          y: m.y,
          size: tagSizes.get(m.station.stationNumber),
        })),
        size,
      ),
    [markers, tagSizes, size],
  );
  const clusters = groups.filter((g) => g.keys.length > 1);
  const clustered = new Set(clusters.flatMap((g) => g.keys));
  const unreachable = tiles.failed && !tiles.loaded;
  return (
    <>
      <div className="map" data-map-type={mapType}>
        <div
          ref={viewRef}
          className={unreachable ? 'map-view map-view-unreachable' : 'map-view'}
          aria-label={t('dashboard.map.label')}
          role="region"
        />
        {children}
      </div>
      {overlay &&
        createPortal(
          <>
            <svg className="map-leaders" aria-hidden="true">
              {markers.map(({ station, x, y }) => {
                const tag = tags.get(station.stationNumber);
                if (clustered.has(station.stationNumber)) return null;
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
                tag={tags.get(station.stationNumber)}
              />
            ))}
            {map &&
              clusters.map((group) => (
                <Cluster
                  key={group.keys.join('-')}
                  map={map}
                  group={group}
                  stations={shown}
                  states={tagSizes}
                  bounds={size}
                />
              ))}
          </>,
          overlay,
        )}
      {unreachable && <p className="map-offline">{t('dashboard.map.tilesUnreachable')}</p>}
    </>
  );
}

/**
 * The drawn size of each marker's tag, and whether it holds an alarm badge: read whenever a
 * tag changes size (a badge comes or goes, the language changes), so the tags are laid out
 * from what is on the screen.
 */
function useTagSizes(
  map: HTMLElement | null,
  shown: readonly StationOverview[],
): Map<number, MeasuredTag> {
  const [sizes, setSizes] = useState<Map<number, MeasuredTag>>(() => new Map());
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const next = new Map<number, MeasuredTag>();
      for (const tag of map.querySelectorAll<HTMLElement>('.map-marker-tag')) {
        const badge = tag.querySelector<HTMLElement>('[data-station-alarm]');
        next.set(Number(tag.dataset.station), {
          width: Math.ceil(tag.offsetWidth),
          height: Math.ceil(tag.offsetHeight),
          alarm: badge !== null,
          tone: (tag.dataset.tone ?? 'normal') as Tone,
          priority: badge ? Number(badge.dataset.priority) : null,
          phase: (badge?.dataset.phase ?? null) as AlarmPhase | null,
          label: tag.dataset.label ?? '',
        });
      }
      setSizes((old) => {
        const same =
          old.size === next.size &&
          [...next].every(([k, v]) => {
            const o = old.get(k);
            return (
              o &&
              o.width === v.width &&
              o.height === v.height &&
              o.alarm === v.alarm &&
              o.tone === v.tone &&
              o.priority === v.priority &&
              o.phase === v.phase &&
              o.label === v.label
            );
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
    mutations.observe(map, {
      childList: true,
      subtree: true,
      attributeFilter: ['data-tone', 'data-label', 'data-priority', 'data-phase'],
    });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [map, shown]);
  return sizes;
}

type Tone = 'alarm' | 'fault' | 'normal';

/** A marker's tag as drawn, with the state its cluster shows when it joins one. */
interface MeasuredTag extends TagSize {
  tone: Tone;
  /** The priority its alarm mark shows, and that mark's phase. */
  priority: number | null;
  phase: AlarmPhase | null;
  /** The station's state in words (its marker's accessible name). */
  label: string;
}

const TONE_RANK: Record<Tone, number> = { alarm: 0, fault: 1, normal: 2 };

/**
 * Stations whose markers would collide at this zoom, as one marker (ISA-101 level 1): the worst
 * state among them stands out by shape and number (the alarm mark of the most urgent priority;
 * a square for a connection fault, a circle when all are in order) and their count; its
 * accessible name lists each station and its state. Activating it opens their list: each
 * station with its state, a link to it, and a button that zooms in to them.
 */
function Cluster({
  map,
  group,
  stations,
  states,
  bounds,
}: {
  map: Leaflet.Map;
  group: MarkerGroup;
  bounds: { width: number; height: number };
  stations: readonly StationOverview[];
  states: Map<number, MeasuredTag>;
}) {
  const { t } = useTranslation();
  const styles = usePriorityStyles();
  const [open, setOpen] = useState(false);
  const members = group.keys
    .map((key) => ({
      station: stations.find((s) => s.stationNumber === key)!,
      state: states.get(key),
    }))
    .filter((m) => m.station)
    .sort((a, b) => a.station.name.localeCompare(b.station.name));
  const worst = members
    .map((m) => m.state)
    .filter((s): s is MeasuredTag => s !== undefined)
    .sort(
      (a, b) => TONE_RANK[a.tone] - TONE_RANK[b.tone] || (a.priority ?? 1e9) - (b.priority ?? 1e9),
    )[0];
  const tone = worst?.tone ?? 'normal';
  const count = members.length;
  const label = [
    worst?.priority != null
      ? t('dashboard.map.clusterAlarm', { count, priority: worst.priority })
      : t('dashboard.map.cluster', { count }),
    members.map((m) => m.state?.label || m.station.name).join('; '),
  ].join(': ');
  const zoom = () => {
    const points = members.flatMap(({ station }) =>
      station.location ? [[station.location.latitude, station.location.longitude] as const] : [],
    );
    const lats = points.map((p) => p[0]);
    const lngs = points.map((p) => p[1]);
    setOpen(false);
    map.fitBounds(
      [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ],
      { padding: [FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: map.getMaxZoom(), animate: false },
    );
  };
  const style = worst?.priority != null ? styles.get(worst.priority) : undefined;
  // The list opens toward the map's middle, so it stays on the map.
  const side = group.x > bounds.width / 2 ? 'map-cluster-list-left' : '';
  const up = group.y > bounds.height / 2;
  // Within the map (Leaflet's container clips what overflows): it scrolls where it is longer.
  const room = Math.max(96, (up ? group.y : bounds.height - group.y) - 24);
  return (
    <span
      className="map-cluster-place"
      style={{ left: group.x, top: group.y }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          e.currentTarget.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className={`map-cluster map-cluster-${tone}`}
        data-cluster={group.keys.join(' ')}
        data-tone={tone}
        aria-label={`${label}. ${t('dashboard.map.clusterOpen')}`}
        aria-expanded={open}
        title={label}
        onClick={() => setOpen((o) => !o)}
      >
        {worst?.priority != null && worst.phase ? (
          <AlarmMark
            priority={worst.priority}
            phase={worst.phase}
            fill={style?.fill}
            ink={style?.ink}
            label={label}
          />
        ) : (
          <span className="map-cluster-shape" aria-hidden="true" />
        )}
        <span aria-hidden="true">{count}</span>
      </button>
      {open && (
        <div
          className={`map-cluster-list ${side} ${up ? 'map-cluster-list-up' : ''}`}
          style={{ maxHeight: room }}
        >
          <ul>
            {members.map(({ station, state }) => (
              <li key={station.stationNumber} data-tone={state?.tone ?? 'normal'}>
                <Link to={`/stations/${station.stationNumber}`}>
                  {state?.label || station.name}
                </Link>
              </li>
            ))}
          </ul>
          {map.getZoom() < map.getMaxZoom() && (
            <button type="button" className="map-cluster-zoom" onClick={zoom}>
              {t('dashboard.map.clusterZoom')}
            </button>
          )}
        </div>
      )}
    </span>
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
  /** Where its tag goes; none while the station stands in a cluster (drawn, hidden, measured). */
  tag: TagPlace | undefined;
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
      className={`map-marker map-marker-${tone}${tag ? '' : ' map-marker-clustered'}`}
      data-station={station.stationNumber}
      data-clustered={tag ? undefined : ''}
    >
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
        className={tag?.shown ? 'map-marker-tag' : 'map-marker-tag map-marker-tag-hidden'}
        style={{ left: tag?.x ?? x, top: tag?.y ?? y }}
        data-station={station.stationNumber}
        data-tone={tone}
        data-label={label}
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
