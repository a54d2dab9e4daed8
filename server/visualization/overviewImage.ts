/**
 * The overview process image of the Talaue network: every station at its geographic place,
 * the pipes between them, its main value and first pump, each a link to its own image.
 */
import type { StationDef } from '../plant/stationCatalog.ts';
import type { StationPvLookup } from './plantPvs.ts';
import { esc } from './svgParts.ts';
import { IMAGE_HEIGHT, IMAGE_WIDTH, NEIGHBOURS } from './stationImage.ts';

export function overviewImage(all: readonly StationDef[], pvs: StationPvLookup): string {
  const lats = all.map((d) => d.latitude);
  const lons = all.map((d) => d.longitude);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLon, maxLon] = [Math.min(...lons), Math.max(...lons)];
  const pos = (d: StationDef) => ({
    x: 120 + ((d.longitude - minLon) / (maxLon - minLon)) * (IMAGE_WIDTH - 360),
    y: 130 + ((maxLat - d.latitude) / (maxLat - minLat)) * (IMAGE_HEIGHT - 260),
  });
  const lines: string[] = [];
  for (const d of all) {
    for (const down of NEIGHBOURS[d.nr]?.down ?? []) {
      const to = all.find((x) => x.nr === down);
      if (!to) continue;
      const a = pos(d);
      const b = pos(to);
      const water = !['sewagePumping', 'stormwaterTank', 'wastewaterTreatment'].includes(d.kind);
      lines.push(
        `<line x1="${a.x + 110}" y1="${a.y + 30}" x2="${b.x + 110}" y2="${b.y + 30}" stroke="${water ? '#7fa9c9' : '#a89a7c'}" stroke-width="5"/>`,
      );
    }
  }
  const boxes = all.map((d) => {
    const { x, y } = pos(d);
    const main =
      (d.store && pvs.find(d.nr, 'AnaIn', (n) => n === d.store!.name)) ||
      pvs.find(d.nr, 'AnaIn', (n) => n === 'Netzdruck');
    const running = pvs.find(d.nr, 'DigiIn', (n) => / 1 Betrieb$/.test(n));
    return `<a href="/process-images/${esc(d.processImage)}" class="pi-link">
    <rect x="${x}" y="${y}" width="220" height="62" rx="6" fill="#ffffff" stroke="#5c6770" stroke-width="2"/>
    <text x="${x + 10}" y="${y + 20}" font-size="13" font-weight="700" fill="#1d2429">${esc(d.name)}</text>
    ${main ? `<text class="pi-value" x="${x + 10}" y="${y + 46}" font-size="15" font-family="monospace" fill="#1d2429" data-pv="${main}" data-bind="value">—</text>` : ''}
    ${running ? `<circle cx="${x + 200}" cy="${y + 41}" r="9" fill="#ffffff" stroke="#3d474e" stroke-width="2" data-pv="${running}" data-bind="state"/>` : ''}
  </a>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" font-family="sans-serif">
  <title>Übersicht Talaue</title>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="#fbfcfc"/>
  <rect width="${IMAGE_WIDTH}" height="70" fill="#eef1f3"/>
  <text x="24" y="44" font-size="24" font-weight="700" fill="#1d2429">Übersicht Wasser- und Abwassernetz Talaue</text>
  <text x="24" y="62" font-size="13" fill="#5c6770">Blau: Trinkwasser · Braun: Abwasser</text>
  ${lines.join('\n  ')}
  ${boxes.join('\n  ')}
</svg>`;
}
