/**
 * A station's broker link under a steady stream (server/field/mqtt/publishTap.ts reads the QoS 0
 * publishes off the socket, MQTT.js the rest) against a real Mosquitto and a device that
 * publishes all the time: values keep coming, QoS 1 both ways and keepalive work beside the
 * tapped stream, and after every kind of link loss
 * (the broker restarting, the broker dropping the session) the station's link comes back up and
 * its values flow again. A station that says its link is up has values arriving.
 */
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ReadPace } from '../../../server/field/readPace.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { fieldRig, until } from '../../support/fieldServer.ts';
import { signInHttp } from '../../support/login.ts';

const TOPICS = 20;
const CLIENT_ID = 'pegel-reads-7';

const plantYaml = (url: string) => `
stations:
  - number: 7
    name: Pumpwerk Süd
    connection: { type: mqtt, url: "${url}", clientId: ${CLIENT_ID} }
    pvs:
${Array.from(
  { length: TOPICS },
  (_, i) => `      - id: p${i}
        kind: AnaIn
        name: Wert ${i}
        source: { topic: sued/p${i}, value: /v }`,
).join('\n')}
      - id: pump
        kind: DigiOut
        name: Pumpe
        states: { active: Ein, inactive: Aus }
        source: { topic: sued/pump, value: /on, commandTopic: sued/pump/set }
`;

const rig = fieldRig(plantYaml, { broker: { logPackets: true } });
const plant = () => rig.server.server.plant;
const dial = () => plant().stationLive(7)?.dialState;
const value = (i: number) => plant().valueByKey(`ai7000${String(i + 1).padStart(2, '0')}`);

/**
 * The device: a few messages every couple of milliseconds, round robin over the topics, each
 * value one more than the last; with `qos1Every`, every so many go with QoS 1.
 */
function stream(device: MqttClient, qos1Every = 0) {
  let n = 0;
  const timer = setInterval(() => {
    if (!device.connected) return;
    for (let k = 0; k < 4; k++, n++) {
      const qos = qos1Every > 0 && n % qos1Every === 0 ? 1 : 0;
      device.publish(`sued/p${n % TOPICS}`, JSON.stringify({ v: n }), { qos });
    }
  }, 2);
  return { stop: () => clearInterval(timer) };
}

/** Every PV takes a newer Good value than it has now. */
async function allRise(what: string): Promise<void> {
  const before = Array.from({ length: TOPICS }, (_, i) => value(i)?.doubleValue ?? -1);
  await until(
    () =>
      before.every((b, i) => {
        const v = value(i);
        return v?.quality === 'Good' && (v.doubleValue ?? -1) > b;
      }),
    `every value rising (${what})`,
  );
}

/** The station's dial states as they changed, and every Bad value of its PVs. */
const states: string[] = [];
const bad: PvValue[] = [];
let watching: (() => void)[] = [];
afterAll(() => watching.forEach((off) => off()));

/** PINGRESPs the broker sent to the station's client so far. */
const pingResponses = () => rig.broker.log().split(`Sending PINGRESP to ${CLIENT_ID}`).length - 1;

