/**
 * The field plant on Sparkplug B against a real Mosquitto (issue 56): births with aliases and
 * data by alias reach the PVs; DDEATH and NDEATH turn the PVs behind them Bad and the station
 * lost; data naming an unknown alias asks the node for a rebirth; a write goes out as DCMD and
 * shows only when the node reports it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto, type Mosquitto } from '../../support/mosquitto.ts';
import { startFieldServer, until, type FieldServer } from '../../support/fieldServer.ts';
import { SparkplugNode } from '../../support/sparkplugNode.ts';
import { signInHttp } from '../../support/login.ts';
import { metricValues } from '../../support/metrics.ts';

let broker: Mosquitto;
let server: FieldServer;
let node: SparkplugNode;

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
        source: { group: Wasser, edgeNode: PW1, device: PLC1, metric: Net/Pressure }
      - id: pump
        kind: DigiOut
        name: Pumpe 1
        source: { group: Wasser, edgeNode: PW1, device: PLC1, metric: Pump1/Run }
      - id: speed
        kind: AnaOut
        name: Drehzahl
        min: 0
        max: 100
        source: { group: Wasser, edgeNode: PW1, device: PLC1, metric: Pump1/Speed }
      - id: cabinet
        kind: AnaIn
        name: Schaltschrank
        decimals: 1
        source: { group: Wasser, edgeNode: PW1, metric: Cabinet/Temperature }
`;

beforeAll(async () => {
  broker = await startMosquitto();
  node = await SparkplugNode.start(
    broker.url,
    'Wasser',
    'PW1',
    'PLC1',
    [{ name: 'Cabinet/Temperature', alias: 1, type: 'Float', value: 21.5 }],
    [
      { name: 'Net/Pressure', alias: 10, type: 'Double', value: 4.2 },
      { name: 'Pump1/Run', alias: 11, type: 'Boolean', value: false },
      { name: 'Pump1/Speed', alias: 12, type: 'Int32', value: 40 },
    ],
  );
  server = await startFieldServer(plantYaml(broker.url));
}, 60_000);

afterAll(async () => {
  await node?.close();
  await server?.dispose();
  await broker?.dispose();
});

const value = (key: string) => server.server.plant.valueByKey(key);
const dial = () => server.server.plant.stationLive(8)?.dialState;

describe('field plant on Sparkplug B', () => {
  it('SP1 asks the node for its births on connecting; NBIRTH/DBIRTH values and DDATA by alias reach the PVs', async () => {
    // Pegel asked for a rebirth when it connected; the node answered with its births.
    await until(() => node.rebirthRequests > 0, 'a rebirth request');
    await until(() => dial() === 'Connected', 'station connected');
    await until(() => value('ai800001')?.doubleValue === 4.2, 'the birth value');
    expect(value('ai800002')).toMatchObject({ doubleValue: 21.5, quality: 'Good' });
    expect(value('ao800001')).toMatchObject({ doubleValue: 40, quality: 'Good' });
    const ts = Date.parse('2026-11-27T09:00:00Z');
    await node.deviceData(10, 'Double', 4.567, ts);
    await until(() => value('ai800001')?.doubleValue === 4.57, 'DDATA by alias');
    expect(value('ai800001')).toMatchObject({ quality: 'Good', timestamp: ts });
    await node.nodeData(1, 'Float', 23.25);
    await until(() => value('ai800002')?.doubleValue === 23.3, 'NDATA by alias');
  });

  it('SP2 data naming an alias the node never declared asks it for a rebirth (NCMD) and is counted', async () => {
    const before = node.rebirthRequests;
    // Requests are at most one per 5 s and node: the node keeps sending until it is asked.
    await until(async () => {
      await node.deviceData(99, 'Double', 1);
      return node.rebirthRequests > before;
    }, 'the rebirth request');
    const rebirth = node.commands.findLast((c) => c.topic === 'spBv1.0/Wasser/NCMD/PW1')!;
    expect(rebirth.payload.metrics?.[0]).toMatchObject({
      name: 'Node Control/Rebirth',
      value: true,
    });
    const res = await fetch(`${server.url}/metrics`);
    const counts = metricValues(await res.text(), 'pegel_field_bad_input_total');
    expect(counts.get('station=8,reason=unknown-alias')).toBeGreaterThan(0);
  }, 60_000);

  it('SP3 a write goes out as DCMD in the metric type; the value shows only when the node reports it back', async () => {
    await until(() => dial() === 'Connected', 'connected');
    const op = await signInHttp(server.url);
    const res = await op.fetch('/api/Pv', {
      method: 'POST',
      body: JSON.stringify([
        { pvRef: { type: 'AnaOut', nr: 800001 }, typeOfValue: 'DoubleValue', doubleValue: 75.4 },
      ]),
    });
    expect(await res.json()).toMatchObject({ status: 'Success' });
    await until(() => node.commands.some((c) => c.topic.includes('/DCMD/')), 'the DCMD');
    const dcmd = node.commands.find((c) => c.topic === 'spBv1.0/Wasser/DCMD/PW1/PLC1')!;
    expect(dcmd.payload.metrics?.[0]).toMatchObject({
      name: 'Pump1/Speed',
      type: 'Int32',
      value: 75,
    });
    expect(value('ao800001')?.doubleValue).toBe(40);
    await node.deviceData(12, 'Int32', 75);
    await until(() => value('ao800001')?.doubleValue === 75, 'reported back');
  });

  it('SP4 DDEATH turns the device PVs Bad and the station lost, keeping values; DBIRTH brings them back', async () => {
    const before = value('ai800001')!;
    await node.deviceDeath();
    await until(() => value('ai800001')?.quality === 'Bad', 'Bad after DDEATH');
    expect(value('ai800001')).toMatchObject({
      doubleValue: before.doubleValue,
      timestamp: before.timestamp,
    });
    expect(server.server.field!.qualityReason({ type: 'AnaIn', nr: 800001 })).toMatch(/DDEATH/);
    await until(() => dial() === 'ConnectionError', 'station lost');
    await node.deviceBirth();
    await until(() => dial() === 'Connected', 'station back');
    await until(() => value('ai800001')?.quality === 'Good', 'Good after DBIRTH');
  });

  it('SP5 NDEATH turns every PV of the node Bad and the station lost; a late one of another session does not', async () => {
    // A will of an earlier session (another bdSeq) arriving late says nothing about this one.
    await node.nodeDeath(7);
    await node.nodeData(1, 'Float', 22.5);
    await until(() => value('ai800002')?.doubleValue === 22.5, 'still alive');
    expect(dial()).toBe('Connected');
    await node.nodeDeath();
    await until(() => dial() === 'ConnectionError', 'station lost');
    await until(
      () => ['ai800001', 'ai800002', 'ao800001'].every((k) => value(k)?.quality === 'Bad'),
      'all Bad',
    );
    expect(server.server.field!.qualityReason({ type: 'AnaIn', nr: 800002 })).toMatch(/NDEATH/);
    // Data after a death is not trusted: it asks for a rebirth, and the node is back.
    const requests = node.rebirthRequests;
    await until(async () => {
      await node.deviceData(10, 'Double', 5);
      return node.rebirthRequests > requests;
    }, 'rebirth asked');
    await until(() => dial() === 'Connected', 'station back');
  }, 60_000);

  it('SP6 a payload that does not decode is counted and marks the PVs; the server lives on', async () => {
    await node.raw('DDATA', true, Buffer.from('not protobuf {{{'));
    await until(async () => {
      const res = await fetch(`${server.url}/metrics`);
      const counts = metricValues(await res.text(), 'pegel_field_bad_input_total');
      return (counts.get('station=8,reason=undecodable-payload') ?? 0) > 0;
    }, 'counted');
    expect(server.server.field!.qualityReason({ type: 'AnaIn', nr: 800001 })).toMatch(
      /undecodable-payload/,
    );
    await node.deviceData(10, 'Double', 3.3);
    await until(() => value('ai800001')?.doubleValue === 3.3, 'live again');
  });

  it('SP7 a gap in the sequence numbers (seq not the previous + 1 mod 256) asks the node for a rebirth, counted in /metrics', async () => {
    await until(() => dial() === 'Connected', 'station connected');
    const before = node.rebirthRequests;
    // Rebirths are asked at most every 5 s per node: lose messages until one is asked.
    let sentAt = 0;
    let v = 5;
    await until(async () => {
      if (Date.now() - sentAt > 500) {
        sentAt = Date.now();
        node.skipSeq(3);
        await node.deviceData(10, 'Double', (v += 0.25));
      }
      return node.rebirthRequests > before;
    }, 'the rebirth request');
    const res = await fetch(`${server.url}/metrics`);
    const counts = metricValues(await res.text(), 'pegel_field_rebirth_requests_total');
    expect(counts.get('station=8,reason=sequence-gap')).toBeGreaterThan(0);
    expect(counts.get('station=8,reason=connect')).toBeGreaterThan(0);
    await until(() => dial() === 'Connected', 'station connected after the rebirth');
  }, 60_000);
});
