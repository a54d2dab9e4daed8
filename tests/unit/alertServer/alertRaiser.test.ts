/** The alert engine of the reference server over a fake plant and fake time (SPEC §3 "Alert", §4). */
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { LimitType } from '../../../src/contract/enums.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvRef, PvValue } from '../../../src/contract/pv.ts';
import type { StationLiveData } from '../../../src/contract/station.ts';
import type { NewAlert } from '../../../server/alerts/AlertArchive.ts';
import { AlertRaiser } from '../../../server/alerts/AlertRaiser.ts';
import type { Plant, PlantEvents } from '../../../server/plant/types.ts';

const LEVEL: PvRef = { type: 'AnaIn', nr: 100001 };
const FAIL: PvRef = { type: 'DigiIn', nr: 100002 };

function config(ref: PvRef, extra: Partial<PvConfig> = {}): PvConfig {
  return {
    pvRef: ref,
    name: ref.type === 'AnaIn' ? 'Füllstand' : 'Pumpenstörung',
    eksNr: '',
    subtype: '',
    dimension: 'm',
    decimalPlaces: 2,
    hasArchiveData: false,
    stationNumber: 1,
    stationName: 'Hochbehälter Nord',
    domainConfig: { min: 0, max: 100 },
    digiDisplayConfig: null,
    anaLimitConfig: null,
    alertInputConfig: null,
    ...extra,
  };
}

function limit(
  limitType: LimitType,
  value: number,
  priority: number,
  delayTime: number,
): PvLimitConfig {
  return {
    pvLimitRef: { pv: LEVEL, limitType },
    limit: value,
    priority,
    delayTime,
    description: `${limitType}`,
    message: `Füllstand ${limitType}`,
    notSet: false,
  };
}

class FakePlant {
  time = 1_000_000;
  readonly values = new Map<string, PvValue>();
  readonly stations = new Map<number, StationLiveData>();
  readonly listeners: { [E in keyof PlantEvents]?: PlantEvents[E][] } = {};
  limits: PvLimitConfig[] = [limit('Top', 80, 1, 10), limit('Bottom', 10, 2, 0)];
  readonly configs = new Map<string, PvConfig>([
    [pvKey(LEVEL), config(LEVEL)],
    [
      pvKey(FAIL),
      config(FAIL, {
        alertInputConfig: { description: 'Pumpe', message: 'Pumpe 1 gestört', priority: 3 },
      }),
    ],
  ]);

  asPlant(): Plant {
    return {
      pvRefs: () => [...this.configs.values()].map((c) => c.pvRef),
      config: (ref: PvRef) => this.configs.get(pvKey(ref)),
      limitConfigs: (ref: PvRef) => (pvKey(ref) === pvKey(LEVEL) ? this.limits : []),
      valueByKey: (key: string) => this.values.get(key),
      stationLive: (nr: number) => this.stations.get(nr),
      on: <E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]) => {
        const list = (this.listeners[event] ??= []) as PlantEvents[E][];
        list.push(listener);
        return () => undefined;
      },
    } as unknown as Plant;
  }

  emit(values: PvValue[]): void {
    for (const v of values) this.values.set(pvKey(v.pvRef), v);
    for (const l of this.listeners.values ?? []) l(values);
  }

  level(doubleValue: number, quality: PvValue['quality'] = 'Good'): void {
    this.emit([
      { pvRef: LEVEL, typeOfValue: 'DoubleValue', doubleValue, quality, timestamp: this.time },
    ]);
  }
}

function failValue(failureStateValue: boolean, timestamp: number): PvValue {
  return {
    pvRef: FAIL,
    typeOfValue: 'FailureStateValue',
    failureStateValue,
    quality: 'Good',
    timestamp,
  };
}

