/**
 * Web Mercator for the map tile: the zoom and offset that fit a set of points into a box,
 * the pixel of a point, and the slippy-map tiles that cover the box (z/x/y).
 */
import type { GeoLocation } from '../../../contract/station.ts';

const TILE = 256;
const MAX_ZOOM = 17;

function worldPx(p: GeoLocation, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((p.latitude * Math.PI) / 180);
  return {
    x: ((p.longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export interface MapTileRef {
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
}

export interface MapFrame {
  zoom: number;
  project(p: GeoLocation): { x: number; y: number };
  tiles(): MapTileRef[];
}

export function fitMercator(
  points: readonly GeoLocation[],
  box: { width: number; height: number },
  paddingPx = 40,
): MapFrame | null {
  if (points.length === 0 || box.width <= 0 || box.height <= 0) return null;
  let zoom = MAX_ZOOM;
  for (; zoom > 1; zoom--) {
    const px = points.map((p) => worldPx(p, zoom));
    const w = Math.max(...px.map((p) => p.x)) - Math.min(...px.map((p) => p.x));
    const h = Math.max(...px.map((p) => p.y)) - Math.min(...px.map((p) => p.y));
    if (w <= box.width - 2 * paddingPx && h <= box.height - 2 * paddingPx) break;
  }
  const px = points.map((p) => worldPx(p, zoom));
  const cx = (Math.max(...px.map((p) => p.x)) + Math.min(...px.map((p) => p.x))) / 2;
  const cy = (Math.max(...px.map((p) => p.y)) + Math.min(...px.map((p) => p.y))) / 2;
  const originX = cx - box.width / 2;
  const originY = cy - box.height / 2;
  return {
    zoom,
    project(p) {
      const w = worldPx(p, zoom);
      return { x: w.x - originX, y: w.y - originY };
    },
    tiles() {
      const out: MapTileRef[] = [];
      const n = 2 ** zoom;
      for (let ty = Math.floor(originY / TILE); ty * TILE < originY + box.height; ty++) {
        for (let tx = Math.floor(originX / TILE); tx * TILE < originX + box.width; tx++) {
          if (ty < 0 || ty >= n) continue;
          out.push({
            z: zoom,
            x: ((tx % n) + n) % n,
            y: ty,
            left: tx * TILE - originX,
            top: ty * TILE - originY,
          });
        }
      }
      return out;
    },
  };
}

export function tileUrl(template: string, t: { z: number; x: number; y: number }): string {
  return template
    .replace('{z}', String(t.z))
    .replace('{x}', String(t.x))
    .replace('{y}', String(t.y));
}
