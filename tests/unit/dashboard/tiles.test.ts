/** DB rules of the dashboard tiles: value display model, enumerations, weather, map, trend. */
import { describe, expect, it } from 'vitest';
import type { PvConfig, PvValue } from '../../../src/contract/pv.ts';
import { gaugeModel, limitStateOf } from '../../../src/features/dashboard/gauges/gaugeModel.ts';
import { knownCase, webUrl } from '../../../src/features/dashboard/enums.ts';
import { TILE_TYPES } from '../../../src/contract/dashboard.ts';
import {
  conditionOfIcon,
  parseOwmCurrent,
  parseOwmForecast,
} from '../../../src/features/dashboard/weather/owm.ts';
import { tileAttribution } from '../../../src/features/dashboard/tiles/tileSources.ts';
import { TrendSeries } from '../../../src/features/dashboard/tiles/trendSeries.ts';

const ref = { type: 'AnaIn', nr: 200001 } as const;
const config = {
  pvRef: ref,
  name: 'Füllstand Reinwasserbehälter',
  dimension: 'm',
  decimalPlaces: 2,
  stationNumber: 2,
  stationName: 'Wasserwerk Talaue',
  domainConfig: { min: 0, max: 6 },
  anaLimitConfig: { lower: 0.9, lowerMid: 1.8, upperMid: 5.52, upper: 5.82 },
  digiDisplayConfig: null,
} as unknown as PvConfig;
const value = (v: number, quality: PvValue['quality'] = 'Good'): PvValue => ({
  pvRef: ref,
  typeOfValue: 'DoubleValue',
  doubleValue: v,
  quality,
  timestamp: 0,
});

describe('value display model', () => {
  it('DB-U1: a gauge draws value, unit, place in the domain, limits and quality', () => {
    const m = gaugeModel(value(3), config, 'de');
    expect(m.text).toBe('3,00');
    expect(m.unit).toBe('m');
    expect(m.fraction).toBeCloseTo(0.5);
    expect(m.limits.lower).toBeCloseTo(0.15);
    expect(m.limits.upper).toBeCloseTo(0.97);
    expect(m.limitState).toBe('normal');
    expect(gaugeModel(value(3, 'Uncertain'), config, 'en').quality).toBe('qualityuncertain');
    expect(gaugeModel(undefined, config, 'de').text).toBe('—');
  });

  it('DB-U1b: a value of a station not connected is stale in the model, whatever its quality', () => {
    expect(gaugeModel(value(3), config, 'de', null, 'notConnected').standing).toMatchObject({
      stale: true,
      reason: 'stationOffline',
      mark: 'uncertain',
    });
    expect(gaugeModel(value(3), config, 'de', null, 'connected').standing.stale).toBe(false);
    expect(gaugeModel(value(3, 'Bad'), config, 'de').standing.reason).toBe('bad');
  });

  it('DB-U2: beyond a middle limit is a warning, beyond an outer one an alarm', () => {
    expect(limitStateOf(5.6, config)).toBe('warning');
    expect(limitStateOf(5.9, config)).toBe('alarm');
    expect(limitStateOf(1.5, config)).toBe('warning');
    expect(limitStateOf(0.5, config)).toBe('alarm');
    expect(limitStateOf(3, { ...config, anaLimitConfig: null })).toBe('normal');
  });
});

describe('enumerations and URLs', () => {
  it('DB-U3: Unspecified and unknown cases are not usable values', () => {
    expect(knownCase(TILE_TYPES, 'Note')).toBe('Note');
    expect(knownCase(TILE_TYPES, 'Unspecified')).toBeNull();
    expect(knownCase(TILE_TYPES, 'Hologram')).toBeNull();
    expect(knownCase(TILE_TYPES, undefined)).toBeNull();
  });

  it('DB-U4: the browser tile takes only web URLs', () => {
    const origin = 'https://plant.example';
    expect(webUrl('https://example.org/x', origin)).toBe('https://example.org/x');
    expect(webUrl('/about', origin)).toBe('https://plant.example/about');
    expect(webUrl('javascript:alert(1)', origin)).toBeNull();
    expect(webUrl('file:///etc/passwd', origin)).toBeNull();
    expect(webUrl('data:text/html,<b>x</b>', origin)).toBeNull();
    expect(webUrl(undefined, origin)).toBeNull();
  });
});

describe('weather answers (OpenWeatherMap)', () => {
  it('DB-U5: main block, rain, snow and the condition from the icon are read', () => {
    const r = parseOwmCurrent({
      dt: 1_700_000_000,
      name: 'Talaue',
      main: { temp: 7.2, humidity: 81, pressure: 1009 },
      weather: [{ icon: '10n' }],
      rain: { '1h': 0.8 },
    });
    expect(r).toMatchObject({
      place: 'Talaue',
      dateTime: 1_700_000_000_000,
      temperature: 7.2,
      humidity: 81,
      pressure: 1009,
      rain1h: 0.8,
      snow1h: null,
      weatherCondition: 'Rain',
    });
    expect(conditionOfIcon('50d')).toBe('Mist');
    expect(conditionOfIcon('99d')).toBeNull();
    const list = parseOwmForecast({
      list: [
        {
          dt: 1,
          main: { temp: 1, humidity: 2, pressure: 3 },
          weather: [{ icon: '13d' }],
          snow: { '3h': 2 },
        },
      ],
    });
    expect(list[0]).toMatchObject({ weatherCondition: 'Snow', snow3h: 2, dateTime: 1000 });
    expect(() => parseOwmCurrent({ main: {} })).toThrow();
  });
});

describe('map tile sources', () => {
  it('DB-U6: each default tile source is named as its tile policy asks; an unknown server names nobody', () => {
    expect(tileAttribution('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toContain(
      '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    );
    expect(tileAttribution('https://tile.opentopomap.org/{z}/{x}/{y}.png')).toMatch(
      /OpenStreetMap.*OpenTopoMap/,
    );
    expect(
      tileAttribution(
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      ),
    ).toContain('Esri');
    expect(tileAttribution('https://tiles.plant.example/{z}/{x}/{y}.png')).toBe('');
    expect(tileAttribution('https://evil-openstreetmap.org.example/{z}/{x}/{y}.png')).toBe('');
    expect(tileAttribution('not a url')).toBe('');
  });
});

describe('live trend data', () => {
  it('DB-U7: history and live values align by time; old points are trimmed', () => {
    const s = new TrendSeries(2, 60_000);
    s.append(0, 100_000, 1);
    s.setHistory(0, [10_000, 50_000, 100_000], [0.1, 0.5, 9]);
    s.setHistory(1, [50_000], [5]);
    s.append(1, 100_000, 6);
    s.append(1, 90_000, 7); // older than the last point: ignored
    expect(s.columns()).toEqual([
      [10, 50, 100],
      [0.1, 0.5, 1],
      [undefined, 5, 6],
    ]);
    s.trim(120_000);
    // One point before the cut-off stays so the line enters the window.
    expect(s.columns()[0]).toEqual([50, 100]);
  });
});