function setup(before: (plant: FakePlant) => readonly Alert[] = () => []) {
  const plant = new FakePlant();
  const active = before(plant);
  const raised: Alert[] = [];
  const cleared: number[] = [];
  /** The active alert per condition, as the archive holds it. */
  const byCondition = new Map<string, Alert>();
  let nextId = 1;
  const raiser = new AlertRaiser(
    plant.asPlant(),
    {
      raise(a: NewAlert): Alert {
        const standing = a.condition ? byCondition.get(a.condition) : undefined;
        if (standing) return standing;
        const alert: Alert = {
          ...a,
          id: nextId++,
          state: 'pending',
          acknowledgedBy: null,
          acknowledgedAt: null,
          cleared: false,
          clearedAt: null,
        };
        raised.push(alert);
        if (a.condition) byCondition.set(a.condition, alert);
        return alert;
      },
      clear: (id) => {
        cleared.push(id);
        for (const [c, a] of byCondition) if (a.id === id) byCondition.delete(c);
      },
      activeFor: (condition) => byCondition.get(condition),
    },
    () => plant.time,
  );
  // As the service starts it: the alerts from before are reconciled, the kept ones taken over.
  const reconciled = raiser.reconcile(active.map((alert) => ({ alert, condition: null })));
  raiser.start(reconciled.keep);
  return { plant, raiser, raised, cleared, reconciled };
}

