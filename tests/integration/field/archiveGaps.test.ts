/**
 * An archive without holes (issue 56 item 5, server/field/SPEC.md FH, GP) on a real Mosquitto:
 * a Sparkplug node sends live values, dies (NDEATH), comes back and sends its buffered values
 * with is_historical at their own times. The archive holds them at those times, the quarter
 * hours they fall in are the means of all their values, the live value stays the newest and no
 * alarm comes from the late values; the stretch nobody measured is a gap (null) in chart data.
 *
 * The node's clock runs an hour ahead of the server's start, so every value lies after the
 * archive's generated history and whole quarter hours lie in the outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { ChartData, ChartPoints } from '../../../src/contract/charts.ts';
import { startMosquitto, type Mosquitto } from '../../support/mosquitto.ts';
import { startFieldServer, until, type FieldServer } from '../../support/fieldServer.ts';
import { SparkplugNode } from '../../support/sparkplugNode.ts';
import { signInHttp, type SignedIn } from '../../support/login.ts';

const MIN = 60_000;
const QH = 15 * MIN;
/** The node's "now": a quarter-hour boundary an hour after the server's start. */
const B = Math.floor(Date.now() / QH) * QH + 4 * QH;
const PRESSURE = { type: 'AnaIn', nr: 800001 } as const;

let broker: Mosquitto;
let server: FieldServer;
let node: SparkplugNode;
let op: SignedIn;
const raised: Alert[] = [];
/** Times of the good live values the plant sent on (to the hubs, alarms and archive). */
const sent = new Set<number>();

const plantYaml = (url: string) => `
stations:
  - number: 8
    name: Pumpwerk Süd
    connection: { type: sparkplug, url: "${url}" }
    pvs:
      - id: pressure
        kind: AnaIn
        name: Netzdruck
        unit: bar
        decimals: 2
        limits: { top: { value: 5.5, priority: 2 } }
        source: { group: Wasser, edgeNode: PW1, device: PLC1, metric: Net/Pressure }
`;

beforeAll(async () => {
  broker = await startMosquitto();
  node = await SparkplugNode.start(
    broker.url,
    'Wasser',
    'PW1',
    'PLC1',
    [],
    [{ name: 'Net/Pressure', alias: 10, type: 'Double', value: 3.9, timestamp: B - 40 * MIN }],
  );
  server = await startFieldServer(plantYaml(broker.url));
  // The pressure's limit alarms (the station's connection alert is not this test's).
  server.server.alerts.onRaised((a) => {
    if (a.pvRef?.nr === PRESSURE.nr) raised.push(a);
  });
  server.server.plant.on('values', (values) => {
    for (const v of values) if (v.quality === 'Good') sent.add(v.timestamp);
  });
  op = await signInHttp(server.url);
}, 60_000);

afterAll(async () => {
  await node?.close();
  await server?.dispose();
  await broker?.dispose();
});

const pressure = () => server.server.plant.valueByKey('ai800001');
const dial = () => server.server.plant.stationLive(8)?.dialState;

