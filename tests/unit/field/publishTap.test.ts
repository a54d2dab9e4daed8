/**
 * The reader that takes QoS 0 PUBLISH packets off a broker socket before MQTT.js
 * (server/field/mqtt/publishTap.ts): it takes exactly those, however the bytes are cut into
 * chunks, and hands every other packet on unchanged and in order; from bytes that do not frame
 * as MQTT on, it hands everything on.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BACKLOG_BYTES,
  PublishReader,
  SKIP_HOLDS,
  SocketReads,
  tapPublishes,
} from '../../../server/field/mqtt/publishTap.ts';

/** The remaining length as MQTT writes it: 7 bits a byte, least significant first. */
function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let d = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) d |= 0x80;
    out.push(d);
  } while (n > 0);
  return out;
}

function packet(header: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([header, ...remainingLength(body.length)]), body]);
}

function publish(topic: string, payload: string | Buffer, qos = 0, retain = false): Buffer {
  const t = Buffer.from(topic, 'utf8');
  const parts: Buffer[] = [Buffer.from([t.length >> 8, t.length & 0xff]), t];
  if (qos > 0) parts.push(Buffer.from([0x12, 0x34]));
  parts.push(Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8'));
  return packet(0x30 | (qos << 1) | (retain ? 1 : 0), Buffer.concat(parts));
}

const SUBACK = packet(0x90, Buffer.from([0x00, 0x01, 0x01]));
const PINGRESP = Buffer.from([0xd0, 0x00]);
const BIG = Buffer.alloc(300, 0x41);

const STREAM = [
  publish('s1/p1', '{"v":1}'),
  SUBACK,
  publish('s1/p2', '{"v":2}', 1),
  publish('grüße/ü', BIG),
  publish('s1/p3', '', 0, true),
  PINGRESP,
  publish('s1/p4', '{"v":4}'),
];
const TAKEN = [
  ['s1/p1', '{"v":1}'],
  ['grüße/ü', BIG.toString()],
  ['s1/p3', ''],
  ['s1/p4', '{"v":4}'],
];
const PASSED = Buffer.concat([SUBACK, publish('s1/p2', '{"v":2}', 1), PINGRESP]);

/** Feeds `chunks` through a reader: what it took, and the bytes it handed on. */
function feed(chunks: Buffer[]) {
  const taken: [string, string][] = [];
  const reader = new PublishReader((topic, bytes, start, end) =>
    taken.push([topic, bytes.toString('utf8', start, end)]),
  );
  const passed: Buffer[] = [];
  for (const chunk of chunks) {
    const rest = reader.take(chunk);
    if (rest) passed.push(rest);
  }
  const tail = reader.drain(null);
  if (tail) passed.push(tail);
  return { taken, passed: Buffer.concat(passed), reader };
}

describe('QoS 0 messages read off the broker socket', () => {
  it('PT1 takes the QoS 0 PUBLISHes and hands the rest on in order, wherever the chunks are cut', () => {
    const all = Buffer.concat(STREAM);
    for (let cut = 0; cut <= all.length; cut++) {
      for (const second of [all.length, Math.min(all.length, cut + 7)]) {
        const { taken, passed } = feed([
          all.subarray(0, cut),
          all.subarray(cut, second),
          all.subarray(second),
        ]);
        expect(taken, `cut at ${cut}, ${second}`).toEqual(TAKEN);
        expect(passed.equals(PASSED), `cut at ${cut}, ${second}`).toBe(true);
      }
    }
    const bytes = feed([...all].map((b) => Buffer.from([b])));
    expect(bytes.taken).toEqual(TAKEN);
    expect(bytes.passed.equals(PASSED)).toBe(true);
  });

  it('PT2 hands everything on from bytes that do not frame as MQTT', () => {
    const garbage = Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02]);
    const later = publish('s1/p9', '{"v":9}');
    const { taken, passed, reader } = feed([
      Buffer.concat([publish('s1/p1', '{"v":1}'), garbage]),
      later,
    ]);
    expect(taken).toEqual([['s1/p1', '{"v":1}']]);
    expect(reader.broken).toBe(true);
    expect(passed.equals(Buffer.concat([garbage, later]))).toBe(true);
    // A topic longer than its packet is MQTT.js's to report.
    const short = packet(0x30, Buffer.from([0x00, 0x09, 0x61]));
    const odd = feed([short]);
    expect(odd.taken).toEqual([]);
    expect(odd.passed.equals(short)).toBe(true);
  });

  it('PT3 on a TCP socket the reader sees the bytes before the stream does; other streams are left to MQTT.js', async () => {
    const server = createServer((peer) => peer.end(Buffer.concat(STREAM)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const taken: [string, string][] = [];
    expect(
      tapPublishes(socket, (topic, bytes, start, end) =>
        taken.push([topic, bytes.toString('utf8', start, end)]),
      ),
    ).toBeInstanceOf(SocketReads);
    const seen: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => seen.push(chunk));
    await new Promise((r) => socket.once('end', r));
    server.close();
    expect(taken).toEqual(TAKEN);
    expect(Buffer.concat(seen).equals(PASSED)).toBe(true);
    const other = new Duplex({
      read() {},
      write(_chunk, _encoding, done) {
        done();
      },
    });
    expect(tapPublishes(other, () => {})).toBeNull();
  });

  it('PT4 a held socket is not read until released, then everything comes in order; holding a closed or connecting socket does nothing', async () => {
    let peer: Socket | null = null;
    const server = createServer((s) => (peer = s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const taken: [string, string][] = [];
    const reads = tapPublishes(socket, (topic, bytes, start, end) =>
      taken.push([topic, bytes.toString('utf8', start, end)]),
    )!;
    // Still connecting: nothing to hold, and the release that follows starts nothing.
    reads.hold();
    reads.release();
    await new Promise((r) => socket.once('connect', r));
    await until(() => peer !== null);
    const seen: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => seen.push(chunk));
    const write = (chunk: Buffer) => new Promise<void>((r) => peer!.write(chunk, () => r()));

    await write(STREAM[0]!);
    await until(() => taken.length === 1);
    reads.hold();
    reads.hold();
    for (const chunk of STREAM.slice(1)) await write(chunk);
    // Written into the socket, and several turns of the event loop for it to be read: held.
    for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
    expect(taken).toEqual([TAKEN[0]]);
    expect(seen).toEqual([]);
    reads.release();
    await until(() => taken.length === TAKEN.length);
    expect(taken).toEqual(TAKEN);
    await until(() => Buffer.concat(seen).length === PASSED.length);
    expect(Buffer.concat(seen).equals(PASSED)).toBe(true);

    // A release without a hold, and a hold once the socket is gone, do nothing.
    reads.release();
    socket.destroy();
    reads.hold();
    reads.release();
    server.close();
  });
});

describe('a socket with much waiting', () => {
  it('PT5 a first read after a release of BACKLOG_BYTES or more leaves the socket out of the next SKIP_HOLDS holds', async () => {
    let peer: Socket | null = null;
    const server = createServer((s) => (peer = s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const taken: string[] = [];
    const reads = tapPublishes(socket, (topic) => taken.push(topic))!;
    await new Promise((r) => socket.once('connect', r));
    await until(() => peer !== null);
    const write = (chunk: Buffer) => new Promise<void>((r) => peer!.write(chunk, () => r()));
    const big = Buffer.alloc(1000, 0x41);
    const n = Math.ceil(BACKLOG_BYTES / 1000) + 8;
    const burst = Buffer.concat(Array.from({ length: n }, (_, i) => publish(`b/${i}`, big)));
    const turns = async () => {
      for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
    };

    reads.hold();
    await write(burst);
    await turns();
    expect(taken).toEqual([]);
    reads.release();
    await until(() => taken.length === n);
    // Too much had waited: the next holds leave the socket out, values are read as they come.
    for (let i = 0; i < SKIP_HOLDS; i++) {
      reads.hold();
      await write(publish(`s/${i}`, '{"v":1}'));
      await until(() => taken.at(-1) === `s/${i}`);
      reads.release();
    }
    // Then it is held again.
    reads.hold();
    await write(publish('s/last', '{"v":1}'));
    await turns();
    expect(taken.at(-1)).toBe(`s/${SKIP_HOLDS - 1}`);
    reads.release();
    await until(() => taken.at(-1) === 's/last');
    socket.destroy();
    server.close();
  });
});

async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
}
