/**
 * Simulated weather for the Talaue region: temperature with season and time of day, cloud
 * cover from slow deterministic waves, and the rain the plant simulator is raining right now
 * (so the weather tile and the stormwater tanks tell the same story).
 */
import type { WeatherCondition } from '../../src/contract/dashboard.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface WeatherSample {
  time: number;
  temperature: number;
  humidity: number;
  pressure: number;
  cloudPercent: number;
  /** mm in the last hour. */
  rain: number;
  snow: number;
  windSpeed: number;
  windDeg: number;
  condition: WeatherCondition;
}

/** A smooth pseudo-random wave in [-1, 1], the same for the same time and seed. */
function wave(time: number, seed: number, periodH: number): number {
  const t = time / (periodH * HOUR_MS);
  return (
    0.6 * Math.sin(t * 2 * Math.PI + seed) +
    0.3 * Math.sin(t * 5.3 + seed * 1.7) +
    0.1 * Math.sin(t * 11.1 + seed * 2.9)
  );
}

export function zipSeed(zip: string): number {
  let h = 7;
  for (const c of zip) h = (h * 31 + c.charCodeAt(0)) % 10_007;
  return h / 1000;
}

/** Local hour at the plant (UTC+1, as the simulator). */
function localHour(time: number): number {
  return ((((time + HOUR_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

export function weatherAt(
  time: number,
  seed: number,
  plantRainMmPerH: number | null,
): WeatherSample {
  const dayOfYear = Math.floor((time % (365.25 * DAY_MS)) / DAY_MS);
  const season = -Math.cos(((dayOfYear - 15) / 365.25) * 2 * Math.PI); // -1 January, +1 July
  const hour = localHour(time);
  const diurnal = -Math.cos(((hour - 3) / 24) * 2 * Math.PI); // coldest at 3 h
  const cloudPercent = Math.round(Math.min(100, Math.max(0, 50 + 55 * wave(time, seed, 30))));
  const temperature =
    9 + 10 * season + (5 - cloudPercent / 40) * diurnal + 2 * wave(time, seed + 3, 70);
  const modelRain = Math.max(0, wave(time, seed + 5, 20) - 0.45) * 8;
  const rainRate = plantRainMmPerH ?? (cloudPercent > 70 ? modelRain : 0);
  const frozen = temperature < 0.5;
  const humidity = Math.round(
    Math.min(100, 55 + cloudPercent / 4 - 8 * diurnal + (rainRate > 0 ? 15 : 0)),
  );
  const condition: WeatherCondition =
    rainRate > 12
      ? 'Thunderstorm'
      : rainRate > 0 && frozen
        ? 'Snow'
        : rainRate > 4
          ? 'Rain'
          : rainRate > 0
            ? 'ShowerRain'
            : humidity > 92 && hour < 9
              ? 'Mist'
              : cloudPercent < 12
                ? 'ClearSky'
                : cloudPercent < 35
                  ? 'FewClouds'
                  : cloudPercent < 65
                    ? 'ScatteredClouds'
                    : 'BrokenClouds';
  return {
    time,
    temperature: Math.round(temperature * 10) / 10,
    humidity,
    pressure: Math.round(1013 + 12 * wave(time, seed + 9, 90) - rainRate),
    cloudPercent,
    rain: frozen ? 0 : Math.round(rainRate * 100) / 100,
    snow: frozen ? Math.round(rainRate * 100) / 100 : 0,
    windSpeed: Math.round((3 + 2.5 * wave(time, seed + 11, 12) + rainRate / 4) * 10) / 10,
    windDeg: Math.round(((wave(time, seed + 13, 48) + 1) * 180) % 360),
    condition,
  };
}

/** OpenWeatherMap's condition codes and icon names. */
export const CONDITION_CODES: Record<
  WeatherCondition,
  { id: number; main: string; icon: string; description: string }
> = {
  ClearSky: { id: 800, main: 'Clear', icon: '01', description: 'clear sky' },
  FewClouds: { id: 801, main: 'Clouds', icon: '02', description: 'few clouds' },
  ScatteredClouds: { id: 802, main: 'Clouds', icon: '03', description: 'scattered clouds' },
  BrokenClouds: { id: 803, main: 'Clouds', icon: '04', description: 'broken clouds' },
  ShowerRain: { id: 521, main: 'Rain', icon: '09', description: 'shower rain' },
  Rain: { id: 501, main: 'Rain', icon: '10', description: 'moderate rain' },
  Thunderstorm: { id: 211, main: 'Thunderstorm', icon: '11', description: 'thunderstorm' },
  Snow: { id: 601, main: 'Snow', icon: '13', description: 'snow' },
  Mist: { id: 701, main: 'Mist', icon: '50', description: 'mist' },
};

export function isDaytime(time: number): boolean {
  const hour = localHour(time);
  return hour >= 7 && hour < 19;
}
