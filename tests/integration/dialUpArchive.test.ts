/**
 * An archive holds only what was measured: a dial-up station that is not connected writes no
 * archive values, neither in the history written at the first start (it ends at the station's
 * last connection) nor live while the station stays unreached — rules DA1, DA2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PlantServer } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import type { PvConfig } from '../../src/contract/pv.ts';
import { createRealTimers } from '../../src/domain/timers.ts';

const MINUTE = 60_000;
let server: PlantServer;
let dataDir: string;
let clock = Date.UTC(2026, 10, 27, 6, 30, 0);

function advance(ms: number) {
  for (let left = ms; left > 0; left -= 1000) {
    clock += Math.min(1000, left);
    server.simulation!.step(Math.min(1000, left));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pegel-dialarchive-'));
  server = await buildServer(
    readConfig({
      PEGEL_DATA_DIR: dataDir,
      PEGEL_DIST_DIR: join(dataDir, 'dist'),
      PEGEL_HISTORY_DAYS: '0',
    }),
    {
      manualPlant: true,
      archive: { spans: { months: 1, quarterHourDays: 2, rawDays: 1, rawIntervalMs: MINUTE } },
      now: () => clock,
      hubOptions: { timers: createRealTimers({ unref: true }) },
    },
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An archived analogue input of the station. */
function levelOf(station: number): PvConfig {
  for (const node of server.plant.pvNodes()) {
    if (node.stationNumber !== station) continue;
    for (const ref of node.pvs) {
      const c = server.plant.config(ref);
      if (c?.hasArchiveData && ref.type === 'AnaIn') return c;
    }
  }
  throw new Error(`no archived AnaIn at station ${station}`);
}

const lastTime = (t: number[]) => t.at(-1) ?? null;

describe('the archive of a dial-up station (an archive holds only what was measured)', () => {
  it('DA1: the history of a station not connected at the start ends at its last connection; a permanent one runs to the start', () => {
    const start = clock;
    const dialUp = server.plant.stations().filter((s) => s.dialUp);
    expect(dialUp.length).toBe(6);
    const station = dialUp.find((s) => {
      const live = server.plant.stationLive(s.id)!;
      return live.dialState !== 'Connected' && live.lastConnection! < start - 15 * MINUTE;
    })!;
    expect(station).toBeDefined();
    const lastConnection = server.plant.stationLive(station.id)!.lastConnection!;
    const level = levelOf(station.id);
    const pv = server.archive.pv(level.pvRef)!;
    const raw = server.archive.points(
      pv,
      'MeasurementArchive',
      'Aktuell',
      start - 6 * 60 * MINUTE,
      start,
    );
    expect(raw.t.length).toBeGreaterThan(0);
    // The live value reads 'vor … Minuten' from lastConnection: the archive has nothing after it.
    expect(lastTime(raw.t)!).toBeLessThan(lastConnection);
    expect(lastTime(raw.t)!).toBeGreaterThanOrEqual(lastConnection - MINUTE);
    const quarters = server.archive.points(
      pv,
      'QuarterHourValues',
      'Mittelwert',
      start - 6 * 60 * MINUTE,
      start,
    );
    expect(lastTime(quarters.t)!).toBeLessThanOrEqual(lastConnection);
    expect(quarters.v.every((v) => typeof v === 'number')).toBe(true);

    // A station on a permanent line: its history runs up to the start.
    const permanent = server.plant.stations().find((s) => !s.dialUp)!;
    const other = server.archive.pv(levelOf(permanent.id).pvRef)!;
    const otherRaw = server.archive.points(
      other,
      'MeasurementArchive',
      'Aktuell',
      start - 10 * MINUTE,
      start,
    );
    expect(lastTime(otherRaw.t)).toBe(start - MINUTE);
  });

  it('DA2: while a dial-up station stays not connected, the live archive writes nothing for it', () => {
    const start = clock;
    const station = server.plant
      .stations()
      .filter((s) => s.dialUp)
      .find((s) => server.plant.stationLive(s.id)!.dialState !== 'Connected')!;
    const pv = server.archive.pv(levelOf(station.id).pvRef)!;
    // Three minutes, short of any call-in (the first comes after a fifth of 30 minutes at
    // the earliest); the permanent stations' values go on being archived meanwhile.
    advance(3 * MINUTE);
    expect(server.plant.stationLive(station.id)!.dialState).not.toBe('Connected');
    server.archive.flush();
    const raw = server.archive.points(pv, 'MeasurementArchive', 'Aktuell', start, clock + 1);
    expect(raw.t).toEqual([]);
    const permanent = server.plant.stations().find((s) => !s.dialUp)!;
    const other = server.archive.pv(levelOf(permanent.id).pvRef)!;
    expect(
      server.archive.points(other, 'MeasurementArchive', 'Aktuell', start, clock + 1).t.length,
    ).toBeGreaterThan(0);
  });
});
