/**
 * Weather tile (SPEC §3 "Weather"): ActualWeather shows the current reading, ForecastWeather
 * the next entries, each with the condition as an icon, temperature, humidity, pressure and
 * rain or snow. Refreshed every ten minutes from the configured weather service.
 */
import { useState, type ComponentType } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import {
  WEATHER_MODES,
  type DashboardTile,
  type WeatherReading,
  type WeatherServiceConfig,
} from '../../../contract/dashboard.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { fetchCurrentWeather, fetchForecast } from '../dashboardApi.ts';
import { useDashboardShared } from '../DashboardContext.ts';
import { knownCase } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';
import { WeatherIcon } from './WeatherIcon.tsx';
import { failureText } from '../../../app/failureText.ts';
import { usePolling } from '../usePolling.ts';

export const WEATHER_REFRESH_MS = 10 * 60_000;
const FORECAST_SHOWN = 8;

type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; error: string };

/** The weather service's answer for a place, fetched now and every WEATHER_REFRESH_MS. */
function usePolled<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  usePolling(
    key,
    WEATHER_REFRESH_MS,
    (_, signal) => () =>
      load(signal).then(
        (data) => !signal.aborted && setResult({ state: 'ready', data }),
        (err: unknown) =>
          !signal.aborted &&
          setResult((prev) =>
            prev.state === 'ready' ? prev : { state: 'error', error: failureText(err) },
          ),
      ),
  );
  return result;
}

export function WeatherTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const mode = knownCase(WEATHER_MODES, tile.weatherMode);
  if (!mode)
    return (
      <TileError
        message={t('dashboard.weather.unknownMode', { value: tile.weatherMode ?? 'Unspecified' })}
      />
    );
  if (!tile.zip || !tile.country) return <TileError message={t('dashboard.weather.noPlace')} />;
  // Keyed by the mode: a tile switched to the other mode starts its own polling.
  const place = { zip: tile.zip, country: tile.country };
  return mode === 'ActualWeather' ? (
    <Weather key={mode} {...place} load={fetchCurrentWeather} show={Current} />
  ) : (
    <Weather key={mode} {...place} load={fetchForecast} show={Forecast} />
  );
}

/** One answer of the weather service for the tile's place, shown by `show` once it is in. */
function Weather<T>({
  zip,
  country,
  load,
  show: Show,
}: {
  zip: string;
  country: string;
  load: (
    service: WeatherServiceConfig,
    zip: string,
    country: string,
    signal: AbortSignal,
  ) => Promise<T>;
  show: ComponentType<{ data: T }>;
}) {
  const { t } = useTranslation();
  const { weather } = useDashboardShared();
  const data = usePolled((signal) => load(weather, zip, country, signal), `${zip},${country}`);
  if (data.state === 'loading')
    return <p className="tile-message">{t('dashboard.weather.loading')}</p>;
  if (data.state === 'error')
    return <TileError message={t('dashboard.weather.failed')} detail={data.error} />;
  return <Show data={data.data} />;
}

function Amount({ r }: { r: WeatherReading }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rain = r.rain1h ?? r.rain3h;
  const snow = r.snow1h ?? r.snow3h;
  const per = r.rain1h !== null || r.snow1h !== null ? '1 h' : '3 h';
  if (rain !== null)
    return <>{t('dashboard.weather.rain', { value: format.number(rain, 1), per })}</>;
  if (snow !== null)
    return <>{t('dashboard.weather.snow', { value: format.number(snow, 1), per })}</>;
  return <>{t('dashboard.weather.dry')}</>;
}

function Current({ data: r }: { data: Awaited<ReturnType<typeof fetchCurrentWeather>> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = t(`dashboard.weather.condition.${r.weatherCondition}`);
  return (
    <div className="weather-now" data-condition={r.weatherCondition}>
      <WeatherIcon condition={r.weatherCondition} label={label} size={64} />
      <div>
        <p className="weather-temp">{format.number(r.temperature, 1)} °C</p>
        <p className="weather-cond">{label}</p>
      </div>
      <dl className="weather-facts">
        <dt>{t('dashboard.weather.humidity')}</dt>
        <dd>{format.number(r.humidity, 0)} %</dd>
        <dt>{t('dashboard.weather.pressure')}</dt>
        <dd>{format.number(r.pressure, 0)} hPa</dd>
        <dt>{t('dashboard.weather.precipitation')}</dt>
        <dd>
          <Amount r={r} />
        </dd>
      </dl>
      <p className="weather-time">
        {r.place} · {format.dateTime(r.dateTime)}
      </p>
    </div>
  );
}

function Forecast({ data }: { data: WeatherReading[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ol className="weather-forecast">
      {data.slice(0, FORECAST_SHOWN).map((r) => {
        const label = t(`dashboard.weather.condition.${r.weatherCondition}`);
        return (
          <li key={r.dateTime}>
            <span className="weather-fc-time">
              {format.dateTime(r.dateTime, { seconds: false })}
            </span>
            <WeatherIcon condition={r.weatherCondition} label={label} size={32} />
            <span className="weather-fc-temp">{format.number(r.temperature, 0)} °C</span>
            <span className="weather-fc-rain">
              <Amount r={r} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
