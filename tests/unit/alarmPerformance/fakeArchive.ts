/** An alert archive as GET /api/alerts answers it: start <= timestamp <= end, newest first, limit. */
import type { Alert, AlertListResult, AlertQuery } from '../../../src/contract/alerts.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

export interface FakeArchive {
  fetch(query: AlertQuery): Promise<AlertListResult>;
  queries: AlertQuery[];
  rows: Alert[];
}

export function fakeArchive(rows: Alert[], maxLimit = Infinity): FakeArchive {
  const archive: FakeArchive = {
    rows,
    queries: [],
    async fetch(query) {
      archive.queries.push(query);
      const start = Date.parse(query.start);
      const end = Date.parse(query.end);
      const inRange = archive.rows
        .filter((a) => a.timestamp >= start && a.timestamp <= end)
        .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
      const limit = Math.min(query.limit, maxLimit);
      return {
        alerts: structuredClone(inRange.slice(0, limit)),
        remainingCount: Math.max(0, inRange.length - limit),
      };
    },
  };
  return archive;
}

const TEXTS = ['Grenzwert überschritten', 'Störung Pumpe', 'Netzausfall', 'Druckschalter'];

/** An alarm row: PV AnaIn `nr`, raised at `timestamp`; overrides for the rest. */
export function alarm(id: number, timestamp: number, overrides: Partial<Alert> = {}): Alert {
  const nr = overrides.pvRef?.nr ?? 100_001;
  return makeAlert(id, {
    timestamp,
    pvRef: { type: 'AnaIn', nr },
    stationNumber: 1,
    stationName: 'Wasserwerk Nord',
    sourceName: `Messung ${nr}`,
    text: TEXTS[0]!,
    priority: 7,
    ...overrides,
  });
}

/** `count` alarms spread evenly over [start, end) on `sources` PVs (deterministic). */
export function spreadAlarms(count: number, start: number, end: number, sources = 200): Alert[] {
  const step = (end - start) / count;
  const rows: Alert[] = [];
  for (let i = 0; i < count; i++) {
    const ts = Math.floor(start + i * step);
    const nr = 100_000 + ((i * 7919) % sources);
    rows.push(
      alarm(i + 1, ts, {
        pvRef: { type: 'AnaIn', nr },
        sourceName: `Messung ${nr}`,
        stationNumber: 1 + (nr % 4),
        text: TEXTS[i % TEXTS.length]!,
        priority: i % 10,
        acknowledgedAt: i % 3 === 0 ? null : ts + 30_000 + (i % 600) * 1000,
        state: i % 3 === 0 ? 'pending' : 'acknowledged',
        acknowledgedBy: i % 3 === 0 ? null : 'operator',
        cleared: i % 5 !== 0,
        clearedAt: i % 5 !== 0 ? ts + 2_000 + (i % 100) * 1000 : null,
      }),
    );
  }
  return rows;
}
