import { describe, expect, it } from 'vitest';
import type { GeoLocation } from '../../../src/contract/station.ts';
import {
  placeMarkers,
  placeTags,
  type TagSize,
} from '../../../src/features/dashboard/tiles/markerLayout.ts';

/** A frame that puts a station at its lon/lat as pixels, so the test chooses the positions. */
const frame = { project: (p: GeoLocation) => ({ x: p.longitude, y: p.latitude }) };
const at = (x: number, y: number) => ({ location: { latitude: y, longitude: x } });

describe('map markers (MAP-T1)', () => {
  it('MAP-T1: stations closer than a 24 px target are parted until no two targets overlap', () => {
    // A cluster like the plant's: twelve stations within 60 px, two on the same spot.
    const stations = [
      at(100, 100),
      at(100, 100),
      at(110, 105),
      at(120, 98),
      at(95, 120),
      at(130, 130),
      at(105, 140),
      at(140, 110),
      at(90, 90),
      at(115, 118),
      at(125, 145),
      at(100, 130),
    ];
    const placed = placeMarkers(stations, frame);
    expect(placed).toHaveLength(12);
    for (const a of placed)
      for (const b of placed)
        if (a !== b)
          expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThanOrEqual(24);
    // Each moved only locally: the cluster stays where it was (within a few targets).
    for (const m of placed) {
      expect(Math.abs(m.x - m.station.location.longitude)).toBeLessThan(80);
      expect(Math.abs(m.y - m.station.location.latitude)).toBeLessThan(80);
    }
  });

  it('MAP-T1: stations far apart stay on their places and keep their tags beside them', () => {
    const placed = placeMarkers([at(30, 30), at(400, 300)], frame);
    expect(placed.map((m) => [m.x, m.y])).toEqual([
      [30, 30],
      [400, 300],
    ]);
    const size: TagSize = { width: 100, height: 24, alarm: false };
    const tags = placeTags(
      placed.map((m, key) => ({ key, x: m.x, y: m.y, size })),
      { width: 600, height: 400 },
    );
    expect([...tags.values()].map((t) => [t.x, t.y, t.shown, t.leader])).toEqual([
      [44, 18, true, false],
      [414, 288, true, false],
    ]);
  });

  it('MAP-T2: in a cluster every station in alarm shows its tag, and no tag covers another tag or a marker', () => {
    const placed = placeMarkers(
      [at(100, 100), at(110, 105), at(120, 98), at(95, 120), at(130, 130), at(105, 140)],
      frame,
    );
    const alarm: TagSize = { width: 190, height: 24, alarm: true };
    const calm: TagSize = { width: 150, height: 24, alarm: false };
    const tags = placeTags(
      placed.map((m, key) => ({ key, x: m.x, y: m.y, size: key < 4 ? alarm : calm })),
      { width: 700, height: 400 },
    );
    const boxes = [...tags].flatMap(([key, t]) =>
      t.shown ? [{ key, l: t.x, t: t.y, r: t.x + (key < 4 ? 190 : 150), b: t.y + 24 }] : [],
    );
    for (let key = 0; key < 4; key++) expect(tags.get(key)!.shown).toBe(true);
    for (const a of boxes) {
      expect(a.l).toBeGreaterThanOrEqual(0);
      expect(a.r).toBeLessThanOrEqual(700);
      for (const b of boxes)
        if (a !== b) expect(a.l >= b.r || b.l >= a.r || a.t >= b.b || b.t >= a.b).toBe(true);
      for (const [i, m] of placed.entries())
        if (i !== a.key)
          expect(a.l >= m.x + 12 || m.x - 12 >= a.r || a.t >= m.y + 12 || m.y - 12 >= a.b).toBe(
            true,
          );
    }
  });
});
