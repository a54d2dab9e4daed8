import { describe, expect, it } from 'vitest';
import type { GeoLocation } from '../../../src/contract/station.ts';
import {
  CLUSTER_HEIGHT,
  CLUSTER_WIDTH,
  clusterMarkers,
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

describe('map clusters (MAP-T3)', () => {
  const alarm: TagSize = { width: 190, height: 24, alarm: true };
  const meet = (
    a: { l: number; t: number; r: number; b: number },
    b: { l: number; t: number; r: number; b: number },
  ) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

  it('MAP-T3: stations far apart with room for their tags stay single markers', () => {
    const { groups, tags } = clusterMarkers(
      [
        { key: 1, x: 40, y: 40, size: alarm },
        { key: 2, x: 300, y: 300, size: alarm },
      ],
      { width: 600, height: 400 },
    );
    expect(groups.map((g) => g.keys)).toEqual([[1], [2]]);
    expect([...tags.values()].every((t) => t.shown && t.clear)).toBe(true);
  });

  it('MAP-T3: twelve stations in alarm on a phone: those without room join clusters; no cluster, marker or tag covers another, and every station is in exactly one marker', () => {
    const markers = Array.from({ length: 12 }, (_, i) => ({
      key: i + 1,
      x: 120 + (i % 4) * 20,
      y: 150 + Math.floor(i / 4) * 30,
      size: alarm,
    }));
    const bounds = { width: 316, height: 420 };
    const { groups, tags } = clusterMarkers(markers, bounds);
    expect(groups.flatMap((g) => g.keys).sort((a, b) => a - b)).toEqual(markers.map((m) => m.key));
    expect(groups.some((g) => g.keys.length > 1)).toBe(true);
    const boxes = groups.flatMap((g) => {
      if (g.keys.length > 1)
        return [
          {
            l: g.x - CLUSTER_WIDTH / 2,
            t: g.y - CLUSTER_HEIGHT / 2,
            r: g.x + CLUSTER_WIDTH / 2,
            b: g.y + CLUSTER_HEIGHT / 2,
          },
        ];
      const tag = tags.get(g.keys[0]!)!;
      expect(tag.shown && tag.clear).toBe(true);
      return [
        { l: g.x - 12, t: g.y - 12, r: g.x + 12, b: g.y + 12 },
        { l: tag.x, t: tag.y, r: tag.x + alarm.width, b: tag.y + alarm.height },
      ];
    });
    for (const a of boxes) {
      expect(a.l).toBeGreaterThanOrEqual(0);
      expect(a.r).toBeLessThanOrEqual(bounds.width);
      for (const b of boxes) if (a !== b) expect(meet(a, b)).toBe(false);
    }
  });

  it('MAP-T3: with no room at all, one cluster holds every station, inside the map', () => {
    const markers = Array.from({ length: 5 }, (_, i) => ({
      key: i,
      x: 10 + i,
      y: 10,
      size: { width: 400, height: 24, alarm: true },
    }));
    const { groups } = clusterMarkers(markers, { width: 100, height: 60 });
    expect(groups).toHaveLength(1);
    expect(groups[0]!.x - CLUSTER_WIDTH / 2).toBeGreaterThanOrEqual(0);
    expect(groups[0]!.y - CLUSTER_HEIGHT / 2).toBeGreaterThanOrEqual(0);
  });
});
