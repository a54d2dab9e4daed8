/**
 * The archive list streamed in pieces (AlertArchive.listJson) is the list of `list`, whatever
 * the limit, ties of timestamps and PV filter — rules AJ1, AJ2.
 */
import { describe, expect, it } from 'vitest';
import {
  AlertArchive,
  LIST_PIECE_ROWS,
  type NewAlert,
} from '../../../server/alerts/AlertArchive.ts';
import { openDatabase } from '../../../server/store/db.ts';
import { tempDirPerTest } from '../../support/tempDirs.ts';
import type { AlertListResult } from '../../../src/contract/alerts.ts';

const dataDir = tempDirPerTest('pegel-list-json-');

function archive(): AlertArchive {
  return new AlertArchive(openDatabase(dataDir()));
}

/** `n` alerts, three to a timestamp (ties the pieces must not split wrongly). */
function alerts(n: number): NewAlert[] {
  return Array.from({ length: n }, (_, i) => ({
    timestamp: 1_000_000 + Math.floor(i / 3) * 1000,
    pvRef: { type: 'AnaIn', nr: 100 + (i % 7) },
    source: null,
    stationNumber: 1,
    stationName: 'Pumpwerk "Nord"',
    sourceName: `Quelle ${i}`,
    text: `Grenzwert überschritten \\ ${i}`,
    priority: i % 4,
  }));
}

async function streamed(
  pieces: AsyncIterable<string>,
): Promise<{ list: AlertListResult; count: number }> {
  let text = '';
  let count = 0;
  for await (const piece of pieces) {
    text += piece;
    count++;
  }
  return { list: JSON.parse(text) as AlertListResult, count };
}

describe('streamed archive list', () => {
  it('AJ1: the pieces make the list of list(), below, at and beyond a piece, with ties of timestamps', async () => {
    const a = archive();
    const total = LIST_PIECE_ROWS * 2 + 17;
    a.insertMany(alerts(total));
    const start = 0;
    const end = 10_000_000_000;
    for (const limit of [1, 300, LIST_PIECE_ROWS, LIST_PIECE_ROWS + 1, total, total + 50]) {
      const { list, count } = await streamed(a.listJson(start, end, limit));
      expect(list, `limit ${limit}`).toEqual(a.list(start, end, limit));
      expect(list.alerts.length).toBe(Math.min(limit, total));
      // More than one piece when the list is longer than one: the server breathes between them.
      expect(count > 1).toBe(Math.min(limit, total) > LIST_PIECE_ROWS);
    }
    // A range inside the archive, newest first.
    const { list } = await streamed(a.listJson(1_100_000, 1_500_000, 5000));
    expect(list).toEqual(a.list(1_100_000, 1_500_000, 5000));
    expect(list.remainingCount).toBe(0);
    expect(list.alerts[0]!.timestamp).toBe(1_500_000);
  });

  it('AJ2: with PVs only theirs; with an empty PV list an empty list', async () => {
    const a = archive();
    a.insertMany(alerts(LIST_PIECE_ROWS + 500));
    const pvs = [
      { type: 'AnaIn' as const, nr: 101 },
      { type: 'AnaIn' as const, nr: 104 },
    ];
    const { list } = await streamed(a.listJson(0, 10_000_000_000, 400, pvs));
    expect(list).toEqual(a.list(0, 10_000_000_000, 400, pvs));
    expect(list.alerts.every((x) => x.pvRef?.nr === 101 || x.pvRef?.nr === 104)).toBe(true);
    expect(list.remainingCount).toBeGreaterThan(0);
    expect((await streamed(a.listJson(0, 10_000_000_000, 400, []))).list).toEqual({
      alerts: [],
      remainingCount: 0,
    });
  });
});
