/**
 * The field plant over a connector the test plays: dial state from the link, values batched (the
 * latest per PV live, every one to the archive), bad input logged at most once a minute per station and reason, counters, writes.
 */
import { describe, expect, it } from 'vitest';
import type {
  Connector,
  ConnectorSink,
  FieldScalar,
  WriteOutcome,
} from '../../../server/field/connector.ts';
import { readConfig } from '../../../server/config.ts';
import { FieldPlant } from '../../../server/field/FieldPlant.ts';
import { parsePlantFile } from '../../../server/field/plantFile.ts';
import type { PvRef, PvValue } from '../../../src/contract/pv.ts';

/** Waits for a condition (the plant's own timers), never for a fixed time. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

class TestConnector implements Connector {
  sink!: ConnectorSink;
  writes: [string, FieldScalar][] = [];
  answer: WriteOutcome = { ok: true };
  start(sink: ConnectorSink): void {
    this.sink = sink;
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
  write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    this.writes.push([pointId, value]);
    return Promise.resolve(this.answer);
  }
}

/** The plant file of one simulated station 5 with `pvs` (YAML flow maps) and the station's `staleAfterMs`. */
function station5(pvs: string[], staleAfterMs?: number): string {
  const lines = [
    'stations:',
    '  - number: 5',
    '    name: S',
    ...(staleAfterMs === undefined ? [] : [`    staleAfterMs: ${staleAfterMs}`]),
    '    connection: { type: simulated }',
    '    pvs:',
    ...pvs.map((pv) => `      - ${pv}`),
  ];
  return `${lines.join('\n')}\n`;
}

const PLANT = station5([
  '{ id: a, kind: AnaIn, name: A, decimals: 1, source: {} }',
  '{ id: out, kind: AnaOut, name: O, source: {} }',
  '{ id: ro, kind: DigiOut, name: R, readOnly: true, source: {} }',
  '{ id: c, kind: Counter, name: C, resetable: true, source: {} }',
]);

function plant(yaml = PLANT) {
  const file = parsePlantFile(yaml, 'p.yaml');
  let now = Date.parse('2026-11-27T10:00:00Z');
  const logs: string[] = [];
  const connector = new TestConnector();
  const field = new FieldPlant({
    plant: file,
    now: () => now,
    log: (m) => logs.push(m),
    // The test sends the batches (step); the timers would only after a minute.
    flushMs: 60_000,
    tickMs: 60_000,
    connector: () => connector,
  });
  const batches: PvValue[][] = [];
  field.on('values', (v) => batches.push([...v]));
  /** What went on `samples` and `values`, in order: the archive's view. */
  const archived: ['samples' | 'values', PvValue[]][] = [];
  field.on('samples', (v) => archived.push(['samples', [...v]]));
  field.on('values', (v) => archived.push(['values', [...v]]));
  field.start();
  return {
    field,
    connector,
    logs,
    batches,
    archived,
    advance: (ms: number) => (now += ms),
    now: () => now,
  };
}

