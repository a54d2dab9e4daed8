/**
 * One connection with a fake host and transport: the handshake, one frame per flush with
 * coalesced values (latest wins), close, and slow clients.
 */
import { describe, expect, it } from 'vitest';
import {
  HubConnection,
  type ConnectionHost,
  type HubTransport,
} from '../../../server/hubs/HubConnection.ts';
import { RawJson, type IncomingHubMessage } from '../../../server/hubs/protocol.ts';
import { KeyedSubscriptions } from '../../../server/hubs/KeyedSubscriptions.ts';
import type { SessionUser } from '../../../server/auth/service.ts';

const RS = '\x1e';
const USER: SessionUser = {
  userId: 1,
  username: 'op',
  role: 'operator',
  rights: new Set(),
  stations: null,
  sessionId: 's',
};

function setup(options: { maxOutboxChars?: number; backlog?: number } = {}) {
  const frames: string[] = [];
  const dispatched: IncomingHubMessage[] = [];
  const dirty = new Set<HubConnection>();
  const later = new Set<HubConnection>();
  const sent: [string, number][] = [];
  const values: number[] = [];
  let ended = 0;
  let closedCalls = 0;
  let backlog = options.backlog ?? 0;
  const host: ConnectionHost = {
    now: () => 1000,
    scheduleFlush: (c) => dirty.add(c),
    flushLater: (c) => later.add(c),
    dispatch: (_c, m) => dispatched.push(m),
    handshakeDone: () => {},
    closed: () => closedCalls++,
    sent: (_c, counts, n) => {
      sent.push(...counts);
      values.push(n);
    },
    maxMessageChars: 1000,
    maxOutboxChars: options.maxOutboxChars ?? 1_000_000,
    backlogHighWaterBytes: 100,
  };
  const transport: HubTransport = {
    name: 'WebSockets',
    write: (f) => frames.push(f),
    backlog: () => backlog,
    end: () => ended++,
  };
  const conn = new HubConnection('id', 'token', 'pv', USER, host);
  conn.attach(transport);
  return {
    conn,
    frames,
    dispatched,
    dirty,
    later,
    sent,
    values,
    ended: () => ended,
    closedCalls: () => closedCalls,
    setBacklog: (n: number) => (backlog = n),
    records: (frame: string) =>
      frame
        .split(RS)
        .filter(Boolean)
        .map((t) => JSON.parse(t) as Record<string, unknown>),
  };
}

describe('HubConnection', () => {
  it('SR8: answers the handshake alone and dispatches the messages that share its frame', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}{"type":6}${RS}`);
    expect(t.frames).toEqual([`{}${RS}`]);
    expect(t.conn.state).toBe('connected');
    expect(t.dispatched).toEqual([{ type: 6 }]);
  });

  it('SR8: refuses another protocol version with an error and ends the socket', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":2}${RS}`);
    expect(JSON.parse(t.frames[0]!.slice(0, -1)).error).toMatch(/version 2/);
    expect(t.ended()).toBe(1);
    expect(t.conn.state).toBe('closed');
  });

  it('HC1: everything queued in a tick leaves as one frame; coalesced values keep the latest per key', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    t.conn.send('a', 1);
    t.conn.coalesce('newValues', 'ai1', { v: 1 });
    t.conn.coalesce('newValues', 'ai2', { v: 2 });
    t.conn.coalesce('newValues', 'ai1', { v: 3 });
    t.conn.coalesce('newDialState', 'st1', { s: 'A' }, 'each');
    t.conn.coalesce('newDialState', 'st2', { s: 'B' }, 'each');
    t.conn.complete('5', { result: 'ok' });
    expect(t.dirty.has(t.conn)).toBe(true);
    t.conn.flush();
    expect(t.frames).toHaveLength(2);
    expect(t.records(t.frames[1]!)).toEqual([
      { type: 1, target: 'a', arguments: [1] },
      { type: 3, invocationId: '5', result: 'ok' },
      { type: 1, target: 'newValues', arguments: [[{ v: 3 }, { v: 2 }]] },
      { type: 1, target: 'newDialState', arguments: [{ s: 'A' }] },
      { type: 1, target: 'newDialState', arguments: [{ s: 'B' }] },
    ]);
    expect(new Map(t.sent)).toEqual(
      new Map([
        ['a', 1],
        ['completion', 1],
        ['newValues', 1],
        ['newDialState', 2],
      ]),
    );
    // Values counted once per key and frame (pegel_hub_values_sent_total): ai1, ai2, st1, st2.
    expect(t.values.at(-1)).toBe(4);
    t.conn.flush();
    expect(t.frames).toHaveLength(2);
  });

  it('HC2: a slow socket holds frames back while values keep coalescing', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    t.setBacklog(1000);
    t.conn.coalesce('newValues', 'ai1', 1);
    t.conn.flush();
    t.conn.coalesce('newValues', 'ai1', 2);
    expect(t.frames).toHaveLength(1);
    expect(t.later.has(t.conn)).toBe(true);
    t.setBacklog(0);
    t.conn.flush();
    expect(t.records(t.frames[1]!)).toEqual([{ type: 1, target: 'newValues', arguments: [[2]] }]);
  });

  it('HC3: a client that lets the queue overflow is closed with allowReconnect', () => {
    const t = setup({ maxOutboxChars: 200 });
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    for (let i = 0; i < 10; i++) t.conn.send('x', 'y'.repeat(30));
    expect(t.conn.state).toBe('closed');
    const close = t.records(t.frames.at(-1)!).at(-1)!;
    expect(close.type).toBe(7);
    expect(close.allowReconnect).toBe(true);
  });

  it('SR20: close sends Close (with or without allowReconnect) after the queued messages', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    t.conn.send('last', 1);
    t.conn.close({ allowReconnect: false });
    expect(t.records(t.frames[1]!)).toEqual([
      { type: 1, target: 'last', arguments: [1] },
      { type: 7 },
    ]);
    expect(t.ended()).toBe(1);
    expect(t.closedCalls()).toBe(1);
    t.conn.send('after', 1);
    t.conn.close({ allowReconnect: true });
    expect(t.frames).toHaveLength(2);
  });

  it('SR17: an oversized unfinished record ends the connection', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    t.conn.receive('x'.repeat(1001));
    expect(t.conn.state).toBe('closed');
  });
});

