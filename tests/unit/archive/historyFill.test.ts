/**
 * The archive's generated history (SPEC §3 data sources, §9 aggregations): which PVs, how
 * far back, consistent levels, the same history for the same seed, and the fill modes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import type { ServerContext } from '../../../server/context.ts';
import { MetricsRegistry } from '../../../server/http/metrics.ts';
import { createArchive, type HistoryFillMode } from '../../../server/archive/createArchive.ts';
import { openDatabase } from '../../../server/store/db.ts';
import { ArchivePlant } from '../../support/archivePlant.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 0);
const DAY = 86_400_000;
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function archiveFor(fill: HistoryFillMode, seed = 1) {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-history-'));
  const config = readConfig({ PEGEL_DATA_DIR: dir, PEGEL_SEED: String(seed) });
  const db = openDatabase(dir);
  const metrics = new MetricsRegistry();
  const ctx: ServerContext = { config, db, metrics, auth: { userOf: () => null }, now: () => NOW };
  const plant = new ArchivePlant({ stations: 1 });
  const archive = createArchive(ctx, plant, { fill });
  cleanups.push(() => {
    archive.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { archive, db, metrics, plant };
}

const LEVEL = { type: 'AnaIn', nr: 100001 } as const;
const COUNTER = { type: 'ZaehlWert', nr: 1001 } as const;

describe('history fill', () => {
  it('HF1: eager fill writes every archived PV and skips PVs without archive data', () => {
    const { archive, db } = archiveFor('eager');
    const keys = db.prepare('SELECT pv_key FROM archive_pv WHERE history_filled = 1').pluck().all();
    expect(keys).toEqual(['ai100001', 'ai100002', 'di100101', 'count1001']);
    expect(archive.pv({ type: 'AnaIn', nr: 100090 })).toBeNull();
  });

  it('HF2: days merge their quarter hours; levels stay in their domain; counters only rise', () => {
    const { archive } = archiveFor('lazy');
    const level = archive.pv(LEVEL)!;
    const day = { start: Date.UTC(2026, 10, 9, 23), end: Date.UTC(2026, 10, 10, 23) };
    const read = (
      source: 'QuarterHourValues' | 'DayValues',
      type: 'Minwert' | 'Maxwert' | 'Mittelwert',
    ) => archive.points(level, source, type, day.start, day.end).v as number[];
    expect(read('QuarterHourValues', 'Mittelwert')).toHaveLength(96);
    expect(read('DayValues', 'Minwert')[0]).toBe(Math.min(...read('QuarterHourValues', 'Minwert')));
    expect(read('DayValues', 'Maxwert')[0]).toBe(Math.max(...read('QuarterHourValues', 'Maxwert')));
    const qhMeans = read('QuarterHourValues', 'Mittelwert');
    expect(read('DayValues', 'Mittelwert')[0]).toBeCloseTo(qhMeans.reduce((a, b) => a + b) / 96, 9);
    const raw = archive.points(level, 'MeasurementArchive', 'Aktuell', NOW - 3 * DAY, NOW)
      .v as number[];
    expect(raw).toHaveLength(3 * 1440);
    expect(raw.every((v) => v >= 0 && v <= 5)).toBe(true);
    expect(new Set(raw).size).toBeGreaterThan(100);
    const counter = archive.pv(COUNTER)!;
    const readings = archive.points(counter, 'DayValues', 'Aktuell', 0, NOW).v as number[];
    expect(readings.length).toBeGreaterThan(390);
    expect(readings.every((v, i) => i === 0 || v > readings[i - 1]!)).toBe(true);
  });

  it('HF2b: the history ends at the plant value at its end, levels and counters alike', () => {
    const { archive, plant } = archiveFor('lazy');
    plant.emit([
      {
        pvRef: LEVEL,
        typeOfValue: 'DoubleValue',
        doubleValue: 4.2,
        quality: 'Good',
        timestamp: NOW,
      },
      {
        pvRef: COUNTER,
        typeOfValue: 'CounterValue',
        counterValue: { value: 5_000_000, resetable: false, day: 0, month: 0, year: 0 },
        quality: 'Good',
        timestamp: NOW,
      },
    ]);
    const raw = archive.points(
      archive.pv(LEVEL)!,
      'MeasurementArchive',
      'Aktuell',
      NOW - 3 * DAY,
      NOW,
    ).v as number[];
    // The last minute of history meets the live value; three days back it is the generated curve.
    expect(raw.at(-1)).toBeCloseTo(4.2, 1);
    expect(raw.every((v) => v >= 0 && v <= 5)).toBe(true);
    const counter = archive.points(
      archive.pv(COUNTER)!,
      'MeasurementArchive',
      'Aktuell',
      NOW - DAY,
      NOW,
    ).v as number[];
    expect(counter.at(-1)! / 5_000_000).toBeCloseTo(1, 3);
    expect(counter.every((v, i) => i === 0 || v >= counter[i - 1]!)).toBe(true);
  });

  it('HF3: the same seed gives the same history, another seed another one', () => {
    const read = (seed: number) => {
      const { archive } = archiveFor('lazy', seed);
      const v = archive.points(archive.pv(LEVEL)!, 'DayValues', 'Mittelwert', 0, NOW).v;
      return v;
    };
    const a = read(7);
    expect(read(7)).toEqual(a);
    expect(read(8)).not.toEqual(a);
  });

  it('HF4: background fill completes one PV per turn of the event loop', async () => {
    const { metrics } = archiveFor('background');
    const filled = async () =>
      /pegel_archive_history_filled_pvs (\d+)/.exec(await metrics.render())?.[1];
    expect(await filled()).toBe('0');
    for (let i = 0; i < 200 && (await filled()) !== '4'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await filled()).toBe('4');
  });
});
