/**
 * The grid of the dense-view scenario, the same for Pegel (written into the server's
 * process-image folder) and for the naive baseline (built in its page): N value texts in
 * rows of COLUMNS, text k bound to AnaIn PV k of the load mode (station s, number i).
 */
export const DENSE_PVS_PER_STATION = 1000;
const COLUMNS = 100;
const CELL_W = 60;
const CELL_H = 14;

/**
 * The PV of text k, as `AnaIn-<nr>`: the stations' PVs in turn, `perStation` each (the load
 * mode's PVs per station; the dense-view scenario's by default).
 */
export function densePv(k: number, perStation = DENSE_PVS_PER_STATION): string {
  const station = Math.floor(k / perStation) + 1;
  return `AnaIn-${station * 100_000 + (k % perStation) + 1}`;
}

export function denseSvg(n: number, perStation = DENSE_PVS_PER_STATION): string {
  const rows = Math.ceil(n / COLUMNS);
  const texts: string[] = [];
  for (let k = 0; k < n; k++) {
    const x = (k % COLUMNS) * CELL_W + 2;
    const y = Math.floor(k / COLUMNS) * CELL_H + 11;
    texts.push(
      `<text class="pi-value" x="${x}" y="${y}" font-size="10" data-pv="${densePv(k, perStation)}" data-bind="value">—</text>`,
    );
  }
  const w = COLUMNS * CELL_W;
  const h = rows * CELL_H;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><title>Dense ${n}</title>${texts.join('')}</svg>`;
}
