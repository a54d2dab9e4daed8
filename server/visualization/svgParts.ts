/**
 * Drawing parts of the generated process images, in the symbol language of P&I diagrams:
 * tanks, centrifugal pumps, gate valves, pipes, instrument bubbles and value fields. Bound
 * elements carry the data attributes of DESIGN.md "Process images":
 *   data-pv="AnaIn-100001"   the PV
 *   data-bind="value state fill visible rotate"   what the PV drives (space separated)
 *   data-visible-when="on|off|failure"   for visible
 *   data-action="pv|dial"   what a click opens (pv: the PV's actions; dial: the station)
 *   data-command="DigiOut-100001"   a machine's command outputs beside its feedback (pv)
 */

export const esc = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const attrs = (a: Record<string, string | number | null | undefined>) =>
  Object.entries(a)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');

export function pipe(points: [number, number][], flowPv: string | null = null): string {
  const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');
  return `<path class="pi-pipe" d="${d}" fill="none" stroke="#8a949b" stroke-width="6" stroke-linejoin="round"/>
  <path class="pi-pipe-flow" d="${d}" fill="none" stroke="#c8d3da" stroke-width="2" stroke-dasharray="8 10"${attrs({ 'data-pv': flowPv, 'data-bind': flowPv ? 'state' : null })}/>`;
}

/** A value field: the value text with unit, right-aligned in a box, with a label above. */
export function valueField(
  x: number,
  y: number,
  label: string,
  pv: string | null,
  width = 150,
): string {
  if (!pv) return '';
  return `<g class="pi-field"${attrs({ 'data-pv': pv, 'data-action': 'pv' })} tabindex="0" role="button" aria-label="${esc(label)}">
    <text x="${x}" y="${y - 6}" font-size="13" fill="#4a555c">${esc(label)}</text>
    <rect x="${x}" y="${y}" width="${width}" height="28" rx="3" fill="#f4f6f7" stroke="#9aa4aa"/>
    <text class="pi-value" x="${x + width - 8}" y="${y + 19}" font-size="16" text-anchor="end" font-family="monospace" fill="#1d2429" data-pv="${esc(pv)}" data-bind="value">—</text>
  </g>`;
}

/** A tank with fill level bound to its level PV, scale marks and the level field. */
export function tank(
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  levelPv: string | null,
  overflowPv: string | null,
): string {
  const inner = { x: x + 6, y: y + 6, w: w - 12, h: h - 12 };
  const marks = [0.25, 0.5, 0.75]
    .map(
      (f) =>
        `<line x1="${x + w}" x2="${x + w + 10}" y1="${y + h - f * h}" y2="${y + h - f * h}" stroke="#9aa4aa"/>`,
    )
    .join('');
  return `<g class="pi-tank"${attrs({ 'data-pv': levelPv, 'data-action': levelPv ? 'pv' : null })} tabindex="0" role="button" aria-label="${esc(label)}">
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#e9eef1" stroke="#5c6770" stroke-width="3"/>
    <rect class="pi-fill" x="${inner.x}" y="${inner.y}" width="${inner.w}" height="${inner.h}" rx="4" fill="#7fa9c9"${attrs({ 'data-pv': levelPv, 'data-bind': levelPv ? 'fill' : null })}/>
    ${marks}
    <text x="${x + w / 2}" y="${y - 12}" font-size="15" text-anchor="middle" font-weight="600" fill="#2c353b">${esc(label)}</text>
    ${overflowPv ? `<g data-pv="${esc(overflowPv)}" data-bind="visible" data-visible-when="failure"><rect x="${x + 8}" y="${y + 10}" width="${w - 16}" height="24" rx="3" fill="#d32f2f"/><text x="${x + w / 2}" y="${y + 27}" font-size="13" text-anchor="middle" fill="#fff" font-weight="700">ÜBERLAUF</text></g>` : ''}
  </g>`;
}

/**
 * A centrifugal pump: the casing shows running (filled) or stopped (hollow), the impeller
 * turns while running, a red ring and label show a failure. Clicking opens the pump: its
 * running feedback and the commands of its outputs (`data-command`).
 */
