/**
 * Fills the alert archive with N historical alerts at first start (PEGEL_ALERT_ARCHIVE_SEED),
 * for tests and the bench. Deterministic: the same N and clock give the same rows.
 */
import type { PvType } from '../../src/contract/enums.ts';
import type { AlertArchive, NewAlert } from './AlertArchive.ts';

/** Inside the archive's default range (SPEC §9: last 7 days), so a flood is seen whole. */
const SEED_SPAN_MS = 6 * 24 * 60 * 60_000;
const STATIONS = 40;
const TEXTS = [
  'Grenzwert oben überschritten',
  'Grenzwert unten unterschritten',
  'Vorwarnung oben',
  'Vorwarnung unten',
  'Pumpenstörung',
  'Netzausfall',
  'Türkontakt offen',
  'Übertragungsfehler',
];
const NAMES = ['Füllstand', 'Druck', 'Durchfluss', 'Pumpe 1', 'Pumpe 2', 'Trübung', 'Chlor'];

/** A small linear congruential generator so seeds do not depend on Math.random. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

export function seedAlertArchive(archive: AlertArchive, count: number, nowMs: number): void {
  if (count <= 0 || archive.count() > 0) return;
  const rnd = lcg(count);
  function* rows(): Generator<
    NewAlert & { ackedBy: string | null; ackedAt: number | null; clearedAt: number | null }
  > {
    for (let i = 0; i < count; i++) {
      // Spread over the last 6 days, oldest first; the newest are within the last hour.
      const ts =
        nowMs - Math.floor(((count - i) / count) * SEED_SPAN_MS) - Math.floor(rnd() * 1000);
      const station = 1 + Math.floor(rnd() * STATIONS);
      const name = NAMES[Math.floor(rnd() * NAMES.length)]!;
      const text = TEXTS[Math.floor(rnd() * TEXTS.length)]!;
      const type: PvType = rnd() < 0.7 ? 'AnaIn' : 'DigiIn';
      const old = nowMs - ts > 60 * 60_000;
      const acked = old || rnd() < 0.5;
      yield {
        timestamp: ts,
        pvRef: { type, nr: station * 1000 + Math.floor(rnd() * 50) },
        source: null,
        stationNumber: station,
        stationName: `Station ${station}`,
        sourceName: name,
        text: `Station ${station}: ${name} ${text}`,
        priority: Math.floor(rnd() * 10),
        ackedBy: acked ? 'operator' : null,
        ackedAt: acked ? ts + 60_000 : null,
        clearedAt: old ? ts + 120_000 : null,
      };
    }
  }
  archive.insertMany(rows());
}
