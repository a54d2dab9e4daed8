/**
 * What a shift lead finds in the simulated plant's first week on `/alerts/performance`
 * (ISA-18.2 / EEMUA 191): one alarm flood after a mains failure at the waterworks, a
 * chattering pressure switch at a booster station, and a pump out of service for days whose
 * failure is still active (a standing alarm). Deterministic from the seed and the history's
 * end. The alert history (`server/alerts/historySeed.ts`), the archive's station histories
 * (`stationHistory.ts`) and the live plant (`processModel.ts`) all follow this one plan, so
 * the alarms, the trends and the station's state now tell one story: pumps off and no flow
 * while the mains are gone, the failed pump stopped in the archive and failed on the station.
 */
import type { LimitType } from '../../src/contract/enums.ts';
import type { EventMessage } from '../../src/contract/eventText.ts';
import { createRandom, type Random } from './random.ts';
import { PUMP_NAME } from './stationAnalogPvs.ts';
import { STATION_CATALOG, type StationDef } from './stationCatalog.ts';

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** The seeded history leaves its last hour free for the live plant. */
const FREE_END_MS = HOUR_MS;

/** The pressure switch that chatters (a DigiIn failure input of every booster station). */
export const PRESSURE_SWITCH_NAME = 'Druckschalter Wassermangel';
/** Medium (3-4): a warning the shift should look at, not a high-priority alarm. */
export const PRESSURE_SWITCH_PRIORITY = 4;
/** Inlet pressure below which the switch opens on its own, bar. */
export const PRESSURE_SWITCH_BAR = 1.0;

/** The findings of the seeded history (PEGEL_HISTORY_FLOOD_*, _CHATTER_BURSTS, _STANDING_HOURS). */
export interface HistoryFindings {
  /** Alarms of the flood after the mains failure; 0: no flood. */
  floodAlarms: number;
  /** Minutes from the mains failure to the flood's last alarm, about. */
  floodMinutes: number;
  /** Hours before the history's end the mains fail. */
  floodHoursAgo: number;
  /** Bursts of the chattering pressure switch over the history; 0: none. */
  chatterBursts: number;
  /** Hours the failed pump has stood before the history's end; 0: no standing alarm. */
  standingHours: number;
}

export const DEFAULT_FINDINGS: HistoryFindings = {
  floodAlarms: 32,
  floodMinutes: 15,
  floodHoursAgo: 38,
  chatterBursts: 6,
  standingHours: 52,
};

export const NO_FINDINGS: HistoryFindings = {
  floodAlarms: 0,
  floodMinutes: 0,
  floodHoursAgo: 0,
  chatterBursts: 0,
  standingHours: 0,
};

/** [from, to) in epoch ms; `to` is Infinity while it lasts. */
export interface Interval {
  from: number;
  to: number;
}

/** What the process model of one station follows (see StationModel). */
export interface StationIncidents {
  mains: Interval[];
  /** Per pump (index as in the catalogue): when its failure input is active. */
  pumps: Interval[][];
  pressureSwitch: Interval[];
  /**
   * When the station's control asks for a pump whatever its store says: the flood's waterworks
   * pumps in the hour before its mains fail and after they return, so the archive shows the
   * flow the outage stopped (the pump failures of the flood say the pumps were running).
   */
  pumping: Interval[];
}

/** One alarm of the plan, named by its station and PV as the plant builds them. */
export interface IncidentAlarm {
  stationNumber: number;
  /** The catalogue's name of the station (a plant of other stations takes none of the plan). */
  stationName: string;
  /** A PV of the station by name (a failure input, or an analogue input with `limit`); null: the station's connection. */
  pv: string | null;
  limit?: LimitType;
  raisedAt: number;
  /** Null while it is still active. */
  clearedAt: number | null;
  ackedAt: number;
  ackedBy: string;
}

/** A system event the plan writes (who acted or what the control system recorded). */
export interface IncidentEvent {
  ts: number;
  user: string | null;
  /** In German; `message` is the same as a key for the reader's language. */
  text: string;
  message: EventMessage;
}

/**
 * A source (with `pv` null a whole station, with `stationNumber` null the whole plant) the
 * random trickle leaves alone for a while.
 */
export interface QuietWindow {
  stationNumber: number | null;
  pv: string | null;
  from: number;
  to: number;
}

