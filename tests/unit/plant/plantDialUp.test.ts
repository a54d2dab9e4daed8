import { describe, expect, it } from 'vitest';
import type { ServerDialState } from '../../../src/contract/enums.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { DialLine } from '../../../server/plant/dialLine.ts';
import { createRandom } from '../../../server/plant/random.ts';
import type { SimulatedPlant } from '../../../server/plant/simulatedPlant.ts';
import { makePlant, START, user } from './plantFixtures.ts';

/** Steps a line second by second and records each state it takes. */
function follow(
  line: DialLine,
  from: number,
  ms: number,
): { states: ServerDialState[]; time: number } {
  const states: ServerDialState[] = [];
  let time = from;
  for (let t = 0; t < ms; t += 1000) {
    time += 1000;
    const change = line.step(time, 1000);
    if (change.state) states.push(line.state);
  }
  return { states, time };
}

const admin = user(['admin']);

/** Connects a dial-up station of the plant, retrying after Busy or TimeOut. */
function connect(plant: SimulatedPlant, nr: number): void {
  for (let attempt = 0; attempt < 20; attempt++) {
    plant.call('Connect', [nr], admin);
    plant.step(15_000);
    if (plant.stationLive(nr)!.dialState === 'Connected') return;
    plant.step(10_000);
  }
  throw new Error(`station ${nr} never connected`);
}

