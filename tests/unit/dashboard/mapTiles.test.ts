/** DESIGN.md "Maps": tile URLs per map type are configurable; bad settings fail at start. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES, mapTileSources } from '../../../server/dashboard/routes.ts';

describe('map tile sources', () => {
  it('DB-U8: PEGEL_MAP_TILES overrides map types; anything but http(s) URLs is refused', () => {
    expect(mapTileSources({})).toEqual(DEFAULT_MAP_TILES);
    const own = 'https://tiles.plant.example/{z}/{x}/{y}.png';
    expect(mapTileSources({ PEGEL_MAP_TILES: JSON.stringify({ Roadmap: own }) })).toEqual({
      ...DEFAULT_MAP_TILES,
      Roadmap: own,
    });
    expect(() =>
      mapTileSources({ PEGEL_MAP_TILES: JSON.stringify({ Roadmap: 'javascript:alert(1)' }) }),
    ).toThrow();
    expect(() => mapTileSources({ PEGEL_MAP_TILES: JSON.stringify({ Moon: own }) })).toThrow();
  });
});
