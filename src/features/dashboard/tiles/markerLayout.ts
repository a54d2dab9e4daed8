/** Where the map tile's station markers go (rule MAP-T1). */
import type { GeoLocation } from '../../../contract/station.ts';

/** Least distance between two marker centres on either axis: each keeps a 24 px target. */
const MARKER_GAP = 25;

/**
 * Markers in pixels. Stations whose targets would overlap are nudged apart (rounds of pairwise
 * relaxation along the axis where they are already further apart, so a marker moves only a
 * few pixels). Their tags (name, alarm badge) are placed by `placeTags`.
 */
export function placeMarkers<S extends { location: GeoLocation | null }>(
  stations: S[],
  frame: { project(p: GeoLocation): { x: number; y: number } },
) {
  const placed = stations.map((station) => ({
    station,
    ...frame.project(station.location!),
  }));
  for (let round = 0; round < 50; round++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= MARKER_GAP) continue;
        // Two 24 px squares overlap only while they are close on both axes: part them on one.
        const alongX = Math.abs(dx) > Math.abs(dy);
        const d = alongX ? dx : dy;
        const push = (MARKER_GAP - Math.abs(d)) / 2 + 0.01;
        const sign = d < 0 ? -1 : 1;
        if (alongX) {
          a.x -= sign * push;
          b.x += sign * push;
        } else {
          a.y -= sign * push;
          b.y += sign * push;
        }
        moved = true;
      }
    }
    if (!moved) break;
  }
  return placed;
}

/** A marker's tag: its name and, in alarm, its alarm badge, measured as drawn. */
export interface TagSize {
  width: number;
  height: number;
  /** The station is in alarm: its tag (name and badge) must show. */
  alarm: boolean;
}

export interface TagPlace {
  /** Top left of the tag on the map, in pixels. */
  x: number;
  y: number;
  shown: boolean;
  /** The tag stands away from its marker: a line joins them. */
  leader: boolean;
  /** The tag covers nothing and stays inside the map. */
  clear: boolean;
}

export type Box = { l: number; t: number; r: number; b: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.r, b.r) - Math.max(a.l, b.l)) *
  Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t));
const DOT = 12;
const SPACE = 2;
const dotBox = (x: number, y: number): Box => ({ l: x - DOT, t: y - DOT, r: x + DOT, b: y + DOT });

/**
 * Where each marker's tag goes (rule MAP-T2): beside its marker if there is room, else in the
 * nearest free place around it (joined to the marker by a line). Stations in alarm are placed
 * first and always show, so their names and badges stay readable and never cover each other
 * or another marker; a calm station's name shows only where it covers nothing.
 */
export function placeTags(
  markers: readonly { key: number; x: number; y: number; size: TagSize | undefined }[],
  bounds: { width: number; height: number },
  /** Other things on the map no tag may cover (cluster markers). */
  obstacles: readonly Box[] = [],
): Map<number, TagPlace> {
  const dots: Box[] = markers.map((m) => dotBox(m.x, m.y));
  const taken: Box[] = [...obstacles];
  const places = new Map<number, TagPlace>();
  const order = markers
    .map((m, i) => ({ m, i }))
    .sort((a, b) => Number(b.m.size?.alarm ?? false) - Number(a.m.size?.alarm ?? false));
  for (const { m, i } of order) {
    const size = m.size;
    if (!size) {
      places.set(m.key, {
        x: m.x + DOT + SPACE,
        y: m.y - DOT,
        shown: false,
        leader: false,
        clear: false,
      });
      continue;
    }
    const { width: w, height: h } = size;
    const candidates: { x: number; y: number; leader: boolean }[] = [];
    const right = m.x + DOT + SPACE;
    const left = m.x - DOT - SPACE - w;
    const mid = m.y - h / 2;
    candidates.push({ x: right, y: mid, leader: false }, { x: left, y: mid, leader: false });
    candidates.push(
      { x: m.x - w / 2, y: m.y - DOT - SPACE - h, leader: false },
      { x: m.x - w / 2, y: m.y + DOT + SPACE, leader: false },
    );
    for (let k = 1; k <= 8; k++)
      for (const sign of [-1, 1])
        for (const x of [right, left, m.x - w / 2])
          candidates.push({ x, y: mid + sign * k * (h + SPACE), leader: true });
    let best: { x: number; y: number; leader: boolean; cost: number } | null = null;
    for (const c of candidates) {
      const box = { l: c.x, t: c.y, r: c.x + w, b: c.y + h };
      const outside =
        Math.max(0, -box.l) +
        Math.max(0, box.r - bounds.width) +
        Math.max(0, -box.t) +
        Math.max(0, box.b - bounds.height);
      let cost = outside * h * 10;
      for (let j = 0; j < dots.length; j++) if (j !== i) cost += overlap(box, dots[j]!);
      for (const o of taken) cost += overlap(box, o);
      if (cost === 0) {
        best = { ...c, cost };
        break;
      }
      if (!best || cost < best.cost) best = { ...c, cost };
    }
    const shown = best !== null && (best.cost === 0 || size.alarm);
    if (best && shown) taken.push({ l: best.x, t: best.y, r: best.x + w, b: best.y + h });
    places.set(m.key, {
      x: best && shown ? best.x : right,
      y: best && shown ? best.y : mid,
      shown,
      leader: shown && (best?.leader ?? false),
      clear: best?.cost === 0,
    });
  }
  return places;
}

