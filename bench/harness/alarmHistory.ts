/**
 * A busy plant's alert history for the alarm-performance benches: `count` alarms over
 * `days` days on 2,000 sources, most of them low priority, two in three acknowledged within
 * minutes, most cleared, with a flood (a mains failure) every few days and a chattering
 * switch. Deterministic (a fixed generator), ascending by time.
 */
import type { Alert } from '../../src/contract/alerts.ts';

const TEXTS = ['Grenzwert überschritten', 'Störung', 'Netzausfall', 'Druckschalter ausgelöst'];
const STATIONS = 40;
const SOURCES = 2_000;

export function alarmHistory(count: number, end: number, days = 30, seed = 46): Alert[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const start = end - days * 86_400_000;
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    // One in 20 falls into a flood hour (every third day), the rest anywhere.
    if (rnd() < 0.05) {
      const day = Math.floor(rnd() * Math.floor(days / 3)) * 3;
      times[i] = start + day * 86_400_000 + 14 * 3_600_000 + Math.floor(rnd() * 3_600_000);
    } else times[i] = start + Math.floor(rnd() * (end - start));
  }
  times.sort();
  const rows: Alert[] = new Array<Alert>(count);
  for (let i = 0; i < count; i++) {
    const ts = times[i]!;
    // A skewed source choice: a few bad actors raise most alarms.
    const src = Math.floor(SOURCES * rnd() ** 3);
    const station = 1 + (src % STATIONS);
    const p = rnd();
    const priority = p < 0.05 ? 1 : p < 0.2 ? 3 : 5 + Math.floor(rnd() * 5);
    const acked = rnd() < 0.66;
    const ackedAt = acked ? ts + 10_000 + Math.floor(rnd() * 1_800_000) : null;
    const c = rnd();
    const clearedAt =
      c < 0.02
        ? null
        : c < 0.1
          ? ts + Math.floor(rnd() * 4_000)
          : ts + Math.floor(rnd() * 7_200_000);
    rows[i] = {
      id: i + 1,
      timestamp: ts,
      pvRef: { type: 'AnaIn', nr: station * 100_000 + src },
      source: null,
      stationNumber: station,
      stationName: `Station ${station}`,
      sourceName: `Messung ${src}`,
      text: TEXTS[src % TEXTS.length]!,
      priority,
      state: acked ? 'acknowledged' : 'pending',
      acknowledgedBy: acked ? 'operator' : null,
      acknowledgedAt: ackedAt,
      cleared: clearedAt !== null,
      clearedAt,
    };
  }
  return rows;
}
