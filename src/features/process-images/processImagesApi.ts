/** REST calls of SPEC §7 "Visualization": the list of process images and one image's SVG. */
import { DASHBOARD_API, type ProcessImageList } from '../../contract/dashboard.ts';
import { getJson, send } from '../../api/http.ts';

export const fetchProcessImages = (signal?: AbortSignal) =>
  getJson<ProcessImageList>(DASHBOARD_API.processImages, { signal });

/** The SVG text of an image (not JSON, so not through `http`); errors as `http` raises them. */
export async function fetchProcessImageSvg(name: string, signal?: AbortSignal): Promise<string> {
  const res = await send(DASHBOARD_API.processImage(name), {
    headers: { Accept: 'image/svg+xml' },
    signal,
  });
  return res.text();
}
