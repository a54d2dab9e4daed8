/** REST calls of SPEC §7 "Visualization": the list of process images and one image's SVG. */
import { DASHBOARD_API, type ProcessImageList } from '../../contract/dashboard.ts';
import { getJson, HttpError, NetworkError, redirectToLogout } from '../../api/http.ts';

export const fetchProcessImages = (signal?: AbortSignal) =>
  getJson<ProcessImageList>(DASHBOARD_API.processImages, { signal });

/** The SVG text of an image (not JSON, so not through `http`); errors as `http` raises them. */
export async function fetchProcessImageSvg(name: string, signal?: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await fetch(DASHBOARD_API.processImage(name), {
      credentials: 'include',
      headers: { Accept: 'image/svg+xml' },
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err instanceof Error ? err.message : String(err), { cause: err });
  }
  if (res.status === 401) redirectToLogout();
  if (!res.ok) throw new HttpError(res.status, `http_${res.status}`, res.statusText);
  return res.text();
}
