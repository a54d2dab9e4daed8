/**
 * Reading an OpenWeatherMap answer into SPEC §3 "Weather": the main block (temp, humidity,
 * pressure), rain and snow (1h, 3h) and the condition from the icon code; forecast entries
 * carry their time stamp. Anything missing or malformed is an error, not a guess.
 */
import type { WeatherCondition, WeatherReading } from '../../../contract/dashboard.ts';

const ICON_CONDITIONS: Record<string, WeatherCondition> = {
  '01': 'ClearSky',
  '02': 'FewClouds',
  '03': 'ScatteredClouds',
  '04': 'BrokenClouds',
  '09': 'ShowerRain',
  '10': 'Rain',
  '11': 'Thunderstorm',
  '13': 'Snow',
  '50': 'Mist',
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (typeof v === 'object' && v !== null ? (v as Json) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function conditionOfIcon(icon: string): WeatherCondition | null {
  return ICON_CONDITIONS[icon.slice(0, 2)] ?? null;
}

function reading(entry: unknown): WeatherReading {
  const e = obj(entry);
  const main = obj(e?.main);
  const weather = Array.isArray(e?.weather) ? obj(e.weather[0]) : null;
  const dt = num(e?.dt);
  const temperature = num(main?.temp);
  const humidity = num(main?.humidity);
  const pressure = num(main?.pressure);
  const icon = typeof weather?.icon === 'string' ? weather.icon : '';
  const condition = conditionOfIcon(icon);
  if (dt === null || temperature === null || humidity === null || pressure === null || !condition)
    throw new Error('Unexpected weather answer');
  const rain = obj(e?.rain);
  const snow = obj(e?.snow);
  return {
    dateTime: dt * 1000,
    temperature,
    humidity,
    pressure,
    rain1h: num(rain?.['1h']),
    rain3h: num(rain?.['3h']),
    snow1h: num(snow?.['1h']),
    snow3h: num(snow?.['3h']),
    weatherCondition: condition,
  };
}

export function parseOwmCurrent(body: unknown): WeatherReading & { place: string } {
  const place = obj(body)?.name;
  return { ...reading(body), place: typeof place === 'string' ? place : '' };
}

export function parseOwmForecast(body: unknown): WeatherReading[] {
  const list = obj(body)?.list;
  if (!Array.isArray(list)) throw new Error('Unexpected forecast answer');
  return list.map(reading);
}