describe('alert raiser (SPEC §3 "Alert", PV limit configs)', () => {
  it('AR1: a crossing is raised only after it persisted for the delay, with the limit priority', () => {
    const { plant, raiser, raised } = setup();
    plant.level(85);
    expect(raised).toHaveLength(0);
    plant.time += 9_000;
    raiser.tick();
    expect(raised).toHaveLength(0);
    plant.time += 1_000;
    raiser.tick();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      priority: 1,
      text: 'Füllstand Top',
      pvRef: LEVEL,
      stationNumber: 1,
    });
    plant.time += 60_000;
    raiser.tick();
    plant.level(90);
    expect(raised).toHaveLength(1);
  });

  it('AR2: a crossing that returns inside before the delay raises nothing', () => {
    const { plant, raiser, raised } = setup();
    plant.level(85);
    plant.time += 5_000;
    plant.level(70);
    plant.time += 10_000;
    raiser.tick();
    expect(raised).toHaveLength(0);
    plant.level(85);
    plant.time += 5_000;
    raiser.tick();
    expect(raised).toHaveLength(0);
  });

  it('AR3: a zero delay raises at once; the lower limit uses its own priority', () => {
    const { plant, raised } = setup();
    plant.level(5);
    expect(raised.map((a) => a.priority)).toEqual([2]);
  });

  it('AR4: the alert clears only once the value is back inside by the hysteresis', () => {
    const { plant, raised, cleared } = setup();
    plant.level(5);
    // Domain 0..100 -> hysteresis 1: 10.5 is inside the limit but not past the band.
    plant.level(10.5);
    expect(cleared).toEqual([]);
    plant.level(11.2);
    expect(cleared).toEqual([raised[0]!.id]);
    plant.level(4);
    expect(raised).toHaveLength(2);
  });

  it('AR5: Bad quality values and notSet limits raise nothing', () => {
    const { plant, raised } = setup();
    plant.level(1, 'Bad');
    expect(raised).toHaveLength(0);
    plant.limits = plant.limits.map((l) => ({ ...l, notSet: true }));
    plant.level(1);
    expect(raised).toHaveLength(0);
  });

  it('AR6: a failure input turning true raises with its alertInputConfig; false clears it', () => {
    const { plant, raised, cleared } = setup();
    const fail = (failureStateValue: boolean): PvValue => ({
      pvRef: FAIL,
      typeOfValue: 'FailureStateValue',
      failureStateValue,
      quality: 'Good',
      timestamp: plant.time,
    });
    plant.emit([fail(false)]);
    plant.emit([fail(true)]);
    plant.emit([fail(true)]);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ priority: 3, text: 'Pumpe 1 gestört' });
    plant.emit([fail(false)]);
    expect(cleared).toEqual([raised[0]!.id]);
  });

  it('AR7: a station connection fault raises one StationConnection alert until connected again', () => {
    const { plant, raised, cleared } = setup();
    const live = (dialState: StationLiveData['dialState']): StationLiveData => ({
      stationNumber: 7,
      name: 'Pumpwerk Süd',
      timestamp: null,
      lastConnection: null,
      dialCounters: null,
      dialState,
    });
    for (const l of plant.listeners.station ?? []) {
      l(live('ConnectionError'), 'dialState');
      l(live('TimeOut'), 'dialState');
    }
    expect(raised).toHaveLength(1);
    expect(raised[0]!.source).toEqual({ type: 'StationConnection', stationNumber: 7 });
    for (const l of plant.listeners.station ?? []) l(live('Connected'), 'dialState');
    expect(cleared).toEqual([raised[0]!.id]);
  });

  it('AR8: at the start an archived alert of a failure input still active is taken over, and an active input without one is raised', () => {
    const standing: Alert = {
      id: 41,
      timestamp: 500_000,
      pvRef: FAIL,
      source: null,
      stationNumber: 1,
      stationName: 'Hochbehälter Nord',
      sourceName: 'Pumpenstörung',
      text: 'Pumpe 1 gestört',
      priority: 3,
      state: 'acknowledged',
      acknowledgedBy: 'maintenance',
      acknowledgedAt: 600_000,
      cleared: false,
      clearedAt: null,
    };
    // Taken over: the input stays active without a change, nothing is raised twice, and its
    // return to normal clears the archived alert.
    const taken = setup((plant) => {
      plant.values.set(pvKey(FAIL), failValue(true, plant.time));
      return [standing];
    });
    expect(taken.raised).toHaveLength(0);
    taken.plant.emit([failValue(true, taken.plant.time)]);
    expect(taken.raised).toHaveLength(0);
    taken.plant.emit([failValue(false, taken.plant.time)]);
    expect(taken.cleared).toEqual([41]);
    // No archived alert: the input active at the start is raised at once.
    const fresh = setup((plant) => {
      plant.values.set(pvKey(FAIL), failValue(true, plant.time));
      return [];
    });
    expect(fresh.raised).toHaveLength(1);
    expect(fresh.raised[0]).toMatchObject({ pvRef: FAIL, text: 'Pumpe 1 gestört' });
    // An archived alert whose input is normal again is cleared at the start (not taken over).
    const gone = setup((plant) => {
      plant.values.set(pvKey(FAIL), failValue(false, plant.time));
      return [standing];
    });
    expect(gone.reconciled.clear).toEqual([41]);
    gone.plant.emit([failValue(true, gone.plant.time)]);
    expect(gone.raised).toHaveLength(1);
  });

  it('AR9: the start continues the alert of a condition still true or not judgeable, clears the rest, one per condition', () => {
    const at = (id: number, extra: Partial<Alert>): Alert => ({
      id,
      timestamp: 500_000 + id,
      pvRef: LEVEL,
      source: null,
      stationNumber: 1,
      stationName: 'Hochbehälter Nord',
      sourceName: 'Füllstand',
      text: 'Füllstand Top',
      priority: 1,
      state: 'pending',
      acknowledgedBy: null,
      acknowledgedAt: null,
      cleared: false,
      clearedAt: null,
      ...extra,
    });
    const judge = (
      level: number | null,
      quality: PvValue['quality'] = 'Good',
      keepUnmatched = false,
    ) => {
      const plant = new FakePlant();
      if (level !== null)
        plant.values.set(pvKey(LEVEL), {
          pvRef: LEVEL,
          typeOfValue: 'DoubleValue',
          doubleValue: level,
          quality,
          timestamp: plant.time,
        });
      plant.stations.set(7, { stationNumber: 7, dialState: 'TimeOut' } as StationLiveData);
      plant.stations.set(8, { stationNumber: 8, dialState: 'Connected' } as StationLiveData);
      const raiser = new AlertRaiser(
        plant.asPlant(),
        { raise: () => at(0, {}), clear: () => undefined, activeFor: () => undefined },
        () => plant.time,
      );
      raiser.judgeExternal('PipeLeakage', (b) =>
        b.type === 'PipeLeakage' && b.id === 1 ? 'true' : 'false',
      );
      return raiser.reconcile(
        [
          // Stored with its condition, and three of a flood for the same limit (no condition).
          { alert: at(5, { state: 'acknowledged' }), condition: 'ai100001|Top' },
          { alert: at(1, {}), condition: null },
          { alert: at(2, {}), condition: null },
          { alert: at(3, { text: 'Füllstand Bottom' }), condition: null },
          { alert: at(4, { text: 'Ein Text, den kein Grenzwert hat' }), condition: null },
          {
            alert: at(6, { pvRef: null, source: { type: 'StationConnection', stationNumber: 7 } }),
            condition: null,
          },
          {
            alert: at(7, { pvRef: null, source: { type: 'StationConnection', stationNumber: 8 } }),
            condition: 'StationConnection:8',
          },
          {
            alert: at(8, { pvRef: null, source: { type: 'PipeLeakage', id: 1 } }),
            condition: 'PipeLeakage:1',
          },
          {
            alert: at(9, { pvRef: null, source: { type: 'PipeLeakage', id: 2 } }),
            condition: 'PipeLeakage:2',
          },
          {
            alert: at(10, { pvRef: null, source: { type: 'AlertLink', id: 3 } }),
            condition: 'AlertLink:3',
          },
        ],
        keepUnmatched,
      );
    };
    const sorted = (r: { keep: { id: number; condition: string }[]; clear: number[] }) => ({
      keep: [...r.keep].sort((a, b) => a.id - b.id),
      clear: [...r.clear].sort((a, b) => a - b),
    });
    const always = [
      { id: 6, condition: 'StationConnection:7' },
      { id: 8, condition: 'PipeLeakage:1' },
    ];
    // Above Top: the stored alert goes on, the flood's two of the same limit clear; Bottom is
    // not crossed; a text no limit has, a connected station, a dry section, a binding no
    // source judges: cleared.
    expect(sorted(judge(95))).toEqual({
      keep: [{ id: 5, condition: 'ai100001|Top' }, ...always],
      clear: [1, 2, 3, 4, 7, 9, 10],
    });
    // The first start on an empty archive leaves what the seeds wrote without a known condition.
    expect(sorted(judge(95, 'Good', true)).clear).toEqual([1, 2, 3, 7, 9, 10]);
    // Inside the limit but within the hysteresis band (79.5 > 80 - 1): still standing.
    expect(sorted(judge(79.5)).keep.map((k) => k.id)).toEqual([5, 6, 8]);
    // Back inside: Top clears; under Bottom: the Bottom alert from before goes on.
    expect(sorted(judge(5))).toEqual({
      keep: [{ id: 3, condition: 'ai100001|Bottom' }, ...always],
      clear: [1, 2, 4, 5, 7, 9, 10],
    });
    // Bad or no value: nothing of the level can be judged, so nothing of it is cleared but the
    // duplicates and the text no limit has.
    for (const unknown of [judge(50, 'Bad'), judge(null)])
      expect(sorted(unknown)).toEqual({
        keep: [
          { id: 3, condition: 'ai100001|Bottom' },
          { id: 5, condition: 'ai100001|Top' },
          ...always,
        ],
        clear: [1, 2, 4, 7, 9, 10],
      });
  });

  it('AR10: a continued limit alert clears on the first value back inside; a crossing of its condition raises nothing new', () => {
    const { plant, raiser, raised, cleared } = setup();
    raiser.start([{ id: 77, condition: 'ai100001|Top' }]);
    plant.level(95);
    plant.time += 60_000;
    raiser.tick();
    expect(raised).toHaveLength(0);
    plant.level(50);
    expect(cleared).toEqual([77]);
  });

  it('AR11: an external source clears its alert from before a restart, and raises none while one stands', () => {
    const { raiser, raised, cleared } = setup();
    const binding = { type: 'PipeLeakage' as const, id: 4 };
    const what = {
      stationNumber: 1,
      stationName: 'Hochbehälter Nord',
      sourceName: 'Zone 4',
      text: 'Zone 4: Leckage',
      priority: 1,
    };
    raiser.raiseExternal(binding, what);
    expect(raised).toHaveLength(1);
    // A second raiser over the same store (the server after a restart, before any leak news).
    const again = new AlertRaiser(
      new FakePlant().asPlant(),
      {
        raise: () => {
          throw new Error('raised twice');
        },
        clear: (id) => cleared.push(id),
        activeFor: (c) => (c === 'PipeLeakage:4' ? raised[0] : undefined),
      },
      () => 0,
    );
    again.raiseExternal(binding, what);
    again.clearExternal(binding);
    expect(cleared).toEqual([raised[0]!.id]);
  });
});
