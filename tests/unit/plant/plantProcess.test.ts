import { DEFAULT_FAILURES_PER_PUMP_HOUR } from '../../../server/plant/simulatedPlant.ts';
import { describe, expect, it } from 'vitest';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { PRESSURE_SWITCH_NAME } from '../../../server/plant/incidents.ts';
import { findPv, makePlant, START, valueOf, weekOfIncidents } from './plantFixtures.ts';
import { testSize } from '../../support/testSize.ts';

const HOUR_MS = 3_600_000;

/**
 * A plant without pump failures, in 5 s ticks, and of station `station` the level PV, the
 * switch points of its pumps and the running signals of pumps 1 and 2.
 */
function pumpedLevel(station: number, levelName: string, pumpName: string) {
  const plant = makePlant({ failuresPerPumpHour: 0, tickMs: 5_000 });
  const switchPoint = (name: string) => valueOf(plant, findPv(plant, station, name)).doubleValue!;
  return {
    plant,
    level: findPv(plant, station, levelName),
    start: switchPoint('Einschaltpunkt Pumpen'),
    stop: switchPoint('Ausschaltpunkt Pumpen'),
    pumps: [1, 2].map((i) => findPv(plant, station, `${pumpName} ${i} Betrieb`)),
  };
}

describe('SPEC §3 PV value: simulated process behaviour with manual stepping', () => {
  it('PL10: the same seed gives the same values after N steps; another seed does not', () => {
    const snapshot = (seed: number) => {
      const plant = makePlant({ seed });
      plant.step(HOUR_MS / 2);
      return plant.pvRefs().map((r) => JSON.stringify(plant.valueByKey(pvKey(r))));
    };
    const a = snapshot(11);
    expect(snapshot(11)).toEqual(a);
    expect(snapshot(12)).not.toEqual(a);
  });

  it('PL11: values events come once per tick as one batch, stamped with the tick time', () => {
    const plant = makePlant();
    const batches: { time: number; values: readonly PvValue[] }[] = [];
    plant.on('values', (values) => batches.push({ time: plant.time(), values }));
    plant.step(10_000);
    expect(batches).toHaveLength(10);
    for (const b of batches) {
      expect(b.values.length).toBeGreaterThan(0);
      for (const v of b.values) expect(v.timestamp).toBe(b.time);
    }
  });

  it('PL12: pumping station pumps start at the start level, stop at the stop level; the level stays in its band', () => {
    const { plant, level, start, stop, pumps } = pumpedLevel(
      7,
      'Füllstand Pumpensumpf',
      'Abwasserpumpe',
    );
    const running = () => pumps.some((p) => valueOf(plant, p).boolValue);
    const max = plant.config(level)!.domainConfig!.max;
    let starts = 0;
    let stops = 0;
    let before = valueOf(plant, level).doubleValue!;
    let wasRunning = running();
    const violations: string[] = [];
    for (let t = 0; t < 24 * HOUR_MS; t += 5_000) {
      plant.step(5_000);
      const now = valueOf(plant, level).doubleValue!;
      const isRunning = running();
      if (!wasRunning && isRunning) {
        starts++;
        if (before < start - 0.005) violations.push(`started at ${before}`);
      }
      if (wasRunning && !isRunning) {
        stops++;
        if (before > stop + 0.005) violations.push(`stopped at ${before}`);
      }
      if (now < stop - 0.1 || now > max) violations.push(`level ${now} out of band`);
      before = now;
      wasRunning = isRunning;
    }
    expect(violations).toEqual([]);
    expect(starts).toBeGreaterThan(5);
    expect(stops).toBeGreaterThan(5);
  });

  it('PL13: a reservoir falls with demand while its supply pumps are off and they start at the low point', () => {
    const { plant, level, start, stop, pumps } = pumpedLevel(
      3,
      'Füllstand Wasserkammer',
      'Zubringerpumpe',
    );
    const running = () => pumps.filter((p) => valueOf(plant, p).boolValue).length;
    let before = valueOf(plant, level).doubleValue!;
    let wasRunning = running();
    let fallingTicks = 0;
    let cycles = 0;
    const violations: string[] = [];
    for (let t = 0; t < 24 * HOUR_MS; t += 5_000) {
      plant.step(5_000);
      const now = valueOf(plant, level).doubleValue!;
      const r = running();
      if (wasRunning === 0 && r === 0) {
        if (now > before) violations.push(`rose from ${before} to ${now} without pumps`);
        fallingTicks++;
      }
      if (wasRunning === 0 && r > 0) {
        cycles++;
        if (before > start + 0.005) violations.push(`started at ${before}`);
      }
      if (wasRunning > 0 && r === 0 && before < stop - 0.005)
        violations.push(`stopped at ${before}`);
      before = now;
      wasRunning = r;
    }
    expect(violations).toEqual([]);
    expect(fallingTicks).toBeGreaterThan(100);
    expect(cycles).toBeGreaterThan(2);
  });

  it('PL14: counters only increase; the day counter restarts at midnight (UTC) while the total goes on', () => {
    // The gate runs four hours across one midnight; the long run a whole day from the morning.
    const plant = makePlant({
      tickMs: 30_000,
      startTime: testSize(Date.UTC(2026, 5, 15, 22, 0), START),
    });
    const counters = plant.pvRefs().filter((r) => r.type === 'ZaehlWert');
    const last = new Map<string, PvValue>();
    let dayResets = 0;
    const violations: string[] = [];
    plant.on('values', (values) => {
      for (const v of values) {
        if (v.typeOfValue !== 'CounterValue') continue;
        const key = pvKey(v.pvRef);
        const prev = last.get(key);
        if (prev) {
          expect(v.counterValue!.value).toBeGreaterThanOrEqual(prev.counterValue!.value);
          if (v.counterValue!.day < prev.counterValue!.day) {
            dayResets++;
            expect(new Date(v.timestamp).getUTCDate()).not.toBe(
              new Date(prev.timestamp).getUTCDate(),
            );
          }
        }
        expect(v.counterValue!.day).toBeLessThanOrEqual(v.counterValue!.month + 1e-9);
        expect(v.counterValue!.month).toBeLessThanOrEqual(v.counterValue!.year + 1e-9);
        last.set(key, v);
      }
    });
    plant.step(testSize(4, 24) * HOUR_MS);
    expect(violations).toEqual([]);
    expect(counters.length).toBeGreaterThan(20);
    expect(dayResets).toBeGreaterThan(5);
  });

  it('PL15: operating hours grow only while the pump runs; switching cycles count its starts', () => {
    const plant = makePlant({ tickMs: 10_000, failuresPerPumpHour: 0 });
    const run = findPv(plant, 7, 'Abwasserpumpe 1 Betrieb');
    const hours = findPv(plant, 7, 'Abwasserpumpe 1 Betriebsstunden');
    const cycles = findPv(plant, 7, 'Abwasserpumpe 1 Schaltspiele');
    const h0 = valueOf(plant, hours).runtimeValue!.value;
    const c0 = valueOf(plant, cycles).runtimeValue!.value;
    let runningMs = 0;
    let starts = 0;
    let wasRunning = valueOf(plant, run).boolValue!;
    let idleSince = valueOf(plant, hours).runtimeValue!.value;
    for (let t = 0; t < 12 * HOUR_MS; t += 10_000) {
      plant.step(10_000);
      const isRunning = valueOf(plant, run).boolValue!;
      if (isRunning) runningMs += 10_000;
      if (isRunning && !wasRunning) starts++;
      if (!isRunning && !wasRunning) {
        // Not running over the whole tick: the hours must not move.
        expect(valueOf(plant, hours).runtimeValue!.value).toBe(idleSince);
      }
      idleSince = valueOf(plant, hours).runtimeValue!.value;
      wasRunning = isRunning;
    }
    const grown = valueOf(plant, hours).runtimeValue!.value - h0;
    expect(runningMs).toBeGreaterThan(0);
    expect(Math.abs(grown - runningMs / HOUR_MS)).toBeLessThanOrEqual(0.11);
    expect(valueOf(plant, cycles).runtimeValue!.value - c0).toBe(starts);
    expect(valueOf(plant, hours).runtimeValue!.runtimeType).toBe('Betriebszeit');
    expect(valueOf(plant, cycles).runtimeValue!.runtimeType).toBe('Schaltzyklen');
  });

  it('PL16: failure inputs trip now and then and clear again', () => {
    // The gate trips more often over fewer hours; the long run keeps the slow rate of a day.
    const plant = makePlant({ tickMs: 10_000, failuresPerPumpHour: testSize(1, 0.2) });
    const seen = new Map<string, boolean[]>();
    plant.on('values', (values) => {
      for (const v of values) {
        if (v.typeOfValue !== 'FailureStateValue') continue;
        const key = pvKey(v.pvRef);
        let list = seen.get(key);
        if (!list) seen.set(key, (list = []));
        list.push(v.failureStateValue!);
      }
    });
    plant.step(testSize(4, 24) * HOUR_MS);
    const tripped = [...seen.values()].filter((s) => s.includes(true));
    expect(tripped.length).toBeGreaterThan(2);
    expect(tripped.some((s) => s.indexOf(false, s.indexOf(true)) > 0)).toBe(true);
  });

  it('PL17: pressures surge beyond their upper limits now and then and settle again (the long run: with the default trickle)', () => {
    // The gate raises the rate so four hours show surges; the long run waits two days for
    // them at the default rate.
    const plant = makePlant({
      tickMs: 10_000,
      failuresPerPumpHour: testSize(1, DEFAULT_FAILURES_PER_PUMP_HOUR),
    });
    const above = new Map<string, boolean[]>();
    plant.on('values', (values) => {
      for (const v of values) {
        if (v.typeOfValue !== 'DoubleValue' || v.pvRef.type !== 'AnaIn') continue;
        const top = plant.limitConfigs(v.pvRef).find((l) => l.pvLimitRef.limitType === 'Top');
        const name = plant.config(v.pvRef)?.name ?? '';
        if (!top || !/druck/i.test(name)) continue;
        const key = pvKey(v.pvRef);
        // Appended in place: copying the list per value made 48 h of ticks quadratic.
        let list = above.get(key);
        if (!list) above.set(key, (list = []));
        list.push(v.doubleValue! > top.limit);
      }
    });
    plant.step(testSize(4, 48) * HOUR_MS);
    const surged = [...above.values()].filter((s) => s.includes(true));
    expect(surged.length).toBeGreaterThan(0);
    // They return below their limits (one may still be surging when the window ends).
    expect(surged.some((s) => s.lastIndexOf(false) > s.indexOf(true))).toBe(true);
  });

  it("PL42: the history's failed pump is failed in the live plant from the first value on and stays so; the booster stations' pressure switch is an input of its own and closed in normal running", () => {
    const incidents = weekOfIncidents(7);
    // Ten-second steps: hours of plant time stay quick on a busy machine.
    const plant = makePlant({
      incidents: incidents.stations,
      failuresPerPumpHour: 0,
      tickMs: 10_000,
    });
    const failed = findPv(plant, 9, 'Zulaufpumpe 3 Störung');
    const running = findPv(plant, 9, 'Zulaufpumpe 3 Betrieb');
    expect(valueOf(plant, failed).failureStateValue).toBe(true);
    expect(plant.stationOverview().find((s) => s.stationNumber === 9)!.activeFailures).toBe(1);
    const switches = [5, 6].map((nr) => findPv(plant, nr, PRESSURE_SWITCH_NAME));
    // Added after the station's other inputs: no other PV's number moved.
    expect(switches.map((r) => r.nr)).toEqual([500007, 600007]);
    for (let h = 0; h < 6; h++) {
      plant.step(HOUR_MS);
      expect(valueOf(plant, failed).failureStateValue).toBe(true);
      expect(valueOf(plant, running).boolValue).toBe(false);
      for (const r of switches) expect(valueOf(plant, r).failureStateValue).toBe(false);
    }
    // Without the plan the same pump is fine.
    const plain = makePlant({ failuresPerPumpHour: 0 });
    expect(valueOf(plain, findPv(plain, 9, 'Zulaufpumpe 3 Störung')).failureStateValue).toBe(false);
  });
});
