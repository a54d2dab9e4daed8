/**
 * What the MQTT JSON connector makes of a payload (server/field/mqtt/MqttJsonConnector.ts),
 * without a broker: a flat object of numbers is read in place (flatJson.ts), anything else
 * through JSON.parse, and both give the same samples and the same bad input (SPEC MJ, FB).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BadInputReason,
  ConnectorSink,
  FieldSample,
} from '../../../server/field/connector.ts';
import type { FieldPoint, MqttSource } from '../../../server/field/kinds.ts';
import { brokerOptions } from '../../../server/field/mqtt/brokerOptions.ts';
import { MqttJsonConnector } from '../../../server/field/mqtt/MqttJsonConnector.ts';

const point = (id: string, source: Omit<MqttSource, 'value'> & { value?: string }) =>
  ({
    id,
    kind: 'AnaIn',
    readOnly: false,
    source: { value: '', ...source },
  }) as FieldPoint<MqttSource>;

const POINTS = [
  point('a', { topic: 't/a', value: '/v', timestamp: '/ts', quality: '/q' }),
  point('b', { topic: 't/b', value: '/data/v' }),
  // Two points on one topic, one of them nested: the topic goes through JSON.parse.
  point('c', { topic: 't/cd', value: '/v' }),
  point('d', { topic: 't/cd', value: '/x/y' }),
  point('e', { topic: 't/e' }),
  point('f', { topic: 't/f', value: '/a~1b' }),
];

let connector: MqttJsonConnector | null = null;
afterEach(async () => {
  await connector?.stop();
  connector = null;
});

/**
 * A connector on a broker that is never reached, and what it told its sink. With `good`, the
 * sink takes good values by point index (as the field plant's does), noted as samples too.
 */
function rig(options: { good?: boolean } = {}) {
  const samples: FieldSample[] = [];
  const bad: [BadInputReason, string | undefined][] = [];
  const calls = { samples: 0, good: 0 };
  const sink: ConnectorSink = {
    samples: (s) => {
      calls.samples++;
      samples.push(...s);
    },
    link: () => undefined,
    badInput: (reason, _detail, pointId) => bad.push([reason, pointId]),
  };
  if (options.good)
    sink.good = (index, value, sourceTime) => {
      calls.good++;
      samples.push({ pointId: POINTS[index]!.id, value, quality: 'Good', sourceTime });
    };
  connector = new MqttJsonConnector(
    { type: 'mqtt', url: 'mqtt://127.0.0.1:1', keepaliveS: 30 },
    POINTS,
    { env: {}, stationNumber: 1, stationName: 'S', pkiDir: '/tmp', log: () => undefined },
  );
  connector.start(sink);
  // The broker's message handler, as BrokerLink calls it: the payload within a larger chunk
  // (the socket's read), between other packets' bytes.
  const receive = (topic: string, payload: string) => {
    const before = Buffer.from('0{"v":99}');
    const bytes = Buffer.concat([before, Buffer.from(payload), Buffer.from('}"v":98,')]);
    (connector as unknown as { message(t: string, b: Buffer, s: number, e: number): void }).message(
      topic,
      bytes,
      before.length,
      bytes.length - 8,
    );
  };
  return { samples, bad, calls, receive };
}

describe('MQTT JSON payloads', () => {
  it.each([
    ['samples', false],
    ['good values by index', true],
  ])(
    'FM7 flat payloads and payloads for JSON.parse give the same values, times and qualities (sink: %s)',
    (_, good) => {
      const t = rig({ good });
      const before = Date.now();
      t.receive('t/a', '{"v":1.5,"ts":1764281601,"q":192}');
      t.receive('t/a', '{"v":1.5,"ts":"2025-11-27T22:13:21Z","q":"good"}');
      t.receive('t/a', ' { "q" : 100 , "v" : -2e-3 } ');
      t.receive('t/a', '{"v":true,"q":false,"v":7}');
      t.receive('t/b', '{"data":{"v":4}}');
      t.receive('t/cd', '{"v":5,"x":{"y":6}}');
      t.receive('t/e', '8');
      t.receive('t/f', '{"a/b":9}');
      t.receive('t/a', '{"v":"10"}');
      const after = Date.now();
      const at = (i: number) => t.samples[i]!;
      expect(t.bad).toEqual([]);
      expect(t.samples.map((s) => [s.pointId, s.value, s.quality])).toEqual([
        ['a', 1.5, 'Good'],
        ['a', 1.5, 'Good'],
        ['a', -0.002, 'Uncertain'],
        ['a', 7, 'Bad'],
        ['b', 4, 'Good'],
        ['c', 5, 'Good'],
        ['d', 6, 'Good'],
        ['e', 8, 'Good'],
        ['f', 9, 'Good'],
        ['a', 10, 'Good'],
      ]);
      // Seconds and ISO read alike; no time in the payload is the time received.
      expect(at(0).sourceTime).toBe(1_764_281_601_000);
      expect(at(1).sourceTime).toBe(1_764_281_601_000);
      for (const i of [2, 3, 4, 8]) {
        expect(at(i).sourceTime).toBeGreaterThanOrEqual(before);
        expect(at(i).sourceTime).toBeLessThanOrEqual(after);
      }
      expect(at(2).reason).toBe('quality reported by the device');
      // With a sink that takes them, good values come without a sample; the others as samples.
      expect(t.calls).toEqual(good ? { samples: 2, good: 8 } : { samples: 10, good: 0 });
    },
  );

  it('FM8 bad input is told apart the same way on both paths', () => {
    const t = rig();
    t.receive('t/a', '{"w":1}');
    t.receive('t/a', '{"v":null}');
    t.receive('t/a', '{"v":1');
    t.receive('t/a', '{"v":01}');
    t.receive('t/a', '{"v":1,}');
    t.receive('t/a', '{"v":"much"}');
    t.receive('t/cd', 'not json');
    t.receive('t/b', '{"data":5}');
    t.receive('unknown/topic', '{"v":1}');
    expect(t.bad).toEqual([
      ['missing-field', 'a'],
      ['wrong-type', 'a'],
      ['malformed-json', 'a'],
      ['malformed-json', 'a'],
      ['malformed-json', 'a'],
      ['wrong-type', 'a'],
      ['malformed-json', 'c'],
      ['malformed-json', 'd'],
      ['missing-field', 'b'],
    ]);
    expect(t.samples).toEqual([]);
  });

  it("FM9 MQTT.js's trace is off unless DEBUG asks for one", () => {
    const connection = { url: 'mqtt://127.0.0.1:1', keepaliveS: 30 };
    expect(typeof brokerOptions(connection, {}, 'id').log).toBe('function');
    expect(brokerOptions(connection, { DEBUG: 'mqttjs*' }, 'id').log).toBeUndefined();
  });
});
