/**
 * REST calls of SPEC §7 "Dashboard", "Visualization and webcam" and "External weather
 * service". Webcam calls count only HTTP 200; anything else gives null, silently (SPEC §7).
 */
import {
  DASHBOARD_API,
  type DashboardConfigResult,
  type DashboardNote,
  type Webcam,
  type WebcamImage,
  type WeatherServiceConfig,
} from '../../contract/dashboard.ts';
import { errorOf, getJson, http } from '../../api/http.ts';
import { parseOwmCurrent, parseOwmForecast } from './weather/owm.ts';

export const fetchDashboardConfig = (signal?: AbortSignal) =>
  getJson<DashboardConfigResult>(DASHBOARD_API.config, { signal });

export const saveNote = (note: DashboardNote) =>
  http<DashboardNote>(DASHBOARD_API.note(note.id), { method: 'PATCH', body: note });

/** A webcam GET: the JSON body on 200, null on anything else (SPEC §7). */
async function webcamGet<T>(path: string, signal?: AbortSignal): Promise<T | null> {
  try {
    const res = await fetch(path, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (res.status !== 200) return null;
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

export const fetchWebcams = (signal?: AbortSignal) =>
  webcamGet<Webcam[]>(DASHBOARD_API.webcams, signal);
export const fetchWebcam = (id: number, signal?: AbortSignal) =>
  webcamGet<Webcam>(DASHBOARD_API.webcam(id), signal);
/** The newest image, or null when there is none or the caller has it already. */
export const fetchCurrentImage = (
  id: number,
  currentFilename: string | null,
  signal?: AbortSignal,
) =>
  webcamGet<WebcamImage>(
    currentFilename
      ? `${DASHBOARD_API.webcamCurrent(id)}?currentFilename=${encodeURIComponent(currentFilename)}`
      : DASHBOARD_API.webcamCurrent(id),
    signal,
  );
export const fetchAvailableImages = (id: number, from: Date, to: Date, signal?: AbortSignal) =>
  webcamGet<WebcamImage[]>(
    `${DASHBOARD_API.webcamAvailable(id)}?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
    signal,
  );

/** GET to the weather service: `{base}/{weather|forecast}?zip=ZIP,CC&appid=KEY&units=metric`. */
async function weatherGet(
  service: WeatherServiceConfig,
  what: 'weather' | 'forecast',
  zip: string,
  country: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const url = `${service.baseUrl.replace(/\/$/, '')}/${what}?zip=${encodeURIComponent(`${zip},${country}`)}&appid=${encodeURIComponent(service.apiKey)}&units=metric`;
  const res = await fetch(url, { signal, credentials: 'omit' });
  if (!res.ok) throw await errorOf(res);
  return res.json();
}

export async function fetchCurrentWeather(
  service: WeatherServiceConfig,
  zip: string,
  country: string,
  signal?: AbortSignal,
) {
  return parseOwmCurrent(await weatherGet(service, 'weather', zip, country, signal));
}

export async function fetchForecast(
  service: WeatherServiceConfig,
  zip: string,
  country: string,
  signal?: AbortSignal,
) {
  return parseOwmForecast(await weatherGet(service, 'forecast', zip, country, signal));
}
