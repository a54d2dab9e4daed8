/** Where the map tile's station markers go (rule MAP-T1). */
import type { GeoLocation } from '../../../contract/station.ts';
import type { MapFrame } from './mercator.ts';

/** Least distance between two marker centres on either axis: each keeps a 24 px target. */
const MARKER_GAP = 25;

/**
 * Markers in pixels. Stations whose targets would overlap are nudged apart (rounds of pairwise
 * relaxation along the axis where they are already further apart, so a marker moves only a
 * few pixels), and a label shows only where it overlaps no other marker or label.
 */
export function placeMarkers<S extends { location: GeoLocation | null }>(
  stations: S[],
  frame: Pick<MapFrame, 'project'>,
) {
  const placed = stations.map((station) => ({
    station,
    ...frame.project(station.location!),
    label: true,
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
  placed.sort((a, b) => a.y - b.y);
  const LABEL_W = 150;
  const LABEL_H = 26;
  const boxes: { x: number; y: number }[] = [];
  for (const m of placed) {
    const clash =
      placed.some(
        (o) =>
          o !== m && o.x > m.x - MARKER_GAP && o.x < m.x + LABEL_W && Math.abs(o.y - m.y) < LABEL_H,
      ) || boxes.some((b) => Math.abs(b.x - m.x) < LABEL_W && Math.abs(b.y - m.y) < LABEL_H);
    m.label = !clash;
    if (m.label) boxes.push({ x: m.x, y: m.y });
  }
  return placed;
}