async function chart(
  source: 'MeasurementArchive' | 'QuarterHourValues',
  pvSubtype: 'Aktuell' | 'Mittelwert',
  start: number,
  end: number,
): Promise<ChartPoints> {
  const q = new URLSearchParams({
    startDate: String(start),
    endDate: String(end),
    source,
  });
  const res = await op.fetch(`/api/charts/data/auto?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ series: [{ seriesId: 'p', pv: PRESSURE, pvSubtype }] }),
  });
  expect(res.status).toBe(200);
  const [data] = (await res.json()) as ChartData[];
  return data!.points;
}

const rel = (t: number[]) => t.map((x) => (x - B) / MIN);

describe('field archive after an outage', () => {
  it('FH1: buffered Sparkplug values land at their own time; the quarter hours are recomputed; the live value is the newest', async () => {
    await until(() => pressure()?.doubleValue === 3.9, 'the birth value');
    const live = [
      { alias: 10, type: 'Double' as const, value: 4.0, timestamp: B - 30 * MIN },
      { alias: 10, type: 'Double' as const, value: 4.1, timestamp: B - 20 * MIN },
      { alias: 10, type: 'Double' as const, value: 4.2, timestamp: B - 10 * MIN },
    ];
    // One at a time: the live path keeps the newest value of a PV per batch (FV).
    for (const m of live) {
      await node.deviceDataAt([m]);
      await until(() => sent.has(m.timestamp), `the live value ${m.value}`);
    }
    // The node dies; it buffers while the link is down.
    await node.nodeDeath();
    await until(() => pressure()?.quality === 'Bad', 'the PV bad after NDEATH');
    // It comes back: births with its value now, then the buffer, oldest first.
    node.deviceMetrics[0]!.value = 4.5;
    node.deviceMetrics[0]!.timestamp = B + 60 * MIN;
    await node.birth();
    await until(() => dial() === 'Connected', 'station connected again');
    await until(() => pressure()?.quality === 'Good', 'the birth value after the outage');
    await node.deviceDataAt(
      [
        { alias: 10, type: 'Double', value: 5.0, timestamp: B - 5 * MIN },
        { alias: 10, type: 'Double', value: 5.2, timestamp: B + 5 * MIN },
        { alias: 10, type: 'Double', value: 5.4, timestamp: B + 10 * MIN },
        { alias: 10, type: 'Double', value: 6.0, timestamp: B + 20 * MIN },
      ],
      true,
    );

    // Raw values at their own times; nothing measured from +20 to +60 min: one null there.
    await until(async () => {
      const raw = await chart('MeasurementArchive', 'Aktuell', B - 30 * MIN, B + 61 * MIN);
      return raw.t.includes(B + 20 * MIN) && raw.t.includes(B + 60 * MIN);
    }, 'the buffered and the new values in the archive');
    const raw = await chart('MeasurementArchive', 'Aktuell', B - 30 * MIN, B + 61 * MIN);
    expect(rel(raw.t)).toEqual([-30, -20, -10, -5, 5, 10, 20, 50, 60]);
    expect(raw.v).toEqual([4.0, 4.1, 4.2, 5.0, 5.2, 5.4, 6.0, null, 4.5]);

    // Quarter-hour means of all values of their period, the live and the late ones.
    const qh = await chart('QuarterHourValues', 'Mittelwert', B - 30 * MIN, B + 61 * MIN);
    expect(rel(qh.t)).toEqual([-30, -15, 0, 15, 30, 60]);
    const means = [4.05, 4.6, 5.3, 6.0, null, 4.5];
    qh.v.forEach((v, i) =>
      means[i] === null ? expect(v).toBeNull() : expect(v).toBeCloseTo(means[i]!, 9),
    );

    // The live value is the newest; 6.0 (above the top limit) came late and raised nothing.
    expect(pressure()).toMatchObject({
      doubleValue: 4.5,
      quality: 'Good',
      timestamp: B + 60 * MIN,
    });
    expect(raised).toEqual([]);
    // A live value above the limit does (the alarm path is awake).
    await node.deviceDataAt([{ alias: 10, type: 'Double', value: 6.5, timestamp: B + 61 * MIN }]);
    await until(() => raised.length > 0, 'the alarm of a live value above the limit');
  });

  it('FH2: a late value sent again is not counted twice; an older unflagged one shows and is archived at its time', async () => {
    await node.deviceDataAt(
      [{ alias: 10, type: 'Double', value: 5.2, timestamp: B + 5 * MIN }],
      true,
    );
    // Without the flag but older than the newest (out of order, a clock set back): the device's
    // word shows, and the archive takes it at its time (the live path appends only forward).
    await node.deviceDataAt([{ alias: 10, type: 'Double', value: 5.9, timestamp: B + 12 * MIN }]);
    await until(async () => {
      const raw = await chart('MeasurementArchive', 'Aktuell', B, B + 15 * MIN);
      return raw.t.includes(B + 12 * MIN);
    }, 'the out-of-order value in the archive');
    const qh = await chart('QuarterHourValues', 'Mittelwert', B, B + 15 * MIN);
    expect(qh.v[0]).toBeCloseTo((5.2 + 5.4 + 5.9) / 3, 9);
    expect(pressure()).toMatchObject({ doubleValue: 5.9, timestamp: B + 12 * MIN });
  });

  it('FH3: a field plant has no made-up history: before its start the archive holds nothing', async () => {
    const day = 24 * 60 * MIN;
    const before = await chart('MeasurementArchive', 'Aktuell', B - 7 * day, B - 90 * MIN);
    expect(before.t).toEqual([]);
    const means = await chart('QuarterHourValues', 'Mittelwert', B - 7 * day, B - 90 * MIN);
    expect(means.v.filter((v) => v !== null)).toEqual([]);
  });
});
