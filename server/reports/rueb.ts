/**
 * Overflow basins (SPEC §3 "Rueb", §7 "Rueb and Sebam"): the basins of the plant are the
 * stations with a basin level ("Füllstand Becken"); an event is a run of quarter hours in
 * which the level rose above the threshold (the basin was in use), found with a gaps-and-
 * islands window query over the quarter-hour archive. Its volume is the overflow counter's
 * increase (or the overflow flow integrated) over the event. Water leaves over the weir only
 * when the basin is full: an event is an overflow when its level reached the crest (the top of
 * the level's range) and a volume left; below the crest the basin only stored water.
 */
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import type { RuebConfigItem, RuebEvent, SebamConfig } from '../../src/contract/reports.ts';
import { QUARTER_HOUR_MS } from '../../src/domain/timeUnits.ts';
import type { Archive } from '../archive/createArchive.ts';
import type { Plant } from '../plant/types.ts';
import type { Db } from '../store/db.ts';

/** Share of the level range above which the basin counts as in use (its weir near). */
const THRESHOLD_SHARE = 0.75;

export function ruebConfigItems(plant: Plant): RuebConfigItem[] {
  const byStation = new Map<number, PvConfig[]>();
  for (const ref of plant.pvRefs()) {
    const c = plant.config(ref);
    if (!c) continue;
    const list = byStation.get(c.stationNumber) ?? [];
    list.push(c);
    byStation.set(c.stationNumber, list);
  }
  const items: RuebConfigItem[] = [];
  for (const station of plant.stations()) {
    const pvs = byStation.get(station.id) ?? [];
    const level = pvs.find(
      (c) => c.pvRef.type === 'AnaIn' && c.hasArchiveData && /Füllstand Becken/.test(c.name),
    );
    if (!level) continue;
    const find = (type: PvRef['type'], name: RegExp) =>
      pvs.find((c) => c.pvRef.type === type && c.hasArchiveData && name.test(c.name))?.pvRef ??
      null;
    const max = level.domainConfig?.max ?? 1;
    items.push({
      stationNumber: station.id,
      name: station.name,
      levelPv: level.pvRef,
      overflowPv: find('AnaIn', /^Entlastung$/),
      overflowVolumePv: find('ZaehlWert', /^Entlastungsmenge$/),
      threshold: Math.round(max * THRESHOLD_SHARE * 100) / 100,
      capacity: null,
    });
  }
  return items;
}

export function sebamConfigs(items: readonly RuebConfigItem[], plant: Plant): SebamConfig[] {
  return items.map((item) => {
    const pvs = plant
      .pvRefs()
      .map((r) => plant.config(r))
      .filter(
        (c): c is PvConfig =>
          !!c &&
          c.stationNumber === item.stationNumber &&
          c.hasArchiveData &&
          /^(Füllstand Becken|Zulauf|Entlastung|Niederschlag|Entlastungsmenge)/.test(c.name),
      )
      .map((c) => c.pvRef);
    return {
      id: item.stationNumber,
      stationNumber: item.stationNumber,
      name: `SEBAM ${item.name}`,
      pvs,
    };
  });
}

/** The archived PVs a basin's events are read from: its level, overflow and overflow volume. */
export function ruebPvs(item: RuebConfigItem): PvRef[] {
  return [item.levelPv, item.overflowPv, item.overflowVolumePv].filter(
    (r): r is PvRef => r !== null,
  );
}

export class RuebEventFinder {
  constructor(
    private readonly db: Db,
    private readonly archive: Archive,
  ) {}

  /** The events of one basin starting in [start, end). */
  events(item: RuebConfigItem, start: number, end: number, now: number): RuebEvent[] {
    this.archive.prepare(ruebPvs(item));
    const level = this.archive.pv(item.levelPv);
    if (!level) return [];
    // Levels are archived with two decimals: the crest reads as itself.
    const crest = (level.config.domainConfig?.max ?? Number.POSITIVE_INFINITY) - 0.005;
    const islands = this.db
      .prepare(
        `WITH q AS (
           SELECT t, vmax, coalesce(vmax > ?, 0) AS used
           FROM archive_quarter_hour WHERE pv = ? AND t >= ? AND t < ?
         ), g AS (
           SELECT t, vmax, used, sum(1 - used) OVER (ORDER BY t) AS grp FROM q
         )
         SELECT min(t) AS start, max(t) + ? AS end, max(vmax) AS maxLevel
         FROM g WHERE used = 1 GROUP BY grp ORDER BY start`,
      )
      .all(item.threshold, level.id, start, end, QUARTER_HOUR_MS) as {
      start: number;
      end: number;
      maxLevel: number | null;
    }[];
    const counter = item.overflowVolumePv ? this.archive.pv(item.overflowVolumePv) : null;
    const flow = item.overflowPv ? this.archive.pv(item.overflowPv) : null;
    const counterSum = counter
      ? this.db.prepare(
          'SELECT sum(total) FROM archive_quarter_hour WHERE pv = ? AND t >= ? AND t < ?',
        )
      : null;
    const flowSum = flow
      ? this.db.prepare(
          `SELECT sum(CASE WHEN n > 0 THEN sum / n * 0.25 END), max(vmax)
           FROM archive_quarter_hour WHERE pv = ? AND t >= ? AND t < ?`,
        )
      : null;
    return islands.map((island) => {
      let volume = 0;
      let peakFlow = 0;
      if (counter && counterSum) {
        volume = (counterSum.pluck().get(counter.id, island.start, island.end) as number) ?? 0;
      }
      if (flow && flowSum) {
        const [v, peak] = flowSum.raw(true).get(flow.id, island.start, island.end) as [
          number | null,
          number | null,
        ];
        if (!counter) volume = v ?? 0;
        peakFlow = peak ?? 0;
      }
      const running = island.end > now;
      return {
        stationNumber: item.stationNumber,
        start: island.start,
        end: running ? null : island.end,
        durationMs: (running ? now : island.end) - island.start,
        volume: Math.round(volume * 10) / 10,
        overflow: (volume > 0 || peakFlow > 0) && (island.maxLevel ?? -Infinity) >= crest,
        maxLevel: island.maxLevel,
      };
    });
  }
}

export function ruebKey(item: RuebConfigItem): string {
  return pvKey(item.levelPv);
}
