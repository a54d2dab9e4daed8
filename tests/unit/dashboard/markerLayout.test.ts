import { describe, expect, it } from 'vitest';
import type { GeoLocation } from '../../../src/contract/station.ts';
import { placeMarkers } from '../../../src/features/dashboard/tiles/markerLayout.ts';

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

  it('MAP-T1: stations far apart stay on their places and keep their labels', () => {
    const placed = placeMarkers([at(10, 10), at(400, 300)], frame);
    expect(placed.map((m) => [m.x, m.y, m.label])).toEqual([
      [10, 10, true],
      [400, 300, true],
    ]);
  });
});
