/**
 * Bad input never stops the server (issue 56): malformed JSON, a value outside its type and a
 * flood of garbage on one station's topic are counted in /metrics by station and reason and mark
 * the PV, while another station on the same broker stays live.
 */
import { describe, expect, it } from 'vitest';
import { fieldRig, until } from '../../support/fieldServer.ts';
import { metricValues } from '../../support/metrics.ts';

const plantYaml = (url: string) => `
stations:
  - number: 1
    name: Müllstation
    connection: { type: mqtt, url: "${url}" }
    pvs:
      - { id: flow, kind: AnaIn, name: Durchfluss, source: { topic: s1/flow, value: /v } }
      - { id: alarm, kind: DigiIn, name: Störung, alertPriority: 2, source: { topic: s1/alarm } }
  - number: 2
    name: Brunnen
    connection: { type: mqtt, url: "${url}" }
    pvs:
      - { id: level, kind: AnaIn, name: Pegel, decimals: 1, source: { topic: s2/level } }
`;

const rig = fieldRig(plantYaml, {
  ready: async () => {
    await until(
      () =>
        rig.server.server.plant.stationLive(1)?.dialState === 'Connected' &&
        rig.server.server.plant.stationLive(2)?.dialState === 'Connected',
      'both stations connected',
    );
  },
});

async function badInputs(): Promise<Map<string, number>> {
  const res = await fetch(`${rig.server.url}/metrics`);
  return metricValues(await res.text(), 'pegel_field_bad_input_total');
}

const reason = (nr: number) =>
  rig.server.server.field!.qualityReason({ type: 'AnaIn', nr: 100000 + nr });

describe('bad input from the field', () => {
  it('BI1 malformed JSON, a missing field, a wrong type and a value outside its type are counted and mark the PV', async () => {
    await rig.device.publishAsync('s1/flow', JSON.stringify({ v: 12 }));
    await until(
      () => rig.server.server.plant.valueByKey('ai100001')?.doubleValue === 12,
      'a value',
    );
    await rig.device.publishAsync('s1/flow', '{"v": 1');
    await until(() => reason(1)?.startsWith('malformed-json') === true, 'marked');
    // The last value and its timestamp stay; only the quality says it is not to be trusted.
    expect(rig.server.server.plant.valueByKey('ai100001')).toMatchObject({
      doubleValue: 12,
      quality: 'Bad',
    });
    await rig.device.publishAsync('s1/flow', JSON.stringify({ w: 1 }));
    await rig.device.publishAsync('s1/flow', JSON.stringify({ v: 'much' }));
    await rig.device.publishAsync('s1/alarm', '7');
    await until(async () => {
      const c = await badInputs();
      return ['malformed-json', 'missing-field', 'wrong-type', 'out-of-range'].every(
        (r) => (c.get(`station=1,reason=${r}`) ?? 0) > 0,
      );
    }, 'every reason counted');
    expect(rig.server.server.field!.qualityReason({ type: 'DigiIn', nr: 100001 })).toMatch(
      /out-of-range/,
    );
    await rig.device.publishAsync('s1/flow', JSON.stringify({ v: 13 }));
    await until(
      () => rig.server.server.plant.valueByKey('ai100001')?.quality === 'Good',
      'good again',
    );
  });

  it('BI2 a flood of garbage on one topic is counted while the other station stays live', async () => {
    const before = (await badInputs()).get('station=1,reason=malformed-json') ?? 0;
    let flooding = true;
    const flood = (async () => {
      const garbage = Buffer.from('{{{ not json');
      // 10,000 messages a second for as long as the other station is checked.
      while (flooding) {
        const started = Date.now();
        for (let i = 0; i < 10_000 && flooding; i++) {
          rig.device.publish('s1/flow', garbage, { qos: 0 });
          if (i % 500 === 499) await new Promise((r) => setImmediate(r));
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
      }
    })();
    try {
      for (let i = 1; i <= 5; i++) {
        await rig.device.publishAsync('s2/level', String(i + 0.5), { qos: 1 });
        await until(
          () => rig.server.server.plant.valueByKey('ai200001')?.doubleValue === i + 0.5,
          `station 2 value ${i}`,
        );
        expect(rig.server.server.plant.valueByKey('ai200001')?.quality).toBe('Good');
      }
      await until(
        async () =>
          ((await badInputs()).get('station=1,reason=malformed-json') ?? 0) > before + 1000,
        'the flood counted',
      );
    } finally {
      flooding = false;
      await flood;
    }
    expect(rig.server.server.plant.stationLive(2)?.dialState).toBe('Connected');
    expect(rig.server.server.plant.stationLive(1)?.dialState).toBe('Connected');
  }, 90_000);
});
