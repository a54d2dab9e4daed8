/**
 * The HTML report: one self-contained file (uPlot and its CSS inlined, the run's data
 * embedded) that opens offline. Tables are rendered here; plots are drawn by uPlot on load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRun } from './benchRun.ts';
import {
  formatFloor,
  formatFraction,
  formatMeasurement,
  formatNumber,
  formatOverFloor,
  formatRatio,
  formatTargetCheck,
} from './format.ts';
import { machineLines, scenarioNotes } from './markdown.ts';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> must not contain `</script` or an HTML comment opener. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function figureTable(run: BenchRun): string {
  const rows: string[] = [];
  for (const s of run.scenarios) {
    s.figures.forEach((f, i) => {
      const measured = f.value || f.baseline || f.floor;
      const samples = f.value ? f.value.samples.map(formatNumber).join(', ') : '';
      rows.push(
        `<tr class="${s.status}">${i === 0 ? `<th rowspan="${s.figures.length}">${esc(s.title)}<br><small>${esc(s.status)}</small></th>` : ''}` +
          `<td>${esc(f.label)}</td><td>${measured ? esc(formatMeasurement(f.value, f.unit)) : '<em>not yet measured</em>'}</td>` +
          `<td>${f.compare ? esc(formatMeasurement(f.baseline, f.unit)) : ''}</td><td>${esc(formatRatio(f))}</td>` +
          `<td>${esc(formatFloor(f))}</td><td>${esc(formatOverFloor(f))}</td>` +
          `<td>${esc(formatTargetCheck(f))}</td><td>${esc(formatFraction(f))}</td><td class="samples">${esc(samples)}</td></tr>`,
      );
    });
  }
  return `<table><thead><tr><th>Scenario</th><th>Figure</th><th>Pegel / machine</th><th>Baseline</th><th>Ratio</th><th>Floor</th><th>Pegel / floor</th><th>Target</th><th>Of limit</th><th>Samples</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#222;background:#fafafa}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;background:#fff}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
tbody th{background:#f0f0f0}.samples{color:#666;font-size:12px}
tr.not-measured td,tr.failed td{color:#888}
li.sub{margin-left:1.5rem;list-style:circle}
.plots{display:flex;flex-wrap:wrap;gap:1.5rem}.plot{background:#fff;border:1px solid #ddd;padding:.5rem}
`;

const PLOT_SCRIPT = `
const run = JSON.parse(document.getElementById('bench-data').textContent);
const colors = ['#1f5fbf', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16a085'];
const host = document.getElementById('plots');
for (const s of run.scenarios) for (const p of s.plots || []) {
  const box = document.createElement('div'); box.className = 'plot'; host.appendChild(box);
  const data = [p.x, ...p.series.map((se) => se.y)];
  new uPlot({
    title: s.title + ': ' + p.title, width: 560, height: 300,
    scales: { x: { time: false, distr: p.logX ? 3 : 1 }, y: { distr: p.logY ? 3 : 1 } },
    axes: [{ label: p.xLabel }, { label: p.yLabel, size: 70 }],
    series: [{ label: p.xLabel }, ...p.series.map((se, i) => ({ label: se.label, stroke: colors[i % colors.length], width: 2, points: { show: true, size: 6 } }))],
  }, data, box);
}
`;

export function renderHtml(run: BenchRun, root: string): string {
  const uplotJs = readFileSync(join(root, 'node_modules/uplot/dist/uPlot.iife.min.js'), 'utf8');
  const uplotCss = readFileSync(join(root, 'node_modules/uplot/dist/uPlot.min.css'), 'utf8');
  const notes = scenarioNotes(run);
  const hasPlots = run.scenarios.some((s) => s.plots.length > 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pegel bench ${esc(run.startedAt)}</title>
<style>${uplotCss}${STYLE}</style></head><body>
<h1>Pegel bench, ${esc(run.startedAt)}</h1>
<ul>${machineLines(run)
    .map((l) => `<li>${esc(l.replace(/^- /, '').replace(/\*\*/g, ''))}</li>`)
    .join('')}</ul>
<p>Each figure is the median of the runs with min–max in brackets; samples are listed per run. Ratio &gt; 1 means Pegel is better than the naive baseline by that factor; Pegel / floor &gt; 1 means Pegel costs more than a floor page that writes the same texts with plain DOM calls.</p>
${figureTable(run)}
${hasPlots ? '<h2>Plots</h2>' : ''}<div class="plots" id="plots"></div>
${notes.length ? `<h2>Notes</h2><ul>${notes.map((n) => `<li${n.startsWith('  ') ? ' class="sub"' : ''}>${esc(n.trim().replace(/^- /, '').replace(/\*\*/g, ''))}</li>`).join('')}</ul>` : ''}
<script type="application/json" id="bench-data">${scriptJson(run)}</script>
<script>${uplotJs.replace(/<\/script/gi, '<\\/script')}</script>
<script>${PLOT_SCRIPT}</script>
</body></html>
`;
}
