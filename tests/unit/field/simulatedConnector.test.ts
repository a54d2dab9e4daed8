/**
 * A `simulated` station of a field plant (commissioning without a device): its points hold their
 * value or follow a sine, and a write comes back as the new value, as a device would report it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectorSink, FieldSample } from '../../../server/field/connector.ts';
import { SimulatedConnector } from '../../../server/field/SimulatedConnector.ts';

let connector: SimulatedConnector | null = null;
afterEach(async () => {
  await connector?.stop();
  connector = null;
});

function sink() {
  const samples: FieldSample[] = [];
  const links: string[] = [];
  const s: ConnectorSink = {
    samples: (list) => samples.push(...list),
    link: (state) => links.push(state),
    badInput: () => {},
  };
  return { s, samples, links };
}

describe('simulated station', () => {
  it('SM1 is up at once, holds its values, and a sine stays within its range', () => {
    connector = new SimulatedConnector([
      { id: 'fixed', kind: 'AnaIn', readOnly: false, source: { value: 12 } },
      {
        id: 'wave',
        kind: 'AnaIn',
        readOnly: false,
        source: { value: 0, sine: { min: 2, max: 4, periodS: 60 } },
      },
    ]);
    const { s, samples, links } = sink();
    connector.start(s);
    expect(links).toEqual(['up']);
    expect(samples.find((x) => x.pointId === 'fixed')).toMatchObject({
      value: 12,
      quality: 'Good',
    });
    const wave = samples.find((x) => x.pointId === 'wave')!.value as number;
    expect(wave).toBeGreaterThanOrEqual(2);
    expect(wave).toBeLessThanOrEqual(4);
  });

  it('SM2 a write comes back as the new value; an unknown point is refused', async () => {
    connector = new SimulatedConnector([
      { id: 'pump', kind: 'DigiOut', readOnly: false, source: { value: false } },
    ]);
    const { s, samples } = sink();
    connector.start(s);
    expect(await connector.write('pump', true)).toEqual({ ok: true });
    expect(samples.at(-1)).toMatchObject({ pointId: 'pump', value: true, quality: 'Good' });
    expect(await connector.write('nope', 1)).toMatchObject({ ok: false });
  });
});