export interface PlantIncidents {
  alarms: IncidentAlarm[];
  stations: ReadonlyMap<number, StationIncidents>;
  events: IncidentEvent[];
  quiet: QuietWindow[];
}

export const NO_INCIDENTS: PlantIncidents = {
  alarms: [],
  stations: new Map(),
  events: [],
  quiet: [],
};

export function pumpPvName(def: StationDef, index: number, what: string): string {
  return `${PUMP_NAME[def.kind]} ${index + 1} ${what}`;
}

class Plan {
  readonly alarms: IncidentAlarm[] = [];
  readonly stations = new Map<number, StationIncidents>();
  readonly events: IncidentEvent[] = [];
  readonly quiet: QuietWindow[] = [];

  station(def: StationDef): StationIncidents {
    let s = this.stations.get(def.nr);
    if (!s) {
      s = {
        mains: [],
        pumps: Array.from({ length: def.pumps }, () => []),
        pressureSwitch: [],
        pumping: [],
      };
      this.stations.set(def.nr, s);
    }
    return s;
  }
}

/**
 * The plan of a history of `days` days ending at `anchorMs`; nothing when `days` is 0 (no
 * history, so nothing to find, and the live plant has no failed pump either). Each finding
 * draws from its own random stream: turning one off leaves the others as they were.
 */
export function plantIncidents(options: {
  seed: number;
  anchorMs: number;
  days: number;
  findings: HistoryFindings;
}): PlantIncidents {
  const { seed, anchorMs, days, findings } = options;
  if (days <= 0) return NO_INCIDENTS;
  const plan = new Plan();
  const start = anchorMs - days * 24 * HOUR_MS;
  const flood = STATION_CATALOG.find((s) => s.kind === 'waterworks' && s.pumps > 0);
  let floodSpan: Interval | null = null;
  if (flood && findings.floodAlarms > 0) {
    floodSpan = addFlood(plan, flood, findings, start, anchorMs, createRandom(seed * 31 + 1));
  }
  const booster = STATION_CATALOG.find((s) => s.kind === 'boosterStation');
  if (booster && findings.chatterBursts > 0) {
    addChatter(plan, booster, findings.chatterBursts, start, anchorMs, floodSpan, seed);
  }
  const standing = STATION_CATALOG.find((s) => s.kind === 'wastewaterTreatment' && s.pumps > 1);
  if (standing && findings.standingHours > 0) {
    addStanding(plan, standing, findings.standingHours, anchorMs, createRandom(seed * 31 + 3));
  }
  plan.alarms.sort((a, b) => a.raisedAt - b.raisedAt);
  plan.events.sort((a, b) => a.ts - b.ts);
  return plan;
}

/**
 * The mains of the waterworks fail and flicker: with each drop the mains failure, the low
 * voltage and every pump's motor protection alarm, and the pumps reset when the voltage is
 * back for a few seconds. The last drop lasts; the control system's line goes down with the
 * station's battery. When power returns the pumps reset and restart (inrush currents, a
 * pressure surge in the rising main, turbid filtrate for a few minutes). The shift
 * acknowledges in a few rounds. Returns the span the flood's station is busy.
 */
