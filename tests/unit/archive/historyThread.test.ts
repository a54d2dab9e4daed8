/**
 * History for reads off the event loop (issue 58 item 5): a station's model runs in the
 * archive's history thread, the rows it returns are written in slices, and the archive then
 * holds the same history as a fill in line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PvRef } from '../../../src/contract/pv.ts';
import { readConfig } from '../../../server/config.ts';
import type { ServerContext } from '../../../server/context.ts';
import { MetricsRegistry } from '../../../server/http/metrics.ts';
import {
  createArchive,
  type ArchiveOptions,
  type ArchiveTimers,
} from '../../../server/archive/createArchive.ts';
import { ArchiveStore } from '../../../server/archive/ArchiveStore.ts';
import { archiveKindOf } from '../../../server/archive/archivedValue.ts';
import { historyPlan } from '../../../server/archive/historyFill.ts';
import { runStationHistory, writeStationRows } from '../../../server/archive/stationHistoryJob.ts';
import { DEFAULT_FINDINGS } from '../../../server/plant/incidents.ts';
import { openDatabase } from '../../../server/store/db.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import { makePlant, START } from '../plant/plantFixtures.ts';

const DAY = 86_400_000;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const plant = makePlant();

function archive(options: ArchiveOptions = { fill: 'lazy' }) {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-history-thread-'));
  const config = readConfig({ PEGEL_DATA_DIR: dir, PEGEL_SEED: '7', PEGEL_HISTORY_DAYS: '7' });
  const db = openDatabase(dir);
  const metrics = new MetricsRegistry({ defaults: false });
  const ctx: ServerContext = {
    config,
    db,
    metrics,
    auth: { userOf: () => null },
    now: () => START,
  };
  const a = createArchive(ctx, plant, options);
  cleanups.push(() => {
    a.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return a;
}

/** The archived PVs of one station. */
function archived(station: number): PvRef[] {
  return plant
    .pvNodes()
    .find((n) => n.stationNumber === station)!
    .pvs.filter((r) => plant.config(r)?.hasArchiveData);
}