export function pump(
  cx: number,
  cy: number,
  label: string,
  running: string | null,
  failure: string | null,
  current: string | null,
  speed: string | null,
  commands: readonly string[] = [],
): string {
  return `<g class="pi-pump" data-pv="${esc(running ?? '')}" data-action="pv"${attrs({ 'data-command': commands.length ? commands.join(' ') : null })} tabindex="0" role="button" aria-label="${esc(label)}">
    <circle class="pi-pump-casing" cx="${cx}" cy="${cy}" r="26" fill="#ffffff" stroke="#3d474e" stroke-width="3"${attrs({ 'data-pv': running, 'data-bind': running ? 'state' : null })}/>
    <path d="M${cx} ${cy - 26} L${cx + 40} ${cy - 26} L${cx + 40} ${cy - 14} L${cx + 22} ${cy - 14}" fill="#ffffff" stroke="#3d474e" stroke-width="3"/>
    <g class="pi-impeller"${attrs({ 'data-pv': running, 'data-bind': running ? 'rotate' : null })} style="transform-origin: ${cx}px ${cy}px">
      <path d="M${cx} ${cy} L${cx} ${cy - 16} M${cx} ${cy} L${cx + 14} ${cy + 8} M${cx} ${cy} L${cx - 14} ${cy + 8}" stroke="#3d474e" stroke-width="3" stroke-linecap="round"/>
    </g>
    ${failure ? `<g data-pv="${esc(failure)}" data-bind="visible" data-visible-when="failure"><circle cx="${cx}" cy="${cy}" r="33" fill="none" stroke="#d32f2f" stroke-width="4"/><rect x="${cx - 34}" y="${cy + 36}" width="68" height="20" rx="3" fill="#d32f2f"/><text x="${cx}" y="${cy + 51}" font-size="12" text-anchor="middle" fill="#fff" font-weight="700">STÖRUNG</text></g>` : ''}
    <text x="${cx}" y="${cy - 36}" font-size="13" text-anchor="middle" fill="#2c353b" font-weight="600">${esc(label)}</text>
    ${current ? `<text class="pi-value" x="${cx + 48}" y="${cy + 6}" font-size="13" font-family="monospace" fill="#1d2429" data-pv="${esc(current)}" data-bind="value">—</text>` : ''}
    ${speed ? `<text class="pi-value" x="${cx + 48}" y="${cy + 24}" font-size="13" font-family="monospace" fill="#1d2429" data-pv="${esc(speed)}" data-bind="value">—</text>` : ''}
  </g>`;
}

/**
 * A gate valve (two triangles), open (hollow) or closed (filled) by its command PV. Without a
 * command it is a drawing only: no button that does nothing when pressed.
 */
export function valve(cx: number, cy: number, label: string, command: string | null): string {
  const button = command ? ` tabindex="0" role="button" aria-label="${esc(label)}"` : '';
  return `<g class="pi-valve"${attrs({ 'data-pv': command, 'data-action': command ? 'pv' : null })}${button}>
    <path d="M${cx - 16} ${cy - 11} L${cx + 16} ${cy + 11} L${cx + 16} ${cy - 11} L${cx - 16} ${cy + 11} Z" fill="#ffffff" stroke="#3d474e" stroke-width="2.5"${attrs({ 'data-pv': command, 'data-bind': command ? 'state' : null })}/>
    <line x1="${cx}" y1="${cy}" x2="${cx}" y2="${cy - 20}" stroke="#3d474e" stroke-width="2.5"/>
    <line x1="${cx - 9}" y1="${cy - 20}" x2="${cx + 9}" y2="${cy - 20}" stroke="#3d474e" stroke-width="2.5"/>
    <text x="${cx}" y="${cy + 28}" font-size="12" text-anchor="middle" fill="#4a555c">${esc(label)}</text>
  </g>`;
}

/** An instrument bubble (FI, PI, LI …) on a pipe, with its value field beside it. */
export function instrument(
  cx: number,
  cy: number,
  tag: string,
  label: string,
  pv: string | null,
): string {
  if (!pv) return '';
  return `<g class="pi-instrument" data-pv="${esc(pv)}" data-action="pv" tabindex="0" role="button" aria-label="${esc(label)}">
    <line x1="${cx}" y1="${cy + 18}" x2="${cx}" y2="${cy + 40}" stroke="#5c6770" stroke-width="2"/>
    <circle cx="${cx}" cy="${cy}" r="18" fill="#ffffff" stroke="#3d474e" stroke-width="2"/>
    <text x="${cx}" y="${cy + 5}" font-size="12" text-anchor="middle" font-weight="700" fill="#2c353b">${esc(tag)}</text>
    <text x="${cx + 26}" y="${cy - 6}" font-size="12" fill="#4a555c">${esc(label)}</text>
    <text class="pi-value" x="${cx + 26}" y="${cy + 12}" font-size="15" font-family="monospace" fill="#1d2429" data-pv="${esc(pv)}" data-bind="value">—</text>
  </g>`;
}

/** A status lamp with text: grey when normal, coloured when the PV is in the given state. */
export function lamp(x: number, y: number, label: string, pv: string | null): string {
  if (!pv) return '';
  return `<g class="pi-lamp" data-pv="${esc(pv)}" data-action="pv" tabindex="0" role="button" aria-label="${esc(label)}">
    <circle cx="${x + 8}" cy="${y - 5}" r="7" fill="#c5cbcf" stroke="#5c6770" data-pv="${esc(pv)}" data-bind="state"/>
    <text x="${x + 22}" y="${y}" font-size="13" fill="#2c353b">${esc(label)}</text>
    <text class="pi-value" x="${x + 286}" y="${y}" font-size="13" text-anchor="end" font-family="monospace" fill="#1d2429" data-pv="${esc(pv)}" data-bind="value">—</text>
  </g>`;
}

/** A link to another process image. */
export function imageLink(
  x: number,
  y: number,
  text: string,
  name: string,
  anchor = 'start',
): string {
  return `<a href="/process-images/${esc(name)}" class="pi-link">
    <rect x="${anchor === 'end' ? x - 230 : x}" y="${y - 20}" width="230" height="30" rx="4" fill="#eef2f4" stroke="#7d8a92"/>
    <text x="${anchor === 'end' ? x - 12 : x + 12}" y="${y}" font-size="14" fill="#1f5f8b" text-anchor="${anchor}">${esc(text)}</text>
  </a>`;
}
