/**
 * Every sample a device measured reaches the archive (server/field/SPEC.md FV) on a real
 * Mosquitto: a device publishes several values of one PV faster than the field plant sends its
 * batches. The live path keeps the newest (it shows, it alone is judged for alarms); the raw
 * archive holds each at its own time and the quarter hour is the mean of all of them.
 *
 * The batches are held (PEGEL_FIELD_FLUSH_MS and PEGEL_PLANT_TICK_MS a minute) and sent by the
 * test, so all values certainly fall into one. The device's clock runs an hour ahead, so every
 * value lies after the archive's start; its values are a minute apart, the raw archive interval.
 */
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { ChartData, ChartPoints } from '../../../src/contract/charts.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { fieldRig, until } from '../../support/fieldServer.ts';
import { signInHttp, type SignedIn } from '../../support/login.ts';

const MIN = 60_000;
const QH = 15 * MIN;
/** The device's "now": a quarter-hour boundary an hour after the server's start. */
const B = Math.floor(Date.now() / QH) * QH + 4 * QH;
const LEVEL = { type: 'AnaIn', nr: 600001 } as const;

let op: SignedIn;
const raised: Alert[] = [];
const live: PvValue[] = [];

const plantYaml = (url: string) => `
stations:
  - number: 6
    name: Hochbehälter West
    connection: { type: mqtt, url: "${url}" }
    pvs:
      - id: level
        kind: AnaIn
        name: Füllstand
        unit: m
        decimals: 2
        limits: { top: { value: 4.5, priority: 2 } }
        source: { topic: west/level, value: /v, timestamp: /ts }
`;

const rig = fieldRig(plantYaml, {
  env: {
    PEGEL_FIELD_FLUSH_MS: '60000',
    PEGEL_PLANT_TICK_MS: '60000',
  },
  ready: async () => {
    rig.server.server.alerts.onRaised((a) => {
      if (a.pvRef?.nr === LEVEL.nr) raised.push(a);
    });
    rig.server.server.plant.on('values', (values) => live.push(...values));
    op = await signInHttp(rig.server.url);
    await until(
      () => rig.server.server.plant.stationLive(6)?.dialState === 'Connected',
      'the link',
    );
  },
});

const level = () => rig.server.server.plant.valueByKey('ai600001');

async function chart(
  source: 'MeasurementArchive' | 'QuarterHourValues',
  pvSubtype: 'Aktuell' | 'Mittelwert',
  start: number,
  end: number,
): Promise<ChartPoints> {
  const q = new URLSearchParams({ startDate: String(start), endDate: String(end), source });
  const res = await op.fetch(`/api/charts/data/auto?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ series: [{ seriesId: 'l', pv: LEVEL, pvSubtype }] }),
  });
  expect(res.status).toBe(200);
  const [data] = (await res.json()) as ChartData[];
  return data!.points;
}

describe('field archive: every sample', () => {
  it('FV1: values of one PV within one batch all reach the raw archive; the newest alone is live and judged', async () => {
    // 4.8 is above the top limit, but a newer value replaces it before the batch goes out.
    const values = [4.0, 4.8, 4.2, 4.3, 4.1];
    for (const [i, v] of values.entries())
      await rig.device.publishAsync('west/level', JSON.stringify({ v, ts: B + i * MIN }));
    await until(() => level()?.timestamp === B + 4 * MIN, 'the last value taken in');
    expect(live).toEqual([]);
    rig.server.server.field!.step(0);

    // Live: one value, the newest.
    expect(live).toEqual([
      expect.objectContaining({ doubleValue: 4.1, timestamp: B + 4 * MIN, quality: 'Good' }),
    ]);
    // Archive: each at its own time (the archive writes every 2 s).
    await until(async () => {
      const raw = await chart('MeasurementArchive', 'Aktuell', B - MIN, B + 5 * MIN);
      return raw.t.length === values.length;
    }, 'every value in the raw archive');
    const raw = await chart('MeasurementArchive', 'Aktuell', B - MIN, B + 5 * MIN);
    expect(raw.t.map((t) => (t - B) / MIN)).toEqual([0, 1, 2, 3, 4]);
    expect(raw.v).toEqual(values);
    const qh = await chart('QuarterHourValues', 'Mittelwert', B, B + QH);
    expect(qh.v[0]).toBeCloseTo(values.reduce((a, b) => a + b) / values.length, 9);

    // The value above the limit was never live: no alarm. A live one above it does raise one.
    expect(raised).toEqual([]);
    await rig.device.publishAsync('west/level', JSON.stringify({ v: 4.9, ts: B + 5 * MIN }));
    await until(() => level()?.timestamp === B + 5 * MIN, 'the value above the limit');
    rig.server.server.field!.step(0);
    await until(() => raised.length > 0, 'the alarm of a live value above the limit');
  });
});
