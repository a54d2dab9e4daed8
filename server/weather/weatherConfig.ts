/**
 * Where the Weather tile finds its OpenWeatherMap-compatible service (DESIGN.md "Weather"):
 * by default the simulated one of this server, so the tile works with no outside network.
 * PEGEL_WEATHER_BASE_URL and PEGEL_WEATHER_API_KEY point it at a real service.
 */
import { DASHBOARD_API, type WeatherServiceConfig } from '../../src/contract/dashboard.ts';

export const SIMULATED_WEATHER_KEY = 'pegel-simulated-weather';

export function weatherServiceConfig(env: NodeJS.ProcessEnv = process.env): WeatherServiceConfig {
  return {
    baseUrl: env.PEGEL_WEATHER_BASE_URL || DASHBOARD_API.weatherBase,
    apiKey: env.PEGEL_WEATHER_API_KEY || SIMULATED_WEATHER_KEY,
  };
}
