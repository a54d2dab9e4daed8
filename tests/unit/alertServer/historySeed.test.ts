/**
 * A plant that alarms as a real one does: the first start's week of history — rules HI1, HI2;
 * and what a shift lead finds in it on /alerts/performance (issue 46) — HI3-HI7.
 */
import { describe, expect, it } from 'vitest';
import { seedHistory } from '../../../server/alerts/historySeed.ts';
import { readConfig } from '../../../server/config.ts';
import {
  DEFAULT_FINDINGS,
  PRESSURE_SWITCH_NAME,
  plantIncidents,
  type HistoryFindings,
} from '../../../server/plant/incidents.ts';
import { StationHistoryRun } from '../../../server/plant/stationHistory.ts';
import { STATION_CATALOG } from '../../../server/plant/stationCatalog.ts';
import type { Alert } from '../../../src/contract/alerts.ts';
import {
  busiestAlignedWindow,
  chattering,
  floodOpener,
  inTenMinutes,
  standing,
} from '../../support/alarmFindings.ts';
import { makePlant, START, weekOfIncidents } from '../plant/plantFixtures.ts';
import { archivesPerTest } from './archives.ts';

const archives = archivesPerTest('pegel-history-');

describe('history of the first start', () => {
  it("HI1: seven days of the plant's own alarms, acknowledged and gone, with their control events and the shift sign-ins", () => {
    const { db, alerts, events } = archives();
    const plant = makePlant();
    const result = seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed: 1 });
    // About three an hour: 7 × 24 × 3 ≈ 500.
    expect(result.alerts).toBeGreaterThan(300);
    expect(result.alerts).toBeLessThan(750);
    const list = alerts.list(START - 8 * 86_400_000, START, 10_000).alerts;
    expect(list).toHaveLength(result.alerts);
    const names = new Set(plant.stations().map((s) => s.name));
    for (const a of list) {
      expect(names.has(a.stationName)).toBe(true);
      expect(plant.config(a.pvRef!)).toBeDefined();
      expect(a.state).toBe('acknowledged');
      expect(a.cleared).toBe(true);
      expect(a.timestamp).toBeLessThanOrEqual(START - 3_600_000);
    }
    // Nothing is current: the live list starts with what the running plant raises.
    expect(alerts.current()).toHaveLength(0);
    const controls = events.controlEvents(START - 8 * 86_400_000, START, 10_000);
    expect(controls.events.length).toBe(result.alerts);
    const system = events.systemEvents(START - 8 * 86_400_000, START, 10_000);
    expect(system.events.filter((e) => e.category === 'Login').length).toBeGreaterThanOrEqual(20);
    db.close();
  });

  it('HI2: a second start, or days 0, writes nothing', () => {
    const { db, alerts, events } = archives();
    const plant = makePlant();
    expect(seedHistory({ plant, alerts, events, nowMs: START, days: 0, seed: 1 }).alerts).toBe(0);
    const first = seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed: 1 });
    expect(first.alerts).toBeGreaterThan(0);
    expect(seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed: 1 })).toEqual({
      alerts: 0,
      events: 0,
    });
    db.close();
  });
});

const DAY = 86_400_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The seeded history of a plant with `findings`, oldest first, and its events. */
function seeded(findings: HistoryFindings, seed = 1) {
  const { db, alerts, events } = archives();
  const plant = makePlant();
  seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed, findings });
  const list = alerts.list(START - 30 * DAY, START, 100_000).alerts.reverse();
  const current = alerts.current();
  const system = events.systemEvents(START - 30 * DAY, START, 10_000).events;
  db.close();
  return { list, current, system };
}

const strip = (list: readonly Alert[]) => list.map(({ id: _id, ...rest }) => rest);

