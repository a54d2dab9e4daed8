/**
 * The overview process image of the Talaue network: every station at its geographic place,
 * the pipes between them, its main value and first pump, each a link to its own image.
 */
import type { StationDef } from '../plant/stationCatalog.ts';
import type { StationPvLookup } from './plantPvs.ts';
import { esc } from './svgParts.ts';
import { IMAGE_HEIGHT, IMAGE_WIDTH, NEIGHBOURS } from './stationImage.ts';

/** Schematic places (flow from left to right): drinking water above, wastewater below. */
const PLACES: Record<number, { x: number; y: number }> = {
  1: { x: 40, y: 200 },
  2: { x: 330, y: 200 },
  3: { x: 620, y: 110 },
  5: { x: 620, y: 200 },
  4: { x: 620, y: 290 },
  12: { x: 910, y: 155 },
  6: { x: 910, y: 290 },
  7: { x: 40, y: 450 },
  8: { x: 40, y: 540 },
  10: { x: 330, y: 450 },
  11: { x: 330, y: 540 },
  9: { x: 620, y: 495 },
};
const BOX_W = 220;
const BOX_H = 62;

export function overviewImage(all: readonly StationDef[], pvs: StationPvLookup): string {
  const pos = (d: StationDef) =>
    PLACES[d.nr] ?? { x: 40 + ((d.nr - 1) % 4) * 290, y: 110 + Math.floor((d.nr - 1) / 4) * 90 };
  const lines: string[] = [];
  for (const d of all) {
    for (const down of NEIGHBOURS[d.nr]?.down ?? []) {
      const to = all.find((x) => x.nr === down);
      if (!to) continue;
      const a = pos(d);
      const b = pos(to);
      const water = !['sewagePumping', 'stormwaterTank', 'wastewaterTreatment'].includes(d.kind);
      const [x1, y1] = [a.x + BOX_W, a.y + BOX_H / 2];
      const [x2, y2] = [b.x, b.y + BOX_H / 2];
      const mx = x2 - 35;
      lines.push(
        `<path d="M${x1} ${y1} H${mx} V${y2} H${x2}" fill="none" stroke="${water ? '#7fa9c9' : '#a89a7c'}" stroke-width="5" stroke-linejoin="round"/>`,
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
    <rect x="${x}" y="${y}" width="${BOX_W}" height="${BOX_H}" rx="6" fill="#ffffff" stroke="#5c6770" stroke-width="2"/>
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
  <text x="24" y="62" font-size="13" fill="#5c6770">Klick auf eine Station öffnet ihr Prozessbild</text>
  <text x="40" y="98" font-size="14" font-weight="700" fill="#4f7fa6" letter-spacing="1">TRINKWASSER</text>
  <line x1="40" y1="400" x2="1160" y2="400" stroke="#d5dadd" stroke-dasharray="6 6"/>
  <text x="40" y="432" font-size="14" font-weight="700" fill="#85775a" letter-spacing="1">ABWASSER</text>
  ${lines.join('\n  ')}
  ${boxes.join('\n  ')}
</svg>`;
}
