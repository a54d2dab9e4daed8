/**
 * An archive holds only what was measured: a dial-up station that is not connected writes no
 * archive values, neither in the history written at the first start (it ends at the station's
 * last connection) nor live while the station stays unreached — rules DA1, DA2.
 */
import { describe, expect, it } from 'vitest';
import { steppedClock } from '../support/steppedClock.ts';
import { inProcessPerFile } from '../support/serverPerFile.ts';
import type { PvConfig } from '../../src/contract/pv.ts';
import { createRealTimers } from '../../src/domain/timers.ts';

const MINUTE = 60_000;
/** The server's clock, moved with the simulator. */
const clock = steppedClock(Date.UTC(2026, 10, 27, 6, 30, 0), () => plant.server.simulation!);

const plant = inProcessPerFile(
  {},
  {
    build: {
      archive: { spans: { months: 1, quarterHourDays: 2, rawDays: 1, rawIntervalMs: MINUTE } },
      now: () => clock.now,
      hubOptions: { timers: createRealTimers({ unref: true }) },
    },
  },
);

/** The archive's register entry of an archived analogue input of the station. */
const archivedLevel = (station: number) => plant.server.archive.pv(levelOf(station).pvRef)!;

/** An archived analogue input of the station. */
function levelOf(station: number): PvConfig {
  for (const node of plant.server.plant.pvNodes()) {
    if (node.stationNumber !== station) continue;
    for (const ref of node.pvs) {
      const c = plant.server.plant.config(ref);
      if (c?.hasArchiveData && ref.type === 'AnaIn') return c;
    }
  }
  throw new Error(`no archived AnaIn at station ${station}`);
}

const lastTime = (t: number[]) => t.at(-1) ?? null;
type ArchivedPv = ReturnType<typeof archivedLevel>;
/** The raw values archived for the PV from `from` until before `to`. */
const rawPoints = (pv: ArchivedPv, from: number, to: number) =>
  plant.server.archive.points(pv, 'MeasurementArchive', 'Aktuell', from, to);
/** The station on a permanent line whose level the tests compare with. */
const permanentLevel = () =>
  archivedLevel(plant.server.plant.stations().find((s) => !s.dialUp)!.id);

describe('the archive of a dial-up station (an archive holds only what was measured)', () => {
  it('DA1: the history of a station not connected at the start ends at its last connection; a permanent one runs to the start', () => {
    const start = clock.now;
    const dialUp = plant.server.plant.stations().filter((s) => s.dialUp);
    expect(dialUp.length).toBe(6);
    const station = dialUp.find((s) => {
      const live = plant.server.plant.stationLive(s.id)!;
      return live.dialState !== 'Connected' && live.lastConnection! < start - 15 * MINUTE;
    })!;
    expect(station).toBeDefined();
    const lastConnection = plant.server.plant.stationLive(station.id)!.lastConnection!;
    const pv = archivedLevel(station.id);
    const raw = rawPoints(pv, start - 6 * 60 * MINUTE, start);
    expect(raw.t.length).toBeGreaterThan(0);
    // The live value reads 'vor … Minuten' from lastConnection: the archive has nothing after it.
    expect(lastTime(raw.t)!).toBeLessThan(lastConnection);
    expect(lastTime(raw.t)!).toBeGreaterThanOrEqual(lastConnection - MINUTE);
    const quarters = plant.server.archive.points(
      pv,
      'QuarterHourValues',
      'Mittelwert',
      start - 6 * 60 * MINUTE,
      start,
    );
    expect(lastTime(quarters.t)!).toBeLessThanOrEqual(lastConnection);
    expect(quarters.v.every((v) => typeof v === 'number')).toBe(true);

    // A station on a permanent line: its history runs up to the start.
    const otherRaw = rawPoints(permanentLevel(), start - 10 * MINUTE, start);
    expect(lastTime(otherRaw.t)).toBe(start - MINUTE);
  });

  it('DA2: while a dial-up station stays not connected, the live archive writes nothing for it', () => {
    const start = clock.now;
    const station = plant.server.plant
      .stations()
      .filter((s) => s.dialUp)
      .find((s) => plant.server.plant.stationLive(s.id)!.dialState !== 'Connected')!;
    const pv = archivedLevel(station.id);
    // Three minutes, short of any call-in (the first comes after a fifth of 30 minutes at
    // the earliest); the permanent stations' values go on being archived meanwhile.
    clock.advance(3 * MINUTE);
    expect(plant.server.plant.stationLive(station.id)!.dialState).not.toBe('Connected');
    plant.server.archive.flush();
    expect(rawPoints(pv, start, clock.now + 1).t).toEqual([]);
    expect(rawPoints(permanentLevel(), start, clock.now + 1).t.length).toBeGreaterThan(0);
  });
});