function addFlood(
  plan: Plan,
  def: StationDef,
  f: HistoryFindings,
  start: number,
  anchorMs: number,
  rnd: Random,
): Interval {
  const total = f.floodAlarms;
  const spanMs = Math.max(2, f.floodMinutes) * MINUTE_MS;
  const latest = anchorMs - FREE_END_MS - spanMs - 10 * MINUTE_MS;
  const wanted = Math.min(Math.max(anchorMs - f.floodHoursAgo * HOUR_MS, start), latest);
  // A minute or three after a 10-minute boundary, so most of it falls in one window.
  const t0 =
    Math.floor(wanted / (10 * MINUTE_MS)) * 10 * MINUTE_MS +
    Math.round(rnd.range(1, 3) * MINUTE_MS);
  const restore = t0 + Math.round(0.75 * spanMs);
  const pumps = def.pumps;
  const perFlicker = 2 + pumps;
  const afterRestore = pumps + 4;
  const flickers = Math.max(1, Math.ceil((total - afterRestore) / perFlicker));
  const gap = (0.4 * spanMs) / flickers;
  // Offsets within a flicker shrink when many flickers share little time.
  const scale = Math.min(1, gap / MINUTE_MS);
  const s = (min: number, max: number) => Math.round(rnd.range(min, max) * SECOND_MS * scale);
  const alarms: IncidentAlarm[] = [];
  const add = (pv: string | null, raisedAt: number, clearedAt: number, limit?: LimitType) =>
    alarms.push({
      stationNumber: def.nr,
      stationName: def.name,
      pv,
      ...(limit ? { limit } : {}),
      raisedAt,
      clearedAt,
      ackedAt: 0,
      ackedBy: 'operator',
    });
  let pumpsReset = restore;
  for (let j = 0; j < flickers; j++) {
    const at = j === 0 ? t0 : Math.round(t0 + j * gap + s(0, 8));
    const last = j === flickers - 1;
    const back = last ? restore : at + s(4, 15);
    add('Netzausfall', at, back);
    add('Netzspannung', at + s(1, 3), back + s(0.5, 1.5), 'Bottom');
    for (let p = 0; p < pumps; p++) {
      const reset = last ? restore + Math.round(rnd.range(20, 60) * SECOND_MS) : back + s(3, 8);
      add(pumpPvName(def, p, 'Störung'), at + s(0.5, 4), reset);
      if (last) pumpsReset = Math.max(pumpsReset, reset);
    }
  }
  const lastDrop = alarms[alarms.length - perFlicker]!.raisedAt;
  add(
    null,
    Math.round(lastDrop + (restore - lastDrop) * rnd.range(0.4, 0.6)),
    restore + Math.round(rnd.range(10, 30) * SECOND_MS),
  );
  // Back on the mains: the pumps restart one after the other after their reset.
  const restartAt = pumpsReset + Math.round(rnd.range(1, 3) * SECOND_MS);
  for (let p = 0; p < pumps; p++) {
    const at = restartAt + p * Math.round(rnd.range(8, 15) * SECOND_MS);
    add(pumpPvName(def, p, 'Motorstrom'), at, at + Math.round(rnd.range(2, 5) * SECOND_MS), 'Top');
  }
  const surge = restartAt + Math.round(rnd.range(5, 15) * SECOND_MS);
  add('Druck Druckleitung', surge, surge + Math.round(rnd.range(20, 60) * SECOND_MS), 'TopMiddle');
  const turbid = restore + Math.round(rnd.range(2, 3) * MINUTE_MS);
  const turbidEnd = turbid + Math.round(rnd.range(6, 10) * MINUTE_MS);
  add('Trübung Filterablauf', turbid, turbidEnd, 'TopMiddle');
  const high = turbid + Math.round(rnd.range(30, 60) * SECOND_MS);
  add('Trübung Filterablauf', high, high + Math.round(rnd.range(2, 4) * MINUTE_MS), 'Top');
  alarms.sort((a, b) => a.raisedAt - b.raisedAt);
  const kept = alarms.slice(0, total);
  // The shift acknowledges in rounds: while the mains are away, after the restart, at the end.
  const lastRaised = kept[kept.length - 1]!.raisedAt;
  const rounds = [
    t0 + Math.round(rnd.range(3, 5) * MINUTE_MS),
    restore + Math.round(rnd.range(1, 2) * MINUTE_MS),
    lastRaised + Math.round(rnd.range(2, 5) * MINUTE_MS),
  ].sort((a, b) => a - b);
  for (const a of kept) {
    a.ackedAt = rounds.find((r) => r >= a.raisedAt + 20 * SECOND_MS) ?? rounds[rounds.length - 1]!;
    if (a.ackedAt < a.raisedAt) a.ackedAt = a.raisedAt + MINUTE_MS;
  }
  plan.alarms.push(...kept);
  // The process model follows the alarms it kept: mains away and pumps failed as they say.
  const model = plan.station(def);
  model.pumping.push({ from: t0 - 90 * MINUTE_MS, to: restore + 30 * MINUTE_MS });
  for (const a of kept) {
    const interval = { from: a.raisedAt, to: a.clearedAt ?? Infinity };
    if (a.pv === 'Netzausfall') model.mains.push(interval);
    for (let p = 0; p < pumps; p++) {
      if (a.pv === pumpPvName(def, p, 'Störung')) model.pumps[p]!.push(interval);
    }
  }
  plan.events.push(
    {
      ts: t0,
      user: null,
      text: `${def.name}: Netzausfall, Pumpen ausgefallen`,
      message: { key: 'mainsFailure', params: { station: def.name } },
    },
    {
      ts: restore,
      user: null,
      text: `${def.name}: Netzspannung wieder da, Pumpen starten`,
      message: { key: 'mainsRestored', params: { station: def.name } },
    },
  );
  const end = Math.max(...kept.map((a) => a.clearedAt ?? a.raisedAt), ...rounds);
  const busy = { from: t0 - 30 * MINUTE_MS, to: end + HOUR_MS };
  plan.quiet.push({ stationNumber: def.nr, pv: null, ...busy });
  // The flood's window opens with the mains failure, not with a stray alarm elsewhere.
  plan.quiet.push({
    stationNumber: null,
    pv: null,
    from: Math.floor(t0 / (10 * MINUTE_MS)) * 10 * MINUTE_MS - 10 * MINUTE_MS,
    to: t0 + 1,
  });
  return busy;
}