describe('KeyedSubscriptions', () => {
  it('KS1: subscribe returns new keys only, publish reaches subscribers, close frees all keys', () => {
    const a = setup();
    const b = setup();
    a.conn.receive(`{"protocol":"json","version":1}${RS}`);
    b.conn.receive(`{"protocol":"json","version":1}${RS}`);
    const subs = new KeyedSubscriptions('pv', 'values');
    expect(subs.subscribe(a.conn, ['k1', 'k2'])).toEqual(['k1', 'k2']);
    expect(subs.subscribe(a.conn, ['k2', 'k3'])).toEqual(['k3']);
    expect(subs.subscribe(b.conn, ['k1'])).toEqual(['k1']);
    expect(subs.keyCount).toBe(3);
    subs.publish('k1', 'msg', 1);
    a.conn.flush();
    b.conn.flush();
    expect(a.records(a.frames[1]!)).toEqual([{ type: 1, target: 'msg', arguments: [1] }]);
    expect(b.records(b.frames[1]!)).toEqual([{ type: 1, target: 'msg', arguments: [1] }]);

    subs.unsubscribe(a.conn, ['k1', 'never']);
    expect(subs.has(a.conn, 'k1')).toBe(false);
    expect([...subs.subscribers('k1')]).toHaveLength(1);
    a.conn.close({ allowReconnect: false });
    expect(subs.keyCount).toBe(1);
    expect([...subs.keysOf(a.conn)]).toHaveLength(0);
    b.conn.abort();
    expect(subs.keyCount).toBe(0);
    // A closed connection cannot subscribe again.
    expect(subs.subscribe(b.conn, ['k1'])).toEqual([]);
    expect(subs.keyCount).toBe(0);
  });
});

describe('serialisation', () => {
  it('HC4: RawJson arguments are written as is, undefined as null', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    t.conn.send('m', RawJson.of({ a: 1 }), undefined, 'x');
    t.conn.coalesce('v', 'k', RawJson.of([2]));
    t.conn.flush();
    expect(t.records(t.frames[1]!)).toEqual([
      { type: 1, target: 'm', arguments: [{ a: 1 }, null, 'x'] },
      { type: 1, target: 'v', arguments: [[[2]]] },
    ]);
  });
});

describe('latest-value slots', () => {
  it('KS2: publishLatest keeps one slot per key and connection; an unsubscribed key is skipped', () => {
    const t = setup();
    t.conn.receive(`{"protocol":"json","version":1}${RS}`);
    const subs = new KeyedSubscriptions<number>('pv', 'values');
    subs.subscribe(t.conn, [1, 2, 3]);
    subs.publishLatest(1, 'newValues', 'a', 'batch');
    subs.publishLatest(2, 'newValues', 'b', 'batch');
    subs.publishLatest(1, 'newValues', 'c', 'batch');
    subs.publishLatest(3, 'newValues', 'd', 'batch');
    subs.unsubscribe(t.conn, [3]);
    subs.publishLatest(3, 'newValues', 'e', 'batch');
    t.conn.flush();
    expect(t.records(t.frames[1]!)).toEqual([
      { type: 1, target: 'newValues', arguments: [['c', 'b']] },
    ]);
    // A tick whose only key was unsubscribed writes no (empty) frame.
    subs.publishLatest(1, 'newValues', 'g', 'batch');
    subs.unsubscribe(t.conn, [1]);
    t.conn.flush();
    expect(t.frames).toHaveLength(2);
    // The slots are free again for the next tick.
    subs.publishLatest(2, 'newValues', 'f', 'batch');
    t.conn.flush();
    expect(t.records(t.frames[2]!)).toEqual([{ type: 1, target: 'newValues', arguments: [['f']] }]);
  });
});
