/**
 * Prints the figures of the simulated plant that must agree across views, per station and
 * day: the daily report's volumes and energy, the archive's integrals of flow and power, the
 * energy page's day, pump flows against the data sheet, and the overflow basins' events
 * against their crest. `npx tsx scripts/plant-figures.ts [yyyy-MM-dd] [--now=ISO]`: the day
 * (default yesterday) of a fresh server whose history ends at `now` (default: now).
 */
import { rmSync } from 'node:fs';
import { formatReportDate, todayIn } from '../src/domain/reportPeriod.ts';
import {
  BASINS,
  PUMP_STATIONS,
  basinFigures,
  dayOf,
  figuresServer,
  stationDayFigures,
} from '../tests/support/plantFigures.ts';

const args = process.argv.slice(2);
const nowArg = args.find((a) => a.startsWith('--now='))?.slice(6);
const now = nowArg ? Date.parse(nowArg) : Date.now();
const { server, dataDir } = await figuresServer(now);
try {
  const zone = server.context.config.plantTimeZone;
  const date =
    args.find((a) => /^\d{4}-\d{2}-\d{2}$/.test(a)) ??
    formatReportDate(Date.parse(todayIn(now, zone)) - 86_400_000);
  const r = (v: number | null, d = 1) => (v === null ? '–' : v.toFixed(d));
  console.log(
    `Day ${date} (history ends ${new Date(now).toISOString()}, seed ${server.context.config.seed})`,
  );
  console.log(
    'st | report flow m³ | archive ∫flow m³ | report counter m³ | page m³ | report kWh | archive ∫P kWh | page kWh | page kWh/m³ | kWh/m³ | max flow/rated m³/h | max pump/data sheet m³/h',
  );
  for (const def of PUMP_STATIONS) {
    const f = await stationDayFigures(server, def, date);
    const ratio =
      f.reportEnergyKwh !== null && f.reportCounterVolumeM3 > 0
        ? f.reportEnergyKwh / f.reportCounterVolumeM3
        : null;
    console.log(
      [
        f.station,
        r(f.reportFlowVolumeM3),
        r(f.archiveFlowIntegralM3),
        r(f.reportCounterVolumeM3),
        r(f.pageVolumeM3),
        r(f.reportEnergyKwh),
        r(f.archivePowerIntegralKwh),
        r(f.pageEnergyKwh),
        r(f.pageKwhPerM3, 3),
        r(ratio, 3),
        `${r(f.maxFlowM3h)}/${f.ratedFlowM3h}`,
        `${r(f.maxPumpFlowM3h)}/${f.datasheetFlowM3h ?? '–'}`,
      ].join(' | '),
    );
  }
  const { end } = dayOf(server, date);
  for (const def of BASINS) {
    const b = await basinFigures(server, def, end - 30 * 86_400_000, end);
    console.log(
      `basin ${b.station}: crest ${b.crestM} m; 30 days: ${b.overflowQuarters} quarter hours over the weir, ` +
        `${r(b.overflowVolumeM3)} m³, lowest level among them ${r(b.lowestLevelWhileOverflowing, 2)} m; ` +
        `${b.events} events, ${b.overflowEvents} overflows, ${b.overflowsBelowCrest} overflows below the crest`,
    );
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
