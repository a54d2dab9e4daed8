/**
 * The plant's operating manual (Betriebshandbuch), the page the sample dashboard's browser
 * tile shows: the stations with their machines and switching points, how alarms are handled
 * by priority, how a machine is operated, and the shift handover. One HTML page made from the
 * station catalog and the priority list, so it always names the plant as it is; the plant's
 * own document, in German like the plant's names. Signed-in users only (the tile's frame
 * sends the session cookie).
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { PRIORITIES } from '../alerts/priorities.ts';
import { STATION_CATALOG, type StationDef } from '../plant/stationCatalog.ts';
import { PUMP_NAME } from '../plant/stationAnalogPvs.ts';
import { esc } from '../visualization/svgParts.ts';

export const MANUAL_PATH = '/Views/Manual/betriebshandbuch.html';

const KIND_NAME: Record<StationDef['kind'], string> = {
  rawWaterPumping: 'Rohwasserpumpwerk',
  waterworks: 'Wasserwerk',
  reservoir: 'Hochbehälter',
  boosterStation: 'Druckerhöhung',
  sewagePumping: 'Abwasserpumpwerk',
  stormwaterTank: 'Regenüberlaufbecken',
  wastewaterTreatment: 'Kläranlage',
  networkMeasuringPoint: 'Messpunkt Rohrnetz',
};

const num = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 2 });

function stationRow(d: StationDef): string {
  const s = d.store;
  const points = s
    ? `${esc(s.name)}: Ein bei ${num(s.start)} ${esc(s.unit)}, Aus bei ${num(s.stop)} ${esc(s.unit)}`
    : '—';
  const pumps =
    d.pumps > 0
      ? `${d.pumps} × ${esc(PUMP_NAME[d.kind])} (${num(d.pumpFlow)} m³/h, ${num(d.pumpPowerKw)} kW)`
      : '—';
  return `<tr><td>${d.nr}</td><td>${esc(d.name)}</td><td>${KIND_NAME[d.kind]}${d.dialUp ? ', Wählverbindung' : ''}</td><td>${pumps}</td><td>${points}</td></tr>`;
}

export function manualHtml(plantName: string): string {
  const priorities = PRIORITIES.map(
    (p) =>
      `<li><span class="prio" style="background:#${(p.color & 0xffffff).toString(16).padStart(6, '0')}"></span><strong>${p.level}</strong> ${esc(p.name)}</li>`,
  ).join('');
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Betriebshandbuch – ${esc(plantName)}</title>
<style>
  body { margin: 0; padding: 1rem 1.25rem 2rem; font: 15px/1.5 system-ui, sans-serif; color: #1e2327; background: #fff; }
  header { border-bottom: 3px solid #2c5a7a; margin-bottom: 1rem; }
  .kicker { margin: 0; color: #4a555c; font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.05em; }
  h1 { margin: 0.1rem 0 0.5rem; font-size: 1.4rem; }
  h2 { margin: 1.5rem 0 0.5rem; font-size: 1.1rem; color: #1f4a66; }
  table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
  th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid #d5dbdf; }
  th { background: #eef2f4; }
  ol, ul { padding-left: 1.4rem; }
  .prios { list-style: none; padding: 0; columns: 2 12rem; }
  .prio { display: inline-block; width: 0.9rem; height: 0.9rem; margin-right: 0.4rem; vertical-align: -0.1rem; border: 1px solid #1e2327; }
  .version { color: #4a555c; font-size: 0.85rem; }
</style>
</head>
<body>
<header>
  <p class="kicker">Betriebshandbuch</p>
  <h1>${esc(plantName)}</h1>
  <p class="version">Gilt für die Leitwarte und die Bereitschaft. Stand der Anlagenliste: wie im Leitsystem.</p>
</header>
<main>
<h2>1 Anlagen und Schaltpunkte</h2>
<table>
<thead><tr><th>Nr.</th><th>Station</th><th>Art</th><th>Pumpen</th><th>Schaltpunkte (Automatik)</th></tr></thead>
<tbody>${STATION_CATALOG.map(stationRow).join('')}</tbody>
</table>
<h2>2 Meldungen und Prioritäten</h2>
<p>Jede Meldung trägt eine Priorität; 0 ist die dringendste. Im Leitsystem steht die Priorität als Form und Zahl an der Meldung, nie als Farbe allein.</p>
<ul class="prios">${priorities}</ul>
<ol>
  <li>Meldung lesen: Station, Messstelle, Grenzwert und Zeit.</li>
  <li>Ursache im Prozessbild der Station prüfen (Füllstand, Pumpen, Störungen).</li>
  <li>Quittieren erst, wenn die Ursache verstanden ist; Priorität 0 und 1 sofort der Bereitschaft melden.</li>
  <li>Steht die Meldung nach 30 Minuten noch an, die Bereitschaft erneut rufen.</li>
</ol>
<h2>3 Pumpen und Schieber bedienen</h2>
<ol>
  <li>Im Prozessbild auf die Pumpe klicken: Rückmeldung (Betrieb) und Befehle (Ein, Aus) erscheinen zusammen.</li>
  <li>Jeder Befehl wird vor dem Senden bestätigt; danach meldet die Anlage, ob sie ihn ausgeführt hat.</li>
  <li>Ein Handbefehl gilt 30 Minuten, danach übernimmt wieder die Automatik.</li>
  <li>Eine gestörte Pumpe läuft nicht an: erst die Störung vor Ort beheben und quittieren.</li>
</ol>
<h2>4 Schichtübergabe</h2>
<ul>
  <li>Anstehende und unquittierte Meldungen durchgehen.</li>
  <li>Handbefehle und gesperrte Pumpen in der Schichtnotiz festhalten.</li>
  <li>Rufbereitschaft prüfen: genau eine Person je Gruppe eingeschaltet.</li>
</ul>
</main>
</body>
</html>
`;
}

export function registerManualRoute(app: FastifyInstance, ctx: ServerContext, plantName: string) {
  app.get(MANUAL_PATH, async (request, reply) => {
    requireUser(ctx, request);
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(manualHtml(plantName));
  });
}
