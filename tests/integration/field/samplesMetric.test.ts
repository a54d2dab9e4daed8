/**
 * What the connectors delivered is counted before a batch keeps the latest value per PV
 * (issue 56): pegel_field_samples_total is the figure the field bench divides the server's CPU
 * by and sets against what the devices published.
 */
import { describe, expect, it } from 'vitest';
import { fieldRig, until } from '../../support/fieldServer.ts';
import { metricValues } from '../../support/metrics.ts';

const rig = fieldRig(
  (url) => `
stations:
  - number: 4
    name: Zulauf
    connection: { type: mqtt, url: "${url}" }
    pvs:
      - { id: flow, kind: AnaIn, name: Durchfluss, source: { topic: s4/flow, value: /v } }
`,
  {
    ready: async () => {
      await until(
        () => rig.server.server.plant.stationLive(4)?.dialState === 'Connected',
        'connected',
      );
    },
  },
);

async function samplesTotal(): Promise<number> {
  const res = await fetch(`${rig.server.url}/metrics`);
  return metricValues(await res.text(), 'pegel_field_samples_total').get('') ?? 0;
}

describe('field samples metric', () => {
  it('FS1 counts every sample a connector delivered, also those a batch replaces', async () => {
    const before = await samplesTotal();
    for (let v = 1; v <= 5; v++) await rig.device.publishAsync('s4/flow', JSON.stringify({ v }));
    await until(async () => (await samplesTotal()) - before >= 5, 'five samples counted');
    await until(
      () => rig.server.server.plant.valueByKey('ai400001')?.doubleValue === 5,
      'the latest value shown',
    );
    expect((await samplesTotal()) - before).toBe(5);
  }, 60_000);
});