describe('field plant', () => {
  it('FP1 the dial state follows the link: NotConnected, Connected, ConnectionError', async () => {
    const t = plant();
    expect(t.field.stationLive(5)?.dialState).toBe('NotConnected');
    t.connector.sink.link('up');
    expect(t.field.stationLive(5)?.dialState).toBe('Connected');
    t.connector.sink.samples([{ pointId: 'a', value: 1.26, quality: 'Good', sourceTime: 1 }]);
    t.field.step(0);
    t.connector.sink.link('down', 'socket closed');
    expect(t.field.stationLive(5)?.dialState).toBe('ConnectionError');
    // Turned Bad at once, last value and timestamp kept, the reason kept.
    expect(t.field.valueByKey('ai500001')).toMatchObject({
      doubleValue: 1.3,
      timestamp: 1,
      quality: 'Bad',
    });
    expect(t.field.qualityReason({ type: 'AnaIn', nr: 500001 })).toBe('link down: socket closed');
    await t.field.close();
  });

  it('FP2 samples are batched: the latest value of a PV wins', async () => {
    const t = plant();
    t.connector.sink.link('up');
    for (let i = 0; i < 100; i++)
      t.connector.sink.samples([{ pointId: 'a', value: i, quality: 'Good', sourceTime: i }]);
    expect(t.batches).toEqual([]);
    t.field.step(0);
    expect(t.batches).toHaveLength(1);
    expect(t.batches[0]).toEqual([
      expect.objectContaining({ doubleValue: 99, timestamp: 99, quality: 'Good' }),
    ]);
    await t.field.close();
  });

  it('FP2 every sample a batch replaced goes on `samples` first, in order, for the archive', async () => {
    const t = plant();
    t.connector.sink.link('up');
    for (let i = 1; i <= 3; i++)
      t.connector.sink.samples([{ pointId: 'a', value: i, quality: 'Good', sourceTime: i }]);
    t.connector.sink.samples([{ pointId: 'c', value: 10, quality: 'Good', sourceTime: 1 }]);
    // A good value replaced by a Bad mark (bad input) within the batch was measured too.
    t.connector.sink.samples([{ pointId: 'out', value: 7, quality: 'Good', sourceTime: 2 }]);
    t.connector.sink.badInput('malformed-json', 'x', 'out');
    t.field.step(0);
    const times = (vs: PvValue[]) =>
      vs.map((v) => `${v.pvRef.type} ${v.pvRef.nr} @${v.timestamp} ${v.quality}`);
    expect(t.archived.map(([e, vs]) => [e, times(vs)])).toEqual([
      ['samples', ['AnaIn 500001 @1 Good', 'AnaIn 500001 @2 Good', 'AnaOut 500001 @2 Good']],
      ['values', ['AnaIn 500001 @3 Good', 'ZaehlWert 5001 @1 Good', 'AnaOut 500001 @2 Bad']],
    ]);
    // Sent once: the next batch replaces nothing.
    t.connector.sink.samples([{ pointId: 'a', value: 4, quality: 'Good', sourceTime: 4 }]);
    t.field.step(0);
    expect(t.archived.slice(2).map(([e, vs]) => [e, times(vs)])).toEqual([
      ['values', ['AnaIn 500001 @4 Good']],
    ]);
    await t.field.close();
  });

  it('FP2 a batch goes out by itself soon after a value, no sooner than flushMs after the last', async () => {
    const connector = new TestConnector();
    const field = new FieldPlant({
      plant: parsePlantFile(PLANT, 'p.yaml'),
      log: () => {},
      flushMs: 20,
      tickMs: 60_000,
      connector: () => connector,
    });
    const batches: PvValue[][] = [];
    field.on('values', (v) => batches.push([...v]));
    field.start();
    connector.sink.link('up');
    for (let i = 1; i <= 2; i++) {
      connector.sink.samples([{ pointId: 'a', value: i, quality: 'Good', sourceTime: i }]);
      await until(() => batches.length === i);
      expect(batches[i - 1]).toEqual([expect.objectContaining({ doubleValue: i, timestamp: i })]);
    }
    await field.close();
  });

  it('FP2 PEGEL_FIELD_FLUSH_MS: 50 ms unless set; a value that is no number of ms is refused', () => {
    expect(readConfig({}).fieldFlushMs).toBe(50);
    expect(readConfig({ PEGEL_FIELD_FLUSH_MS: '20' }).fieldFlushMs).toBe(20);
    expect(() => readConfig({ PEGEL_FIELD_FLUSH_MS: 'fast' })).toThrow('Not a number: fast');
    expect(() => readConfig({ PEGEL_FIELD_FLUSH_MS: '-5' })).toThrow(
      'PEGEL_FIELD_FLUSH_MS must be 0 to 60000 (ms), not -5',
    );
  });

  it('FP3 bad input is logged at most once a minute per station and reason', async () => {
    const t = plant();
    for (let i = 0; i < 1000; i++) t.connector.sink.badInput('malformed-json', 'x', 'a');
    t.connector.sink.badInput('wrong-type', 'y', 'a');
    expect(t.logs.filter((l) => l.includes('bad input'))).toHaveLength(2);
    t.advance(59_000);
    t.connector.sink.badInput('malformed-json', 'x', 'a');
    expect(t.logs.filter((l) => l.includes('bad input'))).toHaveLength(2);
    t.advance(1_000);
    t.connector.sink.badInput('malformed-json', 'x', 'a');
    expect(t.logs.filter((l) => l.includes('bad input'))).toHaveLength(3);
    await t.field.close();
  });

  it('FP4 writes go to the connector and change nothing until reported back; read-only is refused', async () => {
    const t = plant();
    expect(await t.field.command({ type: 'AnaOut', nr: 500001 }, 42)).toEqual({ ok: true });
    expect(t.connector.writes).toEqual([['out', 42]]);
    expect(t.field.valueByKey('ao500001')?.quality).toBe('Bad');
    t.connector.answer = { ok: false, reason: 'Modbus exception 2' };
    expect(await t.field.command({ type: 'AnaOut', nr: 500001 }, 43)).toEqual({
      ok: false,
      reason: 'Modbus exception 2',
    });
    expect(await t.field.command({ type: 'DigiOut', nr: 500001 }, true)).toMatchObject({
      ok: false,
      readOnly: true,
    });
    expect(t.connector.writes).toHaveLength(2);
    expect(await t.field.commandCounterReset({ type: 'ZaehlWert', nr: 5001 })).toEqual({
      ok: false,
      reason: 'Modbus exception 2',
    });
    expect(t.connector.writes.at(-1)).toEqual(['c', 0]);
    await t.field.close();
  });

  it('FP5 a counter keeps what it counted this day, month and year', async () => {
    const t = plant();
    t.connector.sink.link('up');
    const at = t.now();
    t.connector.sink.samples([{ pointId: 'c', value: 100, quality: 'Good', sourceTime: at }]);
    t.connector.sink.samples([{ pointId: 'c', value: 130, quality: 'Good', sourceTime: at + 1 }]);
    expect(t.field.valueByKey('count5001')?.counterValue).toEqual({
      value: 130,
      resetable: true,
      day: 30,
      month: 30,
      year: 30,
    });
    await t.field.close();
  });

  it('FP6 silence is not health: a PV without a value for staleAfterMs while the link is up turns Uncertain, keeping value and timestamp', async () => {
    const t = plant(
      station5(
        [
          '{ id: a, kind: AnaIn, name: A, decimals: 1, source: {} }',
          '{ id: fast, kind: AnaIn, name: F, staleAfterMs: 2000, source: {} }',
          '{ id: out, kind: AnaOut, name: O, source: {} }',
        ],
        10_000,
      ),
    );
    const a = { type: 'AnaIn', nr: 500001 } as const;
    const fast = { type: 'AnaIn', nr: 500002 } as const;
    t.connector.sink.link('up');
    t.connector.sink.samples([
      { pointId: 'a', value: 1.5, quality: 'Good', sourceTime: 7 },
      { pointId: 'fast', value: 3, quality: 'Good', sourceTime: 8 },
    ]);
    t.field.step(0);
    t.advance(1_999);
    t.field.step(0);
    expect(t.field.valueByKey('ai500002')?.quality).toBe('Good');
    // The PV's own staleAfterMs overrides the station's.
    t.advance(1);
    t.field.step(0);
    expect(t.field.valueByKey('ai500002')).toMatchObject({
      doubleValue: 3,
      timestamp: 8,
      quality: 'Uncertain',
    });
    expect(t.field.qualityReason(fast)).toBe('no value for 2 s');
    expect(t.batches.at(-1)).toEqual([expect.objectContaining({ quality: 'Uncertain' })]);
    expect(t.field.valueByKey('ai500001')?.quality).toBe('Good');
    t.advance(8_000);
    t.field.step(0);
    expect(t.field.valueByKey('ai500001')).toMatchObject({ doubleValue: 1.5, timestamp: 7 });
    expect(t.field.valueByKey('ai500001')?.quality).toBe('Uncertain');
    expect(t.field.qualityReason(a)).toBe('no value for 10 s');
    // The next value makes it Good again; a lost link stays the link's (Bad).
    t.connector.sink.samples([{ pointId: 'a', value: 1.6, quality: 'Good', sourceTime: 9 }]);
    t.field.step(0);
    expect(t.field.valueByKey('ai500001')?.quality).toBe('Good');
    expect(t.field.qualityReason(a)).toBeNull();
    t.connector.sink.link('down', 'gone');
    t.advance(60_000);
    t.field.step(0);
    expect(t.field.valueByKey('ai500001')?.quality).toBe('Bad');
    expect(t.field.qualityReason(a)).toBe('link down: gone');
    await t.field.close();
  });

  it("FP7 every reason has its kind, for the PV info's translated lead", async () => {
    const t = plant(station5(['{ id: a, kind: AnaIn, name: A, source: {} }'], 3_000));
    const a = { type: 'AnaIn', nr: 500001 } as const;
    const kind = () => t.field.qualityReasonKind(a);
    expect(kind()).toEqual({ kind: 'no-value', seconds: null });
    t.connector.sink.link('up');
    t.connector.sink.samples([{ pointId: 'a', value: 1, quality: 'Good', sourceTime: 1 }]);
    expect(kind()).toBeNull();
    t.advance(3_000);
    t.field.step(0);
    expect(kind()).toEqual({ kind: 'stale', seconds: 3 });
    t.connector.sink.badInput('malformed-json', 'x', 'a');
    expect(kind()?.kind).toBe('bad-input');
    t.connector.sink.samples([
      { pointId: 'a', value: null, quality: 'Bad', sourceTime: 2, reason: 'Modbus exception 2' },
    ]);
    expect(kind()?.kind).toBe('device-refused');
    t.connector.sink.samples([
      {
        pointId: 'a',
        value: null,
        quality: 'Bad',
        sourceTime: 2,
        reason: 'NDEATH',
        reasonKind: 'device-death',
      },
    ]);
    expect(kind()?.kind).toBe('device-death');
    t.connector.sink.samples([{ pointId: 'a', value: 2, quality: 'Uncertain', sourceTime: 3 }]);
    expect(kind()?.kind).toBe('device-quality');
    t.connector.sink.link('down', 'gone');
    expect(kind()?.kind).toBe('link-down');
    await t.field.close();
  });

  it('FP8 late values: is_historical goes to the archive only; an older unflagged value shows and is archived; the last good value before a link loss is sent', async () => {
    const t = plant();
    const late: PvValue[] = [];
    t.field.on('history', (v) => late.push(...v));
    t.connector.sink.link('up');
    const T = Date.parse('2026-11-27T10:00:00Z');
    t.connector.sink.samples([{ pointId: 'a', value: 1, quality: 'Good', sourceTime: T }]);
    t.field.step(0);
    // A good value, then the link lost in the same tick: the value goes out Good first.
    t.connector.sink.samples([{ pointId: 'a', value: 2, quality: 'Good', sourceTime: T + 60_000 }]);
    t.connector.sink.link('down', 'socket closed');
    const sent = t.batches.flat().map((v) => [v.doubleValue, v.quality, v.timestamp]);
    expect(sent).toEqual([
      [1, 'Good', T],
      [2, 'Good', T + 60_000],
      [2, 'Bad', T + 60_000],
    ]);
    t.batches.length = 0;
    t.connector.sink.link('up');
    t.connector.sink.samples([
      { pointId: 'a', value: 5, quality: 'Good', sourceTime: T + 600_000 },
      { pointId: 'a', value: 3, quality: 'Good', sourceTime: T + 120_000, historical: true },
      { pointId: 'a', value: null, quality: 'Bad', sourceTime: T + 180_000, historical: true },
      { pointId: 'c', value: 40, quality: 'Good', sourceTime: T + 120_000, historical: true },
    ]);
    t.field.step(0);
    // The live value is the newest; the buffer goes to the archive only.
    expect(t.field.valueByKey('ai500001')).toMatchObject({
      doubleValue: 5,
      timestamp: T + 600_000,
    });
    expect(t.batches.flat().map((v) => v.doubleValue)).toEqual([5]);
    expect(late.map((v) => [v.pvRef.nr, v.quality, v.timestamp])).toEqual([
      [500001, 'Good', T + 120_000],
      [500001, 'Bad', T + 180_000],
      [5001, 'Good', T + 120_000],
    ]);
    // A late counter reading leaves the live counter's day, month and year alone.
    expect(late[2]!.counterValue).toMatchObject({ value: 40, day: 0, month: 0, year: 0 });
    expect(t.field.valueByKey('count5001')?.quality).toBe('Bad');
    // Unflagged but older than the newest: it shows (the device's word) and is archived too.
    late.length = 0;
    t.connector.sink.samples([
      { pointId: 'a', value: 4, quality: 'Good', sourceTime: T + 300_000 },
    ]);
    t.field.step(0);
    expect(t.field.valueByKey('ai500001')).toMatchObject({
      doubleValue: 4,
      timestamp: T + 300_000,
    });
    expect(late.map((v) => [v.doubleValue, v.timestamp])).toEqual([[4, T + 300_000]]);
    await t.field.close();
  });

  const REFS: PvRef[] = [
    { type: 'AnaIn', nr: 500001 },
    { type: 'AnaOut', nr: 500001 },
    { type: 'DigiOut', nr: 500001 },
    { type: 'ZaehlWert', nr: 5001 },
  ];
  it("FP9 a good value by its point's index (the sink's `good`) does what its sample does", async () => {
    /** The same inputs, as samples or by index: everything the plant sends and keeps. */
    const run = async (byIndex: boolean) => {
      const t = plant();
      const late: PvValue[] = [];
      t.field.on('history', (v) => late.push(...v));
      // The plant file's order of station 5: a, out, ro, c.
      const ids = ['a', 'out', 'ro', 'c'];
      const send = (index: number, value: FieldScalar, sourceTime: number) => {
        if (byIndex) t.connector.sink.good!(index, value, sourceTime);
        else
          t.connector.sink.samples([{ pointId: ids[index]!, value, quality: 'Good', sourceTime }]);
      };
      send(0, 1, 1); // before the link is up
      t.connector.sink.link('up');
      for (let i = 1; i <= 3; i++) send(0, i + 0.26, 10 + i);
      send(3, 10, 20);
      t.advance(5);
      send(3, 12.5, 21);
      send(1, 7, 30);
      send(1, 6, 25); // older than its newest: shows, and goes to the archive as late
      send(2, 1, 40);
      send(2, 5, 41); // not 0 or 1: bad input, the PV marked
      send(0, Number.NaN, 42); // out of range
      t.field.step(0);
      // A quality not Good (as a sample on both sides), then a good value by index clears it.
      t.connector.sink.samples([
        { pointId: 'c', value: 13, quality: 'Uncertain', sourceTime: 50, reason: 'device says' },
      ]);
      const reasonBefore = t.field.qualityReason({ type: 'ZaehlWert', nr: 5001 });
      send(3, 14, 51);
      t.field.step(0);
      const seen = {
        archived: t.archived,
        late,
        logs: t.logs,
        reasonBefore,
        reasons: REFS.map((ref) => t.field.qualityReason(ref)),
        station: t.field.stationLive(5),
      };
      await t.field.close();
      return seen;
    };
    const bySample = await run(false);
    expect(bySample.archived.length).toBeGreaterThan(2);
    expect(bySample.late).toHaveLength(1);
    expect(bySample.reasonBefore).toBe('device says');
    expect(await run(true)).toEqual(bySample);
  });
});
