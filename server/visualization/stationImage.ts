/**
 * One process image per station, generated from the station catalog: inflow, the store
 * (tank, sump, basin or pressure vessel) with its level, the pumps with running and failure
 * states, the discharge valve, the set points, flow and pressure instruments, the station's status lamps and
 * measurements, and links to the overview and the neighbouring stations.
 */
import type { StationDef } from '../plant/stationCatalog.ts';
import { PUMP_NAME } from '../plant/stationAnalogPvs.ts';
import type { StationPvLookup } from './plantPvs.ts';
import {
  esc,
  imageLink,
  instrument,
  lamp,
  pipe,
  pump,
  tank,
  valve,
  valueField,
} from './svgParts.ts';

export const OVERVIEW_IMAGE = 'uebersicht-talaue';
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 720;

/** Where water comes from and goes to in the Talaue network (links between images). */
export const NEIGHBOURS: Record<number, { up: number[]; down: number[] }> = {
  1: { up: [], down: [2] },
  2: { up: [1], down: [3, 4, 5] },
  3: { up: [2], down: [12] },
  4: { up: [2], down: [6] },
  5: { up: [2], down: [12] },
  6: { up: [4], down: [] },
  7: { up: [], down: [9] },
  8: { up: [], down: [9] },
  9: { up: [7, 8, 10, 11], down: [] },
  10: { up: [], down: [9] },
  11: { up: [], down: [9] },
  12: { up: [3, 5], down: [] },
};

