/**
 * Archive timings on this machine: the history fill of a whole plant at first start, a year of
 * day values and a week of raw values of one PV. Run with `npx tsx bench/archive-timing.ts
 * [stations] [extra analogue PVs per station]`; prints the figures, asserts nothing.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/store/db.ts';
import { MetricsRegistry } from '../server/http/metrics.ts';
import type { ServerContext } from '../server/context.ts';
import { createArchive } from '../server/archive/createArchive.ts';
import { ArchiveStore } from '../server/archive/ArchiveStore.ts';
import { ArchivePlant, doubleAt } from '../tests/support/archivePlant.ts';
import { headerAuth } from '../tests/support/chartTestServer.ts';
import { buildServer } from '../server/app.ts';

const stations = Number(process.argv[2] ?? 40);
const extra = Number(process.argv[3] ?? 8);
const DAY_MS = 86_400_000;

/** A server context on a database in `dataDir`, its clock `now` (no sign-in, no HTTP). */
function archiveContext(dataDir: string, now: () => number): ServerContext {
  const config = readConfig({ PEGEL_DATA_DIR: dataDir });
  return {
    config,
    db: openDatabase(config.dataDir),
    metrics: new MetricsRegistry(),
    auth: { userOf: () => null },
    now,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pegel-archive-timing-'));
try {
  const now = Date.now();
  const ctx = archiveContext(dataDir, () => now);
  const { db } = ctx;
  const plant = new ArchivePlant({ stations, extraAnalogPerStation: extra });
  const startT0 = performance.now();
  const archive = createArchive(ctx, plant, { fill: 'lazy' });
  console.log(`first start (lazy fill): ${(performance.now() - startT0).toFixed(1)} ms`);
  // The first read of a station chart fills its PVs' history (lazy mode).
  const lazyT0 = performance.now();
  for (const nr of [100001, 100002, 100101]) archive.pv({ type: 'AnaIn', nr });
  archive.pv({ type: 'DigiIn', nr: 100101 });
  archive.pv({ type: 'ZaehlWert', nr: 1001 });
  console.log(
    `lazy fill of one station chart (4 PVs): ${(performance.now() - lazyT0).toFixed(1)} ms`,
  );
  const fill = archive.fillAll();
  const rows = Object.values(fill.rows).reduce((a, b) => a + b, 0);
  console.log(
    `history fill: ${fill.pvs} PVs, ${rows} rows (${JSON.stringify(fill.rows)}) in ${(fill.ms / 1000).toFixed(2)} s`,
  );

  const level = archive.pv({ type: 'AnaIn', nr: 100001 })!;
  const time = (label: string, run: () => number): void => {
    const samples: number[] = [];
    let n = 0;
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      n = run();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const median = samples[samples.length >> 1]!;
    console.log(
      `${label}: ${n} points, median ${median.toFixed(2)} ms, first ${samples[0]!.toFixed(2)} ms`,
    );
  };
  time(
    'year of day values (Mittelwert)',
    () => archive.points(level, 'DayValues', 'Mittelwert', now - 365 * DAY_MS, now).t.length,
  );
  time(
    'five weeks of quarter-hour values (Maxwert)',
    () => archive.points(level, 'QuarterHourValues', 'Maxwert', now - 35 * DAY_MS, now).t.length,
  );

  // The generated history holds 3 days of raw values; a week of minute values is written for
  // one more PV so the week query reads what a week of live archiving leaves behind.
  const store = new ArchiveStore(db);
  const weekPv = store.pv('ai999999', 'analog');
  db.transaction(() => {
    for (let t = now - 7 * DAY_MS; t < now; t += 60_000) store.insertRaw(weekPv.id, t, Math.sin(t));
  })();
  time('week of raw values', () => store.readRaw(weekPv.id, now - 7 * DAY_MS, now).t.length);

  archive.close();
  db.pragma('wal_checkpoint(TRUNCATE)');
  await overHttp(join(dataDir, 'http'));
  loadMode(dataDir, now);
  db.close();
  const size = statSync(join(dataDir, 'pegel.sqlite')).size;
  console.log(`database: ${(size / 1024 / 1024).toFixed(1)} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The same two queries through the chart routes: JSON, validation and HTTP included. */
async function overHttp(dir: string): Promise<void> {
  const config = readConfig({
    PEGEL_DATA_DIR: dir,
    PEGEL_DIST_DIR: join(dir, 'no-dist'),
    PEGEL_LOG_LEVEL: 'error',
  });
  const now = Date.now();
  const server = await buildServer(config, {
    plant: new ArchivePlant({ stations: 3 }),
    auth: headerAuth,
    now: () => now,
  });
  const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const end = server.archive!.historyEnd;
  const level = server.archive!.pv({ type: 'AnaIn', nr: 100001 })!;
  // Four more days of minute values before the generated three: a week of raw values.
  const store = new ArchiveStore(server.context.db);
  server.context.db.transaction(() => {
    for (let t = end - 7 * DAY_MS; t < end - 3 * DAY_MS; t += 60_000)
      store.insertRaw(level.id, t, 2);
  })();
  const timed = async (label: string, path: string, body?: unknown): Promise<void> => {
    const samples: number[] = [];
    let size = 0;
    let points = 0;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          'x-test-user': 'viewer',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      samples.push(performance.now() - t0);
      size = text.length;
      points = (JSON.parse(text) as { points: { t: number[] } }[])[0]!.points.t.length;
    }
    samples.sort((a, b) => a - b);
    console.log(
      `HTTP ${label}: ${points} points, ${(size / 1024).toFixed(0)} KiB, median ${samples[5]!.toFixed(1)} ms`,
    );
  };
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  await timed(
    'year of day values, archive chart (4 series)',
    `/api/charts/data/22?${q({ startDate: end - 365 * DAY_MS, endDate: end, source: 'DayValues' })}`,
  );
  const week = { startDate: end - 7 * DAY_MS, endDate: end, source: 'MeasurementArchive' };
  const series = [{ seriesId: 'a', pv: { type: 'AnaIn', nr: 100001 }, pvSubtype: 'Aktuell' }];
  await timed(
    'week of raw values, full',
    `/api/charts/data/auto?${q({ ...week, maxPoints: 50_000 })}`,
    {
      series,
    },
  );
  await timed('week of raw values, default maxPoints', `/api/charts/data/auto?${q(week)}`, {
    series,
  });
  await server.close();
}

/** A plant of 100,000 archived PVs, every value changing every second (the bench load mode). */
function loadMode(dir: string, start: number): void {
  let now = start;
  const ctx = archiveContext(join(dir, 'load'), () => now);
  const { db } = ctx;
  const plant = new ArchivePlant({ stations: 2000, extraAnalogPerStation: 46 });
  const archive = createArchive(ctx, plant, { fill: 'lazy' });
  const refs = plant.pvRefs();
  const ticks: string[] = [];
  for (let tick = 0; tick < 5; tick++) {
    now = start + tick * 1000;
    const values = refs.map((ref, i) => doubleAt(ref, now, (i + tick) % 10));
    const t0 = performance.now();
    plant.emit(values);
    const t1 = performance.now();
    archive.flush();
    const t2 = performance.now();
    ticks.push(`tick ${(t1 - t0).toFixed(0)} ms + flush ${(t2 - t1).toFixed(0)} ms`);
  }
  const rows = new ArchiveStore(db).countRows();
  console.log(`load mode (${refs.length} PVs, 5 ticks of every value): ${ticks.join(', ')}`);
  console.log(`load mode rows after 5 s: ${JSON.stringify(rows)} (raw capped per flush)`);
  archive.close();
  db.close();
}