describe('history thread', () => {
  it('HT1: a read of a station history is computed in the thread while the event loop turns, and equals the fill in line', async () => {
    const all = archived(1);
    const counter = all.find((r) => r.type === 'ZaehlWert');
    expect(counter).toBeDefined();
    const refs: PvRef[] = [...all.slice(0, 6), counter!];

    const threaded = archive();
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await threaded.prepareOffThread(refs);
    ticking = false;
    expect(threaded.threadJobs).toBe(1);
    // The loop went on while the model ran and the rows went in, slice by slice.
    expect(turns).toBeGreaterThan(10);
    for (const ref of refs) expect(threaded.hasHistory(ref)).toBe(true);
    // A second read finds them filled: no second job.
    await threaded.prepareOffThread(refs);
    expect(threaded.threadJobs).toBe(1);

    const inLine = archive();
    inLine.prepare(refs);
    for (const ref of refs) {
      const a = threaded.pv(ref)!;
      const b = inLine.pv(ref)!;
      for (const source of ['MeasurementArchive', 'QuarterHourValues', 'DayValues'] as const)
        expect(threaded.points(a, source, 'Aktuell', START - 40 * DAY, START)).toEqual(
          inLine.points(b, source, 'Aktuell', START - 40 * DAY, START),
        );
    }
    expect(inLine.threadJobs).toBe(0);
  });

  it('HT2: reads of the same station at once share one job', async () => {
    const a = archive();
    const level = archived(3)[0]!;
    await Promise.all([a.prepareOffThread([level]), a.prepareOffThread([level])]);
    expect(a.threadJobs).toBe(1);
    expect(a.hasHistory(level)).toBe(true);
  });

  it('HT3: reads of several stations at once each end with the history a fill in line writes', async () => {
    const refs = [1, 3, 5].map((station) => archived(station).slice(0, 4));
    const threaded = archive();
    await Promise.all(refs.map((r) => threaded.prepareOffThread(r)));
    expect(threaded.threadJobs).toBe(3);
    const inLine = archive();
    for (const r of refs) inLine.prepare(r);
    for (const ref of refs.flat()) {
      expect(threaded.hasHistory(ref)).toBe(true);
      const a = threaded.pv(ref)!;
      const b = inLine.pv(ref)!;
      for (const source of ['MeasurementArchive', 'QuarterHourValues', 'DayValues'] as const)
        expect(threaded.points(a, source, 'Mittelwert', START - 40 * DAY, START)).toEqual(
          inLine.points(b, source, 'Mittelwert', START - 40 * DAY, START),
        );
    }
  });

  it('HT4: rows written in slices of 32 are the rows written in one go, counters shifted alike', () => {
    const all = archived(1);
    const counter = all.find((r) => r.type === 'ZaehlWert')!;
    const refs = [...all.slice(0, 3), counter];
    const keys = refs.map(pvKey);
    const kinds = refs.map((r) => archiveKindOf(plant.config(r)!));
    const counters = kinds.map((k) => k === 'counter');
    expect(counters).toEqual([false, false, false, true]);
    const plan = historyPlan(
      START,
      { months: 1, quarterHourDays: 2, rawDays: 1, rawIntervalMs: 60_000 },
      'Europe/Berlin',
    );
    const rows = runStationHistory({
      station: 1,
      seed: 7,
      startTime: plan.days[0]!,
      failuresPerPumpHour: 0.02,
      incidents: { seed: 7, anchorMs: START, days: 7, findings: DEFAULT_FINDINGS },
      plan,
      keys,
      counters,
      until: Infinity,
    });
    const dir = mkdtempSync(join(tmpdir(), 'pegel-history-slices-'));
    const db = openDatabase(dir);
    cleanups.push(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const store = new ArchiveStore(db);
    const write = (prefix: string, sliceMs: number): { ids: number[]; slices: number } => {
      const ids = keys.map((k, i) => store.pv(`${prefix}${k}`, kinds[i]!).id);
      const writer = writeStationRows(store, rows, ids, counters, () => 1_000, sliceMs);
      let slices = 0;
      let done = false;
      const slice = db.transaction(() => {
        done = writer.next().done === true;
      });
      while (!done) {
        slice();
        slices++;
      }
      return { ids, slices };
    };
    const sliced = write('sliced:', 0);
    const whole = write('whole:', Infinity);
    const rowCount = rows.raw.length / 3;
    expect(whole.slices).toBe(1);
    expect(sliced.slices).toBeGreaterThan(rowCount / 32);
    const from = START - 60 * DAY;
    for (let i = 0; i < keys.length; i++) {
      const a = sliced.ids[i]!;
      const b = whole.ids[i]!;
      const raw = store.readRaw(a, from, START);
      expect(raw.t.length).toBeGreaterThan(1_000);
      expect(raw).toEqual(store.readRaw(b, from, START));
      const kind = kinds[i]!;
      for (const level of ['quarterHour', 'day', 'month'] as const)
        for (const type of ['Mittelwert', 'Minwert', 'Maxwert', 'Aktuell'] as const)
          expect(store.readAggregate(level, kind, type, a, from, START)).toEqual(
            store.readAggregate(level, kind, type, b, from, START),
          );
    }
  });

  it('HT5: a read, fillSoon and the background fill share the slice queue: never two slices in one turn, and every history ends written', async () => {
    // The archive's immediates, run by hand: all those queued before a turn run in it, as in
    // Node's check phase. Two waiting at once would be two slices back to back.
    const queued: (() => void)[] = [];
    let mostWaiting = 0;
    const timers: ArchiveTimers = {
      setInterval: () => null,
      clearInterval: () => {},
      setImmediate: (fn) => {
        queued.push(fn);
        mostWaiting = Math.max(mostWaiting, queued.length);
        return fn;
      },
      clearImmediate: () => {},
    };
    const a = archive({
      fill: 'background',
      timers,
      // A short history: the test is about who writes when, not how much.
      spans: { months: 1, quarterHourDays: 2, rawDays: 1, rawIntervalMs: 60_000 },
    });
    const all = plant
      .pvNodes()
      .flatMap((n) => n.pvs)
      .filter((r) => plant.config(r)?.hasArchiveData);
    const read = a.prepareOffThread(archived(3).slice(0, 4));
    a.fillSoon(archived(5).slice(0, 2));
    expect(a.fillsPending()).toBe(true);
    let readDone = false;
    void read.then(() => (readDone = true));
    let turns = 0;
    while (!readDone || a.fillsPending() || !all.every((r) => a.hasHistory(r))) {
      const now = queued.splice(0);
      for (const fn of now) fn();
      turns += now.length;
      // The thread's replies and the promises after each slice.
      await new Promise((resolve) => setTimeout(resolve, now.length > 0 ? 0 : 1));
    }
    expect(mostWaiting).toBe(1);
    expect(turns).toBeGreaterThan(12);
    // Every station of the simulated plant through the thread, none in line.
    expect(a.threadJobs).toBeGreaterThanOrEqual(12);
    // Twelve stations' models in the thread: up to a minute on a machine shared with other work.
  }, 60_000);
});