export function stationImage(
  def: StationDef,
  all: readonly StationDef[],
  pvs: StationPvLookup,
): string {
  const nr = def.nr;
  const s = def.store;
  const pumpName = PUMP_NAME[def.kind];
  const find = pvs.find.bind(pvs, nr);
  const levelPv = s ? find('AnaIn', (n) => n === s.name) : null;
  const overflowPv = find('DigiIn', (n) => n === 'Überlauf Behälter' || n === 'Überstau');
  const inflowPv = find('AnaIn', (n) => n === 'Zulauf');
  const flowPv = find('AnaIn', (n) => n === 'Durchfluss' || n === 'Förderstrom');
  const pressurePv = find('AnaIn', (n) => n === 'Druck Druckleitung' || n === 'Netzdruck');
  const inletPressurePv = find('AnaIn', (n) => n === 'Druck Eingang');
  const powerPv = find('AnaIn', (n) => n === 'Leistungsaufnahme');
  const used = new Set([levelPv, inflowPv, flowPv, pressurePv, inletPressurePv, powerPv]);
  const measurements = pvs
    .of(nr)
    .filter(
      (p) =>
        p.ref.type === 'AnaIn' &&
        !/^(Abwasser|Brunnen|Filter|Zubringer|Druckerhöhungs|Entleerungs|Zulauf)pumpe/.test(p.name),
    )
    .map((p) => ({ label: p.name, pv: `${p.ref.type}-${p.ref.nr}` }))
    .filter((m) => !used.has(m.pv))
    .slice(0, 6);

  const parts: string[] = [];
  const tankX = 190;
  const tankY = 190;
  const tankW = 220;
  const tankH = 300;
  const headerY = 560;

  // Inflow into the store
  parts.push(
    pipe(
      [
        [40, 240],
        [tankX, 240],
      ],
      inflowPv ?? flowPv,
    ),
  );
  parts.push(instrument(100, 180, 'FI', inflowPv ? 'Zulauf' : 'Zufluss', inflowPv));
  if (inletPressurePv) parts.push(instrument(100, 300, 'PI', 'Druck Eingang', inletPressurePv));

  // The store
  if (s) {
    const label = s.unit === 'bar' ? 'Druckbehälter' : s.name.replace(/^Füllstand /, '');
    parts.push(tank(tankX, tankY, tankW, tankH, label, levelPv, overflowPv));
    parts.push(
      valueField(tankX + 35, tankY + tankH + 40, s.unit === 'bar' ? 'Druck' : 'Füllstand', levelPv),
    );
  } else {
    parts.push(`<rect x="${tankX}" y="${tankY + 40}" width="${tankW}" height="200" rx="6" fill="#eef2f4" stroke="#5c6770" stroke-width="2"/>
      <text x="${tankX + tankW / 2}" y="${tankY + 150}" font-size="16" text-anchor="middle" fill="#4a555c">Messschacht</text>`);
  }

  // Pumps in parallel between suction and pressure header
  const pumpX = 560;
  const n = Math.max(def.pumps, 0);
  const spacing = n > 0 ? Math.min(150, 360 / n) : 0;
  const firstY = 230;
  if (n > 0) {
    parts.push(
      pipe([
        [tankX + tankW, tankY + tankH - 30],
        [pumpX - 80, tankY + tankH - 30],
        [pumpX - 80, firstY],
      ]),
    );
    for (let i = 0; i < n; i++) {
      const y = firstY + i * spacing;
      const name = `${pumpName} ${i + 1}`;
      const running = find('DigiIn', (x) => x === `${name} Betrieb`);
      parts.push(
        pipe([
          [pumpX - 80, y],
          [pumpX - 26, y],
        ]),
      );
      parts.push(
        pipe(
          [
            [pumpX + 40, y - 20],
            [pumpX + 190, y - 20],
            [pumpX + 190, headerY],
          ],
          running,
        ),
      );
      parts.push(
        pump(
          pumpX,
          y,
          name,
          running,
          find('DigiIn', (x) => x === `${name} Störung`),
          find('AnaIn', (x) => x === `${name} Motorstrom`),
          find('AnaIn', (x) => x === `${name} Drehzahl`),
          [find('DigiOut', (x) => x === `${name} Ein/Aus`)].filter((c): c is string => c !== null),
        ),
      );
    }
    if (n > 1)
      parts.push(
        pipe([
          [pumpX - 80, firstY],
          [pumpX - 80, firstY + (n - 1) * spacing],
        ]),
      );
  } else {
    parts.push(
      pipe(
        [
          [tankX + tankW, tankY + 140],
          [pumpX + 190, tankY + 140],
          [pumpX + 190, headerY],
        ],
        flowPv,
      ),
    );
  }

  // Discharge: valve, flow and pressure instruments, outlet
  const command = find('DigiOut', (x) => x === `${pumpName} 1 Ein/Aus`);
  parts.push(
    pipe(
      [
        [pumpX + 190, headerY],
        [1150, headerY],
      ],
      flowPv,
    ),
  );
  parts.push(valve(pumpX + 280, headerY, 'Schieber', command));
  parts.push(
    instrument(pumpX + 380, headerY - 70, 'FI', 'Durchfluss', flowPv === inflowPv ? null : flowPv),
  );
  parts.push(instrument(pumpX + 520, headerY - 70, 'PI', 'Druck', pressurePv));

  // Status and measurements panel
  const panelX = 860;
  const panelY = 110;
  const lamps = [
    lamp(
      panelX + 14,
      panelY + 36,
      'Netzausfall',
      find('DigiIn', (x) => x === 'Netzausfall'),
    ),
    lamp(
      panelX + 14,
      panelY + 60,
      'Tür Betriebsgebäude',
      find('DigiIn', (x) => x === 'Tür Betriebsgebäude'),
    ),
    lamp(
      panelX + 14,
      panelY + 84,
      'Betriebsart',
      find('PlsObject', (x) => x === 'Betriebsart'),
    ),
  ];
  const fields = measurements.map(
    (
      m,
      i,
    ) => `<g class="pi-measure" data-pv="${esc(m.pv)}" data-action="pv" tabindex="0" role="button" aria-label="${esc(m.label)}">
      <text x="${panelX + 14}" y="${panelY + 124 + i * 24}" font-size="13" fill="#2c353b">${esc(m.label)}</text>
      <text class="pi-value" x="${panelX + 300}" y="${panelY + 124 + i * 24}" font-size="13" text-anchor="end" font-family="monospace" fill="#1d2429" data-pv="${esc(m.pv)}" data-bind="value">—</text></g>`,
  );
  const panelH = 110 + measurements.length * 24 + (powerPv ? 24 : 0);
  parts.push(`<rect x="${panelX}" y="${panelY}" width="315" height="${panelH}" rx="6" fill="#f7f9fa" stroke="#b3bcc1"/>
    <text x="${panelX + 14}" y="${panelY + 16}" font-size="13" font-weight="700" fill="#4a555c">STATUS UND MESSWERTE</text>
    ${lamps.join('')}${fields.join('')}
    ${powerPv ? `<g class="pi-measure" data-pv="${powerPv}" data-action="pv" tabindex="0" role="button" aria-label="Leistungsaufnahme"><text x="${panelX + 14}" y="${panelY + 124 + measurements.length * 24}" font-size="13" fill="#2c353b">Leistungsaufnahme</text><text class="pi-value" x="${panelX + 300}" y="${panelY + 124 + measurements.length * 24}" font-size="13" text-anchor="end" font-family="monospace" fill="#1d2429" data-pv="${powerPv}" data-bind="value">—</text></g>` : ''}`);

  // Set points (AnaOut): each opens the PV's dialog, whose "Bedienen" sets it through the
  // confirm step, as on the station page.
  const setPoints = pvs
    .of(nr)
    .filter((p) => p.ref.type === 'AnaOut')
    .slice(0, 3)
    .map((p) => ({ label: p.name, pv: `${p.ref.type}-${p.ref.nr}` }));
  if (setPoints.length > 0) {
    const sx = 540;
    const sy = 80;
    const rows = setPoints.map(
      (
        m,
        i,
      ) => `<g class="pi-measure pi-setpoint" data-pv="${esc(m.pv)}" data-action="pv" tabindex="0" role="button" aria-label="${esc(m.label)}">
      <rect x="${sx + 4}" y="${sy + 26 + i * 20}" width="292" height="20" fill="#f7f9fa"/>
      <text x="${sx + 12}" y="${sy + 40 + i * 20}" font-size="13" fill="#2c353b">${esc(m.label)}</text>
      <text class="pi-value" x="${sx + 288}" y="${sy + 40 + i * 20}" font-size="13" text-anchor="end" font-family="monospace" fill="#1d2429" data-pv="${esc(m.pv)}" data-bind="value">—</text></g>`,
    );
    parts.push(`<rect x="${sx}" y="${sy}" width="300" height="${28 + setPoints.length * 20}" rx="6" fill="#f7f9fa" stroke="#b3bcc1"/>
    <text x="${sx + 12}" y="${sy + 17}" font-size="13" font-weight="700" fill="#4a555c">SOLLWERTE</text>
    ${rows.join('')}`);
  }

  // Title bar, dial button and links
  const name = (nrOf: number) => all.find((d) => d.nr === nrOf);
  const links: string[] = [imageLink(20, 688, '◀ Übersicht Talaue', OVERVIEW_IMAGE)];
  const nb = NEIGHBOURS[nr] ?? { up: [], down: [] };
  let lx = 270;
  for (const up of nb.up.slice(0, 2)) {
    const d = name(up);
    if (d) links.push(imageLink(lx, 688, `◀ ${d.name}`, d.processImage));
    lx += 240;
  }
  let rx = 1180;
  for (const down of nb.down.slice(0, 2)) {
    const d = name(down);
    if (d) links.push(imageLink(rx, 688, `${d.name} ▶`, d.processImage, 'end'));
    rx -= 240;
  }
  // Actions for the dispatcher (README "process images"): the alert archive, and the
  // station's main value over the last week in the archive trend.
  const mainPv = levelPv ?? flowPv ?? pressurePv;
  const actionButton = (x: number, label: string, attrs: string) =>
    `<g class="pi-nav" ${attrs} tabindex="0" role="button" aria-label="${esc(label)}">
      <rect x="${x}" y="18" width="170" height="34" rx="4" fill="#eef2f4" stroke="#7d8a92"/>
      <text x="${x + 85}" y="40" font-size="14" text-anchor="middle" fill="#1f5f8b">${esc(label)}</text></g>`;
  const navButtons = [
    actionButton(650, 'Meldungsarchiv', 'data-action="alert-archive"'),
    mainPv
      ? actionButton(
          830,
          'Verlauf 7 Tage',
          `data-action="archive-trend" data-pv="${esc(mainPv)}" data-amount="7"`,
        )
      : '',
  ].join('\n  ');
  const dial = `<g class="pi-dial" data-station="${nr}" data-action="dial" tabindex="0" role="button" aria-label="Station anwählen">
      <rect x="1010" y="18" width="170" height="34" rx="4" fill="#eef2f4" stroke="#7d8a92"/>
      <text x="1095" y="40" font-size="14" text-anchor="middle" fill="#1f5f8b">${def.dialUp ? 'Station anwählen' : 'Stationsabfrage'}</text></g>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" font-family="sans-serif" data-station="${nr}">
  <title>${esc(def.name)}</title>
  <rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="#fbfcfc"/>
  <rect width="${IMAGE_WIDTH}" height="70" fill="#eef1f3"/>
  <text x="24" y="44" font-size="24" font-weight="700" fill="#1d2429">${esc(def.name)}</text>
  <text x="24" y="62" font-size="13" fill="#5c6770">Station ${nr}${def.dialUp ? ' · Wählverbindung' : ''}</text>
  ${navButtons}
  ${dial}
  ${parts.join('\n  ')}
  ${links.join('\n  ')}
</svg>`;
}