describe('SPEC §3/§4 dial-up stations', () => {
  it('PL20: Connect moves NotConnected -> Connected within seconds, or ends Busy/TimeOut and falls back', () => {
    const outcomes = new Map<string, number>();
    const random = createRandom(3);
    for (let i = 0; i < 300; i++) {
      const line = new DialLine(random, 'LTE', START);
      expect(line.state).toBe('NotConnected');
      const change = line.connect(START);
      expect(change.counters).toBe(true);
      const { states } = follow(line, START, 20_000);
      const seq = states.join('>');
      outcomes.set(seq, (outcomes.get(seq) ?? 0) + 1);
    }
    expect([...outcomes.keys()].sort()).toEqual(
      ['Busy>NotConnected', 'Connected', 'TimeOut>NotConnected'].sort(),
    );
    expect(outcomes.get('Connected')!).toBeGreaterThan(200);
  });

  it('PL21: Connected is reached after a few seconds, not at once', () => {
    const random = createRandom(5);
    for (let i = 0; i < 50; i++) {
      const line = new DialLine(random, 'GSM', START);
      line.connect(START);
      const first = follow(line, START, 1000);
      expect(first.states).toEqual([]);
      const rest = follow(line, first.time, 12_000);
      if (rest.states[0] === 'Connected') expect(line.lastConnection).toBeGreaterThan(START + 1000);
    }
  });

  it('PL22: Disconnect goes Connected -> HangingUp -> NotConnected', () => {
    const random = createRandom(9);
    let line: DialLine;
    let time = START;
    do {
      line = new DialLine(random, 'LTE', START);
      line.connect(time);
      time = follow(line, time, 15_000).time;
    } while (line.state !== 'Connected');
    expect(line.disconnect(time)).toEqual({ state: true, counters: false });
    expect(line.state).toBe('HangingUp');
    expect(follow(line, time, 5_000).states).toEqual(['NotConnected']);
  });

  it('PL23: dial counters count each dial attempt (day, month, year) and name the network', () => {
    const line = new DialLine(createRandom(1), 'LTE', START);
    const before = line.counters();
    line.connect(START);
    const after = line.counters();
    expect(after.mobileNetworkStandard).toBe('LTE');
    expect(after.dayCounter).toBe(before.dayCounter + 1);
    expect(after.monthCounter).toBe(before.monthCounter + 1);
    expect(after.yearCounter).toBe(before.yearCounter + 1);
  });

  it('PL24: plant events report the dial states; permanent stations are Connected with a running timestamp', () => {
    const plant = makePlant();
    const states: string[] = [];
    plant.on('station', (live, what) => {
      if (what === 'dialState' && live.stationNumber === 4) states.push(live.dialState);
    });
    const configs: string[] = [];
    plant.on('stationConfig', (c) => configs.push(c.dialState));
    connect(plant, 4);
    expect(states.at(-1)).toBe('Connected');
    expect(configs.at(-1)).toBe('Connected');
    plant.call('Disconnect', [4], admin);
    plant.step(5_000);
    expect(states.slice(-2)).toEqual(['HangingUp', 'NotConnected']);
    const permanent = plant.stationLive(1)!;
    expect(permanent.dialState).toBe('Connected');
    expect(permanent.timestamp).toBe(plant.time());
    expect(permanent.dialCounters).toBeNull();
    expect(plant.stationLive(4)!.dialCounters!.mobileNetworkStandard).toBe('LTE');
  });

  it('PL25: an unconnected dial-up station keeps its last values as Uncertain with their old timestamps', () => {
    const plant = makePlant();
    const keys = plant
      .pvNodes()
      .find((n) => n.stationNumber === 4)!
      .pvs.map(pvKey);
    const at = (k: string) => plant.valueByKey(k)!;
    for (const k of keys) {
      expect(at(k).quality).toBe('Uncertain');
      expect(at(k).timestamp).toBe(plant.stationLive(4)!.lastConnection);
    }
    plant.step(60_000);
    for (const k of keys) expect(at(k).quality).toBe('Uncertain');
    connect(plant, 4);
    for (const k of keys) {
      expect(at(k).quality).toBe('Good');
      expect(at(k).timestamp).toBeGreaterThan(START);
    }
    const whenConnected = new Map(keys.map((k) => [k, at(k).timestamp]));
    const batches: PvValue[][] = [];
    plant.on('values', (v) => batches.push([...v]));
    plant.call('Disconnect', [4], admin);
    plant.step(5_000);
    const requalified = batches.flat().filter((v) => keys.includes(pvKey(v.pvRef)));
    expect(requalified.length).toBe(keys.length);
    for (const k of keys) {
      expect(at(k).quality).toBe('Uncertain');
      expect(at(k).timestamp).toBeGreaterThanOrEqual(whenConnected.get(k)!);
      expect(at(k).timestamp).toBeLessThan(plant.time());
    }
  });

  it('PL26: without the control unit every value is Bad and nothing updates; dial actions fail', () => {
    const plant = makePlant();
    const statuses: string[] = [];
    plant.on('serverStatus', (s) => statuses.push(s));
    expect(plant.serverStatus().status).toBe('Connected');
    plant.setServerStatus('ControlUnitDisconnected');
    expect(statuses).toEqual(['ControlUnitDisconnected']);
    const keys = plant.pvRefs().map(pvKey);
    const unspecified = keys.filter((k) => plant.valueByKey(k)!.quality === 'Unspecified');
    expect(keys.filter((k) => plant.valueByKey(k)!.quality !== 'Bad')).toEqual(unspecified);
    let updates = 0;
    plant.on('values', (v) => (updates += v.length));
    const stamp = plant.stationLive(1)!.timestamp;
    plant.step(10_000);
    expect(updates).toBe(0);
    expect(plant.stationLive(1)!.timestamp).toBe(stamp);
    expect(plant.call('Connect', [4], admin).status).toBe('Failed');
    plant.setServerStatus('Connected');
    plant.step(1_000);
    expect(plant.valueByKey('ai100001')!.quality).toBe('Good');
    expect(plant.valueByKey('ai400001')!.quality).toBe('Uncertain');
  });

  it('PL27: call results list missing, not callable and unauthorized stations', () => {
    const plant = makePlant();
    const r1 = plant.call('Connect', [4, 1, 99], admin);
    expect(r1.status).toBe('Failed');
    expect(r1.missing).toEqual([{ stationNumber: 99 }]);
    expect(r1.notCallable).toEqual([{ stationNumber: 1 }]);
    expect(r1.unauthorized).toEqual([]);
    expect(r1.errorMessage).toContain('99');
    // A general query reaches a permanently connected station (no dial-up line needed).
    const query = plant.call('Status', [1, 2], admin);
    expect(query).toMatchObject({ status: 'Success', notCallable: [], errorMessage: null });
    const limited = user(['dialStations'], [4]);
    const r2 = plant.call('Status', [4, 6], limited);
    expect(r2).toEqual({
      status: 'Unauthorized',
      missing: [],
      notCallable: [],
      unauthorized: [{ stationNumber: 6 }],
      errorMessage: expect.stringContaining('6'),
    });
    const viewer = user([]);
    expect(plant.call('Connect', [4], viewer).unauthorized).toEqual([{ stationNumber: 4 }]);
    expect(plant.call('Connect', [4, 6], user(['dialStations']))).toEqual({
      status: 'Success',
      missing: [],
      notCallable: [],
      unauthorized: [],
      errorMessage: null,
    });
  });
});