/** A cluster marker's drawn size (dashboard.css `.map-cluster`): its worst mark and its count. */
export const CLUSTER_WIDTH = 56;
export const CLUSTER_HEIGHT = 28;
const clusterBox = (x: number, y: number): Box => ({
  l: x - CLUSTER_WIDTH / 2,
  t: y - CLUSTER_HEIGHT / 2,
  r: x + CLUSTER_WIDTH / 2,
  b: y + CLUSTER_HEIGHT / 2,
});

/** One marker on the map: a station alone, or a cluster of stations (two or more keys). */
export interface MarkerGroup {
  keys: number[];
  x: number;
  y: number;
}

/**
 * The markers as the map can show them (rule MAP-T3): stations whose marker or tag would
 * collide at this zoom (a station in alarm whose name and badge find no free place, or a
 * cluster that covers another marker) join the nearest marker into a cluster, one closest pair
 * a round, until nothing collides or one cluster holds them all (at most n − 1 rounds, each a
 * `placeTags`: 6 ms for twelve stations in alarm on a phone, on a loaded two-core machine). A cluster stands at its stations'
 * centre, kept inside the map; it has no tag (its count and worst state are its face). A few
 * dozen lines instead of leaflet.markercluster: the rule is about the tags, which that plugin
 * does not see, and the markers here are React's, not Leaflet's.
 */
export function clusterMarkers(
  markers: readonly { key: number; x: number; y: number; size: TagSize | undefined }[],
  bounds: { width: number; height: number },
): { groups: MarkerGroup[]; tags: Map<number, TagPlace> } {
  const at = new Map(markers.map((m) => [m.key, m]));
  const centre = (keys: number[]) => {
    const x = keys.reduce((s, k) => s + at.get(k)!.x, 0) / keys.length;
    const y = keys.reduce((s, k) => s + at.get(k)!.y, 0) / keys.length;
    const clamp = (v: number, half: number, max: number) =>
      max < 2 * half ? max / 2 : Math.min(Math.max(v, half), max - half);
    return {
      x: clamp(x, CLUSTER_WIDTH / 2, bounds.width),
      y: clamp(y, CLUSTER_HEIGHT / 2, bounds.height),
    };
  };
  let groups: MarkerGroup[] = markers.map((m) => ({ keys: [m.key], x: m.x, y: m.y }));
  for (;;) {
    const boxes = groups.map((g) => (g.keys.length > 1 ? clusterBox(g.x, g.y) : dotBox(g.x, g.y)));
    const singles = groups.filter((g) => g.keys.length === 1);
    const tags = placeTags(
      singles.map((g) => at.get(g.keys[0]!)!),
      bounds,
      boxes.filter((_, i) => groups[i]!.keys.length > 1),
    );
    const bad = new Set<number>();
    groups.forEach((g, i) => {
      for (let j = i + 1; j < groups.length; j++)
        if (overlap(boxes[i]!, boxes[j]!) > 0) bad.add(i).add(j);
      const only = g.keys.length === 1 ? at.get(g.keys[0]!)! : null;
      if (only?.size?.alarm && !tags.get(only.key)!.clear) bad.add(i);
    });
    if (bad.size === 0 || groups.length === 1) return { groups, tags };
    // The closest pair with a colliding marker in it joins: the fewest stations lose their tags.
    let pair: [number, number] = [-1, -1];
    let best = Infinity;
    for (const i of bad)
      groups.forEach((g, j) => {
        const d = Math.hypot(g.x - groups[i]!.x, g.y - groups[i]!.y);
        if (j !== i && d < best) [pair, best] = [[i, j], d];
      });
    const keys = [...groups[pair[0]]!.keys, ...groups[pair[1]]!.keys];
    groups = [...groups.filter((_, i) => !pair.includes(i)), { keys, ...centre(keys) }];
  }
}