describe('a broker link under a steady stream', () => {
  it('MR1 values keep coming; QoS 1 messages in and a QoS 1 command out are acknowledged', async () => {
    watching = [
      plant().on('station', (live) => {
        if (live.stationNumber === 7 && live.dialState !== (states.at(-1) ?? 'Connected'))
          states.push(live.dialState);
      }),
      plant().on('values', (values) =>
        bad.push(...values.filter((v) => v.quality === 'Bad' && v.pvRef.nr >= 700000)),
      ),
    ];
    await until(() => dial() === 'Connected', 'connected');
    const device = stream(rig.device, 25);
    try {
      for (let round = 0; round < 5; round++) await allRise(`round ${round}`);
      // The command's answer waits for the broker's PUBACK, read beside the tapped publishes.
      const got: string[] = [];
      await rig.device.subscribeAsync('sued/pump/set', { qos: 1 });
      rig.device.on('message', (topic, payload) => {
        if (topic === 'sued/pump/set') got.push(payload.toString());
      });
      const op = await signInHttp(rig.server.url);
      const res = await op.fetch('/api/Pv', {
        method: 'POST',
        body: JSON.stringify([
          { pvRef: { type: 'DigiOut', nr: 700001 }, typeOfValue: 'BoolValue', boolValue: true },
        ]),
      });
      expect(await res.json()).toMatchObject({ status: 'Success' });
      await until(() => got.length > 0, 'the command');
      await rig.device.publishAsync('sued/pump', JSON.stringify({ on: 1 }), { qos: 1 });
      await until(() => plant().valueByKey('do700001')?.boolValue === true, 'reported back');
      await allRise('after the command');
    } finally {
      device.stop();
    }
    expect(states).toEqual([]);
    expect(bad).toEqual([]);
  }, 120_000);

  it('MR2 keepalive holds: pings are answered during a QoS 0 stream and in silence, and the link stays up', async () => {
    await until(() => dial() === 'Connected', 'connected');
    // Only QoS 0: the server sends nothing but its pings, whose answers go to MQTT.js beside the tap.
    const device = stream(rig.device);
    try {
      const streaming = pingResponses();
      await until(() => pingResponses() >= streaming + 3, 'three pings while streaming');
      await allRise('after the pings');
    } finally {
      device.stop();
    }
    const silent = pingResponses();
    await until(() => pingResponses() >= silent + 3, 'three pings in silence');
    expect(dial()).toBe('Connected');
    expect(states).toEqual([]);
    expect(bad).toEqual([]);
  }, 120_000);

  it('MR3 after each link loss (broker restart, session taken over) the link comes back and every value flows again; up always means values arrive', async () => {
    const device = stream(rig.device, 25);
    try {
      for (let cycle = 0; cycle < 2; cycle++) {
        // The broker goes away while values are arriving, and comes back on the same port.
        await allRise(`before restart ${cycle}`);
        const downs = states.length;
        await rig.broker.stop();
        await until(() => dial() === 'ConnectionError', 'link down');
        expect(value(0)?.quality).toBe('Bad');
        expect(states.slice(downs)).toEqual(['ConnectionError']);
        await rig.broker.restart();
        await until(() => dial() === 'Connected', 'link up again');
        await allRise(`after restart ${cycle}`);

        // The broker drops the station's session: another client takes its client id.
        const badBefore = bad.length;
        const intruder = await mqtt.connectAsync(rig.broker.url, {
          clientId: CLIENT_ID,
          reconnectPeriod: 0,
        });
        await until(() => bad.length > badBefore, 'the station marked Bad on the dropped session');
        // The station reconnects with its backoff and takes the id back.
        await until(() => dial() === 'Connected' && !intruder.connected, 'the session back');
        await intruder.endAsync(true);
        await allRise(`after takeover ${cycle}`);
      }
    } finally {
      device.stop();
    }
    // Each loss was a down and an up, nothing else; and every up was followed by values above.
    expect(states.filter((s) => s === 'Connected').length).toBe(4);
    expect(states.filter((s) => s === 'ConnectionError').length).toBe(4);
    expect(dial()).toBe('Connected');
  }, 240_000);

  it('MR4 between batches the socket is held, and every value sent meanwhile still comes, once and in order', async () => {
    await until(() => dial() === 'Connected', 'connected');
    const holds = vi.spyOn(ReadPace.prototype, 'hold');
    // p0's values as the plant sends them on: those a newer one replaced within a batch (for the
    // archive) just before the batch's latest.
    const seen: number[] = [];
    const ofP0 = (values: readonly PvValue[]) => {
      for (const v of values)
        if (v.pvRef.nr === 700001 && (v.doubleValue ?? 0) > BASE) seen.push(v.doubleValue! - BASE);
    };
    const offs = [plant().on('samples', ofP0), plant().on('values', ofP0)];
    // Above what the streams before sent, so that their last values, still on the way, stay apart.
    const BASE = 1e9;
    const N = 3000;
    let held: number;
    try {
      for (let n = 1; n <= N; n++) {
        rig.device.publish('sued/p0', JSON.stringify({ v: BASE + n }), { qos: 0 });
        if (n % 100 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      await until(() => seen.at(-1) === N, 'the last value');
      held = holds.mock.calls.length;
    } finally {
      offs.forEach((off) => off());
      holds.mockRestore();
    }
    expect(held).toBeGreaterThan(0);
    expect(seen).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  }, 120_000);
});
