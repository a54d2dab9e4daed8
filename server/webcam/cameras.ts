/**
 * The simulated webcams: one image per interval, named after its time, drawn as SVG so that
 * each image differs (daylight, clouds, the clarifier bridge turning) and an old one can be
 * drawn again for the history.
 */
import { toWallTime } from '../../src/domain/clock.ts';
import type { Webcam } from '../../src/contract/dashboard.ts';

export const WEBCAMS: readonly Webcam[] = [
  { id: 1, name: 'Kläranlage Talaue – Nachklärbecken', stationNumber: 9, intervalSeconds: 60 },
  { id: 2, name: 'Regenüberlaufbecken RÜB 1', stationNumber: 10, intervalSeconds: 60 },
  { id: 3, name: 'Hochbehälter Kirchberg – Zufahrt', stationNumber: 3, intervalSeconds: 60 },
];

/** How far back images are kept. */
export const WEBCAM_HISTORY_MS = 7 * 24 * 3_600_000;

const FILE_PATTERN = /^cam(\d+)_(\d{8})_(\d{6})\.svg$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function imageTime(cam: Webcam, time: number): number {
  const step = cam.intervalSeconds * 1000;
  return Math.floor(time / step) * step;
}

export function fileNameOf(cam: Webcam, time: number): string {
  const d = new Date(time);
  return (
    `cam${cam.id}_${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}.svg`
  );
}

/** The time of a file name of this camera, or null when it is not one of its images. */
export function timeOfFile(cam: Webcam, filename: string): number | null {
  const m = FILE_PATTERN.exec(filename);
  if (!m || Number(m[1]) !== cam.id) return null;
  const [date, time] = [m[2]!, m[3]!];
  const t = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(4, 6)) - 1,
    Number(date.slice(6, 8)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
    Number(time.slice(4, 6)),
  );
  return Number.isFinite(t) && imageTime(cam, t) === t ? t : null;
}

function skyColours(hour: number): [string, string] {
  if (hour < 5 || hour >= 21) return ['#0b1526', '#1c2a44'];
  if (hour < 7) return ['#3b4a78', '#e59a6b'];
  if (hour < 18) return ['#4f8cc9', '#bcd8ef'];
  if (hour < 21) return ['#40507e', '#e08a5a'];
  return ['#0b1526', '#1c2a44'];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One camera image at `time`; the overlay shows the plant's wall-clock time (its IANA zone,
 * daylight saving included), the same as the caption the client writes under it.
 */
export function drawImage(cam: Webcam, time: number, zone: string): string {
  const w = toWallTime(time, zone);
  const hour = w.hour + w.minute / 60;
  const [top, bottom] = skyColours(hour);
  const night = hour < 6 || hour >= 20.5;
  const minutes = time / 60_000;
  const cloudX = (minutes * 7) % 760;
  const bridge = (minutes * 9) % 360;
  const stamp = `${pad(w.day)}.${pad(w.month)}.${w.year} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  const scene =
    cam.id === 1
      ? `<ellipse cx="320" cy="270" rx="230" ry="55" fill="#6b7a80"/>
         <ellipse cx="320" cy="268" rx="212" ry="47" fill="#3d5a5e"/>
         <g transform="translate(320 268) scale(1 0.22) rotate(${bridge.toFixed(1)})">
           <rect x="-212" y="-6" width="212" height="12" fill="#d8dcd6"/></g>
         <circle cx="320" cy="268" r="8" fill="#e2e2e2"/>`
      : cam.id === 2
        ? `<rect x="90" y="220" width="460" height="100" fill="#707b80"/>
           <rect x="100" y="232" width="440" height="80" fill="#51656a"/>
           <rect x="480" y="190" width="50" height="40" fill="#b7b0a1"/>`
        : `<rect x="210" y="170" width="220" height="110" fill="#c9c2b0"/>
           <polygon points="200,170 320,120 440,170" fill="#8a4b3a"/>
           <rect x="300" y="220" width="40" height="60" fill="#5b5147"/>
           <rect x="0" y="300" width="640" height="60" fill="#8c8c84"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="640" height="360" fill="url(#sky)"/>
  <g opacity="${night ? 0.25 : 0.85}" fill="#f4f6f8">
    <ellipse cx="${(cloudX - 60).toFixed(0)}" cy="70" rx="70" ry="18"/>
    <ellipse cx="${(((cloudX + 300) % 760) - 60).toFixed(0)}" cy="110" rx="50" ry="14"/></g>
  <rect x="0" y="210" width="640" height="150" fill="${night ? '#1f2a1e' : '#5f7f4a'}"/>
  ${scene}
  ${night ? '<rect width="640" height="360" fill="#000" opacity="0.35"/>' : ''}
  <rect x="0" y="0" width="640" height="26" fill="#000" opacity="0.55"/>
  <text x="10" y="18" font-family="monospace" font-size="14" fill="#fff">${escapeXml(cam.name)}</text>
  <text x="630" y="18" font-family="monospace" font-size="14" fill="#fff" text-anchor="end">${stamp}</text>
</svg>`;
}