/**
 * The suction pressure switch of a booster station chatters now and then: in each burst it
 * opens for a second or few and closes again, three to six times within a minute, and the
 * shift acknowledges the burst's alarms together a few minutes later.
 */
function addChatter(
  plan: Plan,
  def: StationDef,
  bursts: number,
  start: number,
  anchorMs: number,
  avoid: Interval | null,
  seed: number,
): void {
  const rnd = createRandom(seed * 31 + 2);
  const end = anchorMs - FREE_END_MS - 10 * MINUTE_MS;
  const span = end - start;
  const model = plan.station(def);
  for (let k = 0; k < bursts; k++) {
    let at = Math.round(
      start + ((k + 0.5) / bursts) * span + rnd.range(-0.3, 0.3) * (span / bursts),
    );
    if (avoid && at > avoid.from - HOUR_MS && at < avoid.to + HOUR_MS) at = avoid.to + HOUR_MS;
    at = Math.min(Math.max(at, start), end);
    const cycles = rnd.int(3, 6);
    const ackedAt = at + Math.round(rnd.range(3, 10) * MINUTE_MS);
    const ackedBy = rnd.chance(0.5) ? 'operator' : 'maintenance';
    let t = at;
    for (let c = 0; c < cycles; c++) {
      const open = Math.round(rnd.range(1, 4) * SECOND_MS);
      plan.alarms.push({
        stationNumber: def.nr,
        stationName: def.name,
        pv: PRESSURE_SWITCH_NAME,
        raisedAt: t,
        clearedAt: t + open,
        ackedAt,
        ackedBy,
      });
      model.pressureSwitch.push({ from: t, to: t + open });
      t += open + Math.round(rnd.range(4, 14) * SECOND_MS);
    }
    plan.quiet.push({
      stationNumber: def.nr,
      pv: PRESSURE_SWITCH_NAME,
      from: at - 10 * MINUTE_MS,
      to: ackedAt + 10 * MINUTE_MS,
    });
  }
}

/**
 * The last pump of the treatment plant's inlet pumping station failed days ago and waits for
 * its repair: its failure input stays active (the live plant keeps it failed), acknowledged
 * by maintenance, never cleared: a standing alarm on every screen.
 */
function addStanding(
  plan: Plan,
  def: StationDef,
  hours: number,
  anchorMs: number,
  rnd: Random,
): void {
  const pump = def.pumps - 1;
  const since = anchorMs - Math.round((hours + rnd.range(0, 0.5)) * HOUR_MS);
  const pv = pumpPvName(def, pump, 'Störung');
  const ackedAt = since + Math.round(rnd.range(4, 12) * MINUTE_MS);
  plan.alarms.push({
    stationNumber: def.nr,
    stationName: def.name,
    pv,
    raisedAt: since,
    clearedAt: null,
    ackedAt,
    ackedBy: 'maintenance',
  });
  plan.station(def).pumps[pump]!.push({ from: since, to: Infinity });
  plan.events.push({
    ts: ackedAt + Math.round(rnd.range(10, 30) * MINUTE_MS),
    user: 'maintenance',
    text: `${def.name}: ${PUMP_NAME[def.kind]} ${pump + 1} außer Betrieb, Instandsetzung beauftragt`,
    message: {
      key: 'pumpOutOfService',
      params: { station: def.name, pump: `${PUMP_NAME[def.kind]} ${pump + 1}` },
    },
  });
  plan.quiet.push({ stationNumber: def.nr, pv, from: since - 2 * HOUR_MS, to: Infinity });
}