describe('what the first week holds to find (issue 46)', () => {
  it('HI3: a flood after a mains failure: more than 10 alarms within 10 minutes of the Netzausfall, acknowledged by the shift, cleared when power returns', () => {
    const { list, system } = seeded(DEFAULT_FINDINGS);
    const flood = floodOpener(list);
    expect(flood, 'a 10-minute span with more than 10 alarms').not.toBeNull();
    const { first, count } = flood!;
    expect(first.text).toBe('Wasserwerk Talaue: Netzausfall');
    expect(first.priority).toBeLessThanOrEqual(2);
    expect(count).toBeGreaterThanOrEqual(20);
    // In the page's wall-clock windows too, not only from its first alarm on.
    expect(busiestAlignedWindow(list)).toBeGreaterThan(20);
    // The flood is of the waterworks: its alarms, over about the configured minutes.
    const flooded = list.filter(
      (a) =>
        a.stationNumber === first.stationNumber &&
        a.timestamp >= first.timestamp &&
        a.timestamp < first.timestamp + 30 * MINUTE,
    );
    expect(flooded).toHaveLength(DEFAULT_FINDINGS.floodAlarms);
    const span = flooded.at(-1)!.timestamp - first.timestamp;
    expect(span).toBeGreaterThan(10 * MINUTE);
    expect(span).toBeLessThan(20 * MINUTE);
    const texts = new Set(flooded.map((a) => a.text));
    for (const t of ['Filterpumpe 1 Störung', 'Netzspannung zu niedrig', 'Verbindungsstörung'])
      expect(
        [...texts].some((x) => x.includes(t)),
        t,
      ).toBe(true);
    for (const a of flooded) {
      expect(a.state).toBe('acknowledged');
      expect(a.acknowledgedAt!).toBeGreaterThan(a.timestamp);
      expect(a.cleared).toBe(true);
    }
    // The last Netzausfall clears when power returns; so do the failures it caused.
    const mains = flooded.filter((a) => a.text.endsWith('Netzausfall'));
    const back = mains.at(-1)!.clearedAt!;
    for (const a of flooded.filter(
      (x) => x.text.includes('Störung') && x.timestamp > mains.at(-1)!.timestamp,
    ))
      expect(a.clearedAt!).toBeGreaterThanOrEqual(back);
    expect(system.map((e) => e.text)).toContain(
      'Wasserwerk Talaue: Netzausfall, Pumpen ausgefallen',
    );
  });

  it('HI4: a chattering pressure switch: the same alarm 3 or more times in a minute, in several bursts over the week, each gone within seconds', () => {
    const { list } = seeded(DEFAULT_FINDINGS);
    const chatter = chattering(list).filter((c) => c.text.includes(PRESSURE_SWITCH_NAME));
    expect(chatter).toHaveLength(1);
    expect(chatter[0]!.bursts).toBeGreaterThanOrEqual(DEFAULT_FINDINGS.chatterBursts - 1);
    expect(chatter[0]!.fleeting).toBeGreaterThanOrEqual(3 * chatter[0]!.bursts);
    expect(chatter[0]!.priority).toBeGreaterThanOrEqual(3);
    // Nothing else chatters: the finding is the switch.
    expect(chattering(list).filter((c) => !c.text.includes(PRESSURE_SWITCH_NAME))).toEqual([]);
  });

  it('HI5: a standing alarm: a pump failure active for over 24 h, acknowledged, not cleared, the one alert of the current list', () => {
    const { list, current } = seeded(DEFAULT_FINDINGS);
    const stand = standing(list, START);
    expect(stand).toHaveLength(1);
    expect(stand[0]).toMatchObject({
      text: 'Kläranlage Talaue: Zulaufpumpe 3 Störung',
      state: 'acknowledged',
      cleared: false,
    });
    expect(START - stand[0]!.timestamp).toBeGreaterThan(DEFAULT_FINDINGS.standingHours * 3_600_000);
    expect(current.map((a) => a.id)).toEqual([stand[0]!.id]);
    // The trickle does not raise that pump's failure again while it stands.
    const again = list.filter(
      (a) => a.text === stand[0]!.text && a.timestamp > stand[0]!.timestamp,
    );
    expect(again).toEqual([]);
  });

  it('HI6: each finding turns off on its own and leaves the others as they were', () => {
    const all = seeded(DEFAULT_FINDINGS).list;
    const noFlood = seeded({ ...DEFAULT_FINDINGS, floodAlarms: 0 }).list;
    expect(floodOpener(noFlood)).toBeNull();
    expect(chattering(noFlood)).toHaveLength(1);
    expect(standing(noFlood, START)).toHaveLength(1);
    const noChatter = seeded({ ...DEFAULT_FINDINGS, chatterBursts: 0 }).list;
    expect(chattering(noChatter)).toEqual([]);
    expect(floodOpener(noChatter)!.first.text).toBe('Wasserwerk Talaue: Netzausfall');
    const noStanding = seeded({ ...DEFAULT_FINDINGS, standingHours: 0 });
    expect(standing(noStanding.list, START)).toEqual([]);
    expect(noStanding.current).toEqual([]);
    // The flood of the full history is the same alarms with one finding less.
    const floodOf = (list: readonly Alert[]) => {
      const { first } = floodOpener(list)!;
      return strip(inTenMinutes(list, first.timestamp));
    };
    expect(floodOf(noStanding.list)).toEqual(floodOf(all));
    // Size and length of the flood follow the options.
    const small = seeded({ ...DEFAULT_FINDINGS, floodAlarms: 14, floodMinutes: 10 }).list;
    const opener = floodOpener(small)!;
    const ofFlood = small.filter(
      (a) =>
        a.stationNumber === opener.first.stationNumber &&
        a.timestamp >= opener.first.timestamp &&
        a.timestamp < opener.first.timestamp + 30 * MINUTE,
    );
    expect(ofFlood).toHaveLength(14);
    expect(ofFlood.at(-1)!.timestamp - opener.first.timestamp).toBeLessThan(15 * MINUTE);
  });

  it('HI7: deterministic from the seed: the same seed writes the same history, another seed another one', () => {
    const a = seeded(DEFAULT_FINDINGS, 1).list;
    const b = seeded(DEFAULT_FINDINGS, 1).list;
    expect(strip(b)).toEqual(strip(a));
    const c = seeded(DEFAULT_FINDINGS, 2).list;
    expect(strip(c)).not.toEqual(strip(a));
    expect(floodOpener(c)!.first.text).toBe('Wasserwerk Talaue: Netzausfall');
  });

  it("HI8: the station's archived history follows the plan: pumps off, no flow, no power while the mains are away; the failed pump stands still to the end", () => {
    const incidents = weekOfIncidents(1);
    const outage = incidents.stations.get(2)!.mains.at(-1)!;
    expect(outage.to - outage.from).toBeGreaterThan(3 * MINUTE);
    const read = (nr: number, from: number, to: number, names: string[]) => {
      const run = new StationHistoryRun(
        STATION_CATALOG.find((s) => s.nr === nr)!,
        1,
        from - DAY,
        0,
        incidents.stations,
      );
      const pvs = names.map((n) => run.pvs.find((p) => p.name === n)!);
      const rows: { t: number; v: (number | null)[] }[] = [];
      for (let t = from - DAY + MINUTE; t < to; t += MINUTE) {
        run.step(t, MINUTE);
        if (t >= from) rows.push({ t, v: pvs.map((p) => p.read()) });
      }
      return rows;
    };
    const names = ['Durchfluss', 'Netzausfall', 'Leistungsaufnahme', 'Netzspannung'];
    const rows = read(2, outage.from - 60 * MINUTE, outage.to + 30 * MINUTE, names);
    const during = rows.filter((r) => r.t > outage.from && r.t < outage.to);
    expect(during.length).toBeGreaterThan(2);
    for (const r of during) expect(r.v).toEqual([0, 1, 0, 200]);
    const before = rows.filter((r) => r.t < outage.from - 10 * MINUTE);
    expect(before.every((r) => r.v[1] === 0 && r.v[3]! > 207)).toBe(true);
    expect(Math.max(...before.map((r) => r.v[0]!))).toBeGreaterThan(0);
    const after = rows.filter((r) => r.t > outage.to + 10 * MINUTE);
    expect(after.every((r) => r.v[1] === 0)).toBe(true);
    const since = incidents.stations.get(9)!.pumps[2]![0]!.from;
    const pump = read(9, since + 5 * MINUTE, START, [
      'Zulaufpumpe 3 Störung',
      'Zulaufpumpe 3 Betrieb',
    ]);
    for (const r of pump) expect(r.v).toEqual([1, 0]);
  });

  it("HI8b: whatever the hour the history ends, the flood's waterworks is pumping in the hour before its mains fail and again after they return", () => {
    // As the archive runs it (createArchive.ts): the configured seed, a week from its start.
    const { seed } = readConfig({});
    for (let hour = 0; hour < 24; hour += 2) {
      const anchorMs = START + hour * HOUR + 17 * MINUTE;
      const start = anchorMs - 7 * DAY;
      const incidents = plantIncidents({ seed, anchorMs, days: 7, findings: DEFAULT_FINDINGS });
      const outages = incidents.stations.get(2)!.mains;
      const first = outages[0]!.from;
      const last = outages.at(-1)!.to;
      const def = STATION_CATALOG.find((s) => s.nr === 2)!;
      const run = new StationHistoryRun(def, seed, start, 0, incidents.stations);
      const flow = run.pvs.find((p) => p.name === 'Durchfluss')!;
      const before: number[] = [];
      const after: number[] = [];
      for (let t = start + MINUTE; t < last + 30 * MINUTE; t += MINUTE) {
        run.step(t, MINUTE);
        if (t >= first - 60 * MINUTE && t < first - 10 * MINUTE) before.push(flow.read() ?? 0);
        if (t >= last + 10 * MINUTE) after.push(flow.read() ?? 0);
      }
      expect(Math.max(...before), `flow before the outage, ${hour} h`).toBeGreaterThan(0);
      expect(Math.max(...after), `flow after the outage, ${hour} h`).toBeGreaterThan(0);
    }
  });

  it('HI12: the findings are on by default and each is set or turned off from the environment like the other simulator faults', () => {
    expect(readConfig({}).historyFindings).toEqual(DEFAULT_FINDINGS);
    expect(
      readConfig({
        PEGEL_HISTORY_FLOOD_ALARMS: '40',
        PEGEL_HISTORY_FLOOD_MINUTES: '20',
        PEGEL_HISTORY_FLOOD_HOURS_AGO: '12',
        PEGEL_HISTORY_CHATTER_BURSTS: '0',
        PEGEL_HISTORY_STANDING_HOURS: '0',
      }).historyFindings,
    ).toEqual({
      floodAlarms: 40,
      floodMinutes: 20,
      floodHoursAgo: 12,
      chatterBursts: 0,
      standingHours: 0,
    });
    expect(() => readConfig({ PEGEL_HISTORY_FLOOD_ALARMS: 'many' })).toThrow('Not a number');
    // No history, nothing to find: the live plant then has no failed pump either.
    const none = plantIncidents({ seed: 1, anchorMs: START, days: 0, findings: DEFAULT_FINDINGS });
    expect(none.alarms).toEqual([]);
    expect(none.stations.size).toBe(0);
  });
});
