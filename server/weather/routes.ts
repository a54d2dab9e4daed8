/**
 * An OpenWeatherMap-compatible weather service over simulated weather (SPEC §7 "External
 * weather service", DESIGN.md "Weather"): GET {base}/weather and {base}/forecast with
 * `zip=CODE,CC`, `appid` and `units=metric`, answering the same fields and error bodies as
 * the real service. Like it, it authenticates by key, not by session.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_API } from '../../src/contract/dashboard.ts';
import type { ServerContext } from '../context.ts';
import type { Plant } from '../plant/types.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { PLANT_COUNTRY, PLANT_ZIP } from '../dashboard/sampleDashboards.ts';
import {
  CONDITION_CODES,
  isDaytime,
  weatherAt,
  zipSeed,
  type WeatherSample,
} from './simulatedWeather.ts';
import { weatherServiceConfig } from './weatherConfig.ts';

const FORECAST_STEP_MS = 3 * 3_600_000;
const FORECAST_ENTRIES = 40;
const TALAUE = { lat: 51.0388, lon: 13.5601 };

const query = z.object({
  zip: z
    .string()
    .regex(/^[A-Za-z0-9 -]{3,10},[A-Za-z]{2}$/)
    .optional(),
  appid: z.string().optional(),
  units: z.enum(['metric', 'imperial', 'standard']).optional(),
  lang: z.string().optional(),
});

function owmError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ cod: String(status), message });
}

function conditionBlock(sample: WeatherSample) {
  const c = CONDITION_CODES[sample.condition];
  return [
    {
      id: c.id,
      main: c.main,
      description: c.description,
      icon: `${c.icon}${isDaytime(sample.time) ? 'd' : 'n'}`,
    },
  ];
}

function mainBlock(s: WeatherSample) {
  return {
    temp: s.temperature,
    feels_like: Math.round((s.temperature - s.windSpeed / 3) * 10) / 10,
    temp_min: Math.round((s.temperature - 0.8) * 10) / 10,
    temp_max: Math.round((s.temperature + 0.8) * 10) / 10,
    pressure: s.pressure,
    humidity: s.humidity,
  };
}

export function registerWeatherRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
): void {
  // The rain of the simulated plant: the rain gauge of the first stormwater tank.
  const gauge = plant
    .pvRefs()
    .find((ref) => ref.type === 'AnaIn' && plant.config(ref)?.name === 'Niederschlag');
  const plantRain = (): number | null => {
    if (!gauge) return null;
    const value = plant.valueByKey(pvKey(gauge));
    return typeof value?.doubleValue === 'number' ? value.doubleValue : null;
  };

  const place = (raw: unknown, reply: FastifyReply) => {
    const parsed = query.safeParse(raw);
    if (!parsed.success) return owmError(reply, 400, 'wrong zip or units');
    const { zip, appid } = parsed.data;
    if (appid !== weatherServiceConfig().apiKey)
      return owmError(
        reply,
        401,
        'Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.',
      );
    if (!zip) return owmError(reply, 400, 'Nothing to geocode');
    const [code, country] = zip.split(',') as [string, string];
    const home = code === PLANT_ZIP && country.toLowerCase() === PLANT_COUNTRY;
    return {
      seed: zipSeed(zip.toLowerCase()),
      name: home ? 'Talaue' : code,
      country: country.toUpperCase(),
      coord: home ? TALAUE : { lat: 50 + zipSeed(code) / 10, lon: 10 + zipSeed(code) / 5 },
      home,
    };
  };

  app.get(`${DASHBOARD_API.weatherBase}/weather`, async (request, reply) => {
    const p = place(request.query, reply);
    if (!('seed' in p)) return p;
    const now = ctx.now();
    const s = weatherAt(now, p.seed, p.home ? plantRain() : null);
    return {
      coord: p.coord,
      weather: conditionBlock(s),
      base: 'stations',
      main: mainBlock(s),
      visibility: s.condition === 'Mist' ? 800 : 10_000,
      wind: { speed: s.windSpeed, deg: s.windDeg },
      clouds: { all: s.cloudPercent },
      ...(s.rain > 0 ? { rain: { '1h': s.rain } } : {}),
      ...(s.snow > 0 ? { snow: { '1h': s.snow } } : {}),
      dt: Math.floor(now / 1000),
      sys: { country: p.country },
      timezone: 3600,
      name: p.name,
      cod: 200,
    };
  });

  app.get(`${DASHBOARD_API.weatherBase}/forecast`, async (request, reply) => {
    const p = place(request.query, reply);
    if (!('seed' in p)) return p;
    const start = Math.ceil(ctx.now() / FORECAST_STEP_MS) * FORECAST_STEP_MS;
    const list = Array.from({ length: FORECAST_ENTRIES }, (_, i) => {
      const t = start + i * FORECAST_STEP_MS;
      const s = weatherAt(t, p.seed, null);
      return {
        dt: t / 1000,
        main: mainBlock(s),
        weather: conditionBlock(s),
        clouds: { all: s.cloudPercent },
        wind: { speed: s.windSpeed, deg: s.windDeg },
        pop: s.rain > 0 || s.snow > 0 ? 0.8 : 0,
        ...(s.rain > 0 ? { rain: { '3h': Math.round(s.rain * 300) / 100 } } : {}),
        ...(s.snow > 0 ? { snow: { '3h': Math.round(s.snow * 300) / 100 } } : {}),
        dt_txt: new Date(t).toISOString().slice(0, 19).replace('T', ' '),
      };
    });
    return {
      cod: '200',
      message: 0,
      cnt: list.length,
      list,
      city: { name: p.name, country: p.country, coord: p.coord, timezone: 3600 },
    };
  });
}
