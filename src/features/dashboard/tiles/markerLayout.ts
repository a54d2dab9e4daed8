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
}

type Box = { l: number; t: number; r: number; b: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.r, b.r) - Math.max(a.l, b.l)) *
  Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t));
const DOT = 12;
const SPACE = 2;

/**
 * Where each marker's tag goes (rule MAP-T2): beside its marker if there is room, else in the
 * nearest free place around it (joined to the marker by a line). Stations in alarm are placed
 * first and always show, so their names and badges stay readable and never cover each other
 * or another marker; a calm station's name shows only where it covers nothing.
 */
export function placeTags(
  markers: readonly { key: number; x: number; y: number; size: TagSize | undefined }[],
  bounds: { width: number; height: number },
): Map<number, TagPlace> {
  const dots: Box[] = markers.map((m) => ({
    l: m.x - DOT,
    t: m.y - DOT,
    r: m.x + DOT,
    b: m.y + DOT,
  }));
  const taken: Box[] = [];
  const places = new Map<number, TagPlace>();
  const order = markers
    .map((m, i) => ({ m, i }))
    .sort((a, b) => Number(b.m.size?.alarm ?? false) - Number(a.m.size?.alarm ?? false));
  for (const { m, i } of order) {
    const size = m.size;
    if (!size) {
      places.set(m.key, { x: m.x + DOT + SPACE, y: m.y - DOT, shown: false, leader: false });
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
    });
  }
  return places;
}
