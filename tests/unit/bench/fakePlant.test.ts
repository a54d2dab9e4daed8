import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlant } from '../../../bench/harness/fakePlant.ts';
import { parsePrometheusText } from '../../../bench/harness/prometheus.ts';
import { SERVER_METRICS } from '../../../bench/harness/serverMetrics.ts';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import { API } from '../../../src/contract/paths.ts';
import type { PvNode, PvValue } from '../../../src/contract/pv.ts';
import type { PlantServerHandle } from '../../support/plantServer.ts';

let plant: PlantServerHandle;
beforeAll(async () => {
  plant = await startFakePlant({ stations: 4, pvsPerStation: 5, updatesPerSec: 2000 });
});
afterAll(async () => {
  await plant?.dispose();
});

async function gauges() {
  const m = parsePrometheusText(await (await fetch(`${plant.url}${API.metrics}`)).text());
  return {
    connections: m.sum(SERVER_METRICS.hubConnections),
    subscriptions: m.sum(SERVER_METRICS.hubSubscriptions),
  };
}

describe('bench fake plant (harness self-check)', () => {
  it('BENCH-FAKE1: lists stations with their PVs', async () => {
    const nodes = (await (await fetch(`${plant.url}${API.pv.nodes}`)).json()) as PvNode[];
    expect(nodes).toHaveLength(4);
    expect(nodes[1]!.pvs[0]).toEqual({ type: 'AnaIn', nr: 100_006 });
  });

  it('BENCH-FAKE2: the official SignalR client subscribes, receives only its keys, and the gauges follow', async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${plant.url}${HUBS.pv}`)
      .configureLogging(LogLevel.None)
      .build();
    const received: PvValue[] = [];
    connection.on(HUB_MESSAGES.newValues, (values: PvValue[]) => received.push(...values));
    await connection.start();
    await connection.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001', 'ai100002', 'ai100003']);
    expect(await gauges()).toEqual({ connections: 1, subscriptions: 3 });
    await expect.poll(() => received.length).toBeGreaterThan(0);
    expect(new Set(received.map((v) => v.pvRef.nr)).size).toBeLessThanOrEqual(3);
    expect(received.every((v) => v.pvRef.nr >= 100_001 && v.pvRef.nr <= 100_003)).toBe(true);
    await connection.stop();
    await expect.poll(gauges).toEqual({ connections: 0, subscriptions: 0 });
  });
});
