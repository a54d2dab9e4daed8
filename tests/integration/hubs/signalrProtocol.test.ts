/**
 * SignalR protocol conformance (SIGNALR.md), judged by the official @microsoft/signalr client
 * running in Node against HubServer on a real Fastify server, plus a bare WebSocket client
 * for frame-level rules.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as signalR from '@microsoft/signalr';
import { HubServer } from '../../../server/hubs/HubServer.ts';
import { HubError } from '../../../server/hubs/hubArgs.ts';
import type { HubConnection as ServerConnection } from '../../../server/hubs/HubConnection.ts';
import {
  OTHER_TOKEN,
  SESSION_COOKIE,
  buildClient,
  cookieAuth,
  metricValue,
  startTestServer,
  waitFor,
  type ClientOptions,
  type TestServer,
} from '../../support/hubTestServer.ts';
import { RS, RawHubClient, negotiate } from '../../support/rawHubClient.ts';

const CLIENT_TIMEOUT_MS = 1000;
const KEEP_ALIVE_MS = 100;

let server: TestServer;
let hubs: HubServer;
let hubUrl: string;
const recorded: unknown[] = [];
const serverConnections: ServerConnection[] = [];
const clients: signalR.HubConnection[] = [];
const raws: RawHubClient[] = [];

beforeAll(async () => {
  server = await startTestServer((app, metrics) => {
    hubs = new HubServer(
      app,
      cookieAuth,
      {
        keepAliveIntervalMs: KEEP_ALIVE_MS,
        clientTimeoutMs: CLIENT_TIMEOUT_MS,
        handshakeTimeoutMs: 300,
        closeGraceMs: 200,
      },
      metrics,
    );
    hubs.addHub({
      name: 'test',
      path: '/hubs/test',
      methods: {
        Echo: (_conn, value) => value,
        WhoAmI: (conn) => ({ id: conn.id, user: conn.user.username }),
        Fail: () => {
          throw new HubError('nope: bad input');
        },
        Crash: () => {
          throw new Error('secret detail');
        },
        AsyncEcho: async (_conn, value) => {
          await new Promise((r) => setTimeout(r, 20));
          return value;
        },
        Length: (_conn, text) => {
          if (typeof text !== 'string') throw new HubError('Length expects a string.');
          return text.length;
        },
        Record: (_conn, value) => {
          recorded.push(value);
        },
        Push: (conn, count) => {
          for (let i = 0; i < Number(count); i++) conn.send('pushed', i, `item ${i}`);
          return count;
        },
        CloseMe: (conn, allowReconnect, error) => {
          const options = {
            allowReconnect: allowReconnect === true,
            ...(typeof error === 'string' ? { error } : {}),
          };
          setTimeout(() => conn.close(options), 20);
        },
      },
      onConnect: (conn) => serverConnections.push(conn),
    });
  });
  hubUrl = `${server.url}/hubs/test`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) await c.stop();
  for (const r of raws.splice(0)) r.close();
});

afterAll(async () => {
  await server?.close();
});

function client(options: ClientOptions = {}): signalR.HubConnection {
  const c = buildClient(hubUrl, { keepAliveMs: 200, ...options });
  clients.push(c);
  return c;
}

async function raw(): Promise<RawHubClient> {
  const r = await RawHubClient.connect(hubUrl);
  raws.push(r);
  return r;
}

describe('negotiate', () => {
  it('SR1: v1 answers a secret connectionToken and a public connectionId (SIGNALR.md Negotiate)', async () => {
    const { status, body } = await negotiate(hubUrl, 1);
    expect(status).toBe(200);
    expect(body!.negotiateVersion).toBe(1);
    expect(typeof body!.connectionToken).toBe('string');
    expect(body!.connectionToken).not.toBe(body!.connectionId);
    expect(body!.availableTransports.map((t) => t.transport)).toEqual([
      'WebSockets',
      'ServerSentEvents',
    ]);
    // The public id is not a key to the connection.
    await expect(
      RawHubClient.open(`${hubUrl.replace('http', 'ws')}?id=${body!.connectionId}`),
    ).rejects.toThrow('status 404');
  });

  it('SR2: v0 (or no version) answers only a connectionId, which is the id to connect with', async () => {
    for (const version of [0, null]) {
      const { body } = await negotiate(hubUrl, version);
      expect(body!.negotiateVersion).toBe(0);
      expect(body!.connectionToken).toBeUndefined();
      const r = await RawHubClient.open(`${hubUrl.replace('http', 'ws')}?id=${body!.connectionId}`);
      raws.push(r);
      expect(await r.handshake()).toBe(`{}${RS}`);
    }
  });

  it('SR3: a higher requested version gets min(requested, 1)', async () => {
    const { body } = await negotiate(hubUrl, 7);
    expect(body!.negotiateVersion).toBe(1);
  });

  it('SR4: without a session negotiate is 401 and start() rejects with a 401 error', async () => {
    expect((await negotiate(hubUrl, 1, null)).status).toBe(401);
    const c = client({ cookie: null });
    await expect(c.start()).rejects.toThrow(/401/);
    const other = client({ cookie: `${SESSION_COOKIE}=unknown` });
    await expect(other.start()).rejects.toThrow(/401/);
  });

  it('SR5: the WebSocket upgrade needs a session (401), a known id (404) and only one socket (409)', async () => {
    const { body } = await negotiate(hubUrl, 1);
    const wsUrl = `${hubUrl.replace('http', 'ws')}?id=${body!.connectionToken}`;
    await expect(RawHubClient.open(wsUrl, null)).rejects.toThrow('status 401');
    await expect(RawHubClient.open(wsUrl, `${SESSION_COOKIE}=${OTHER_TOKEN}`)).rejects.toThrow(
      'status 401',
    );
    await expect(RawHubClient.open(`${hubUrl.replace('http', 'ws')}?id=nope`)).rejects.toThrow(
      'status 404',
    );
    const first = await RawHubClient.open(wsUrl);
    raws.push(first);
    await expect(RawHubClient.open(wsUrl)).rejects.toThrow('status 409');
  });

  it('SR6: a Cookie header with attributes (Node client) and an access_token are accepted', async () => {
    const c = client({
      cookie: `${SESSION_COOKIE}=valid-session; Path=/; HttpOnly`,
      accessToken: 'ignored-token',
    });
    await c.start();
    expect(await c.invoke('Echo', 1)).toBe(1);
    const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1&access_token=x`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=valid-session; Path=/; HttpOnly` },
    });
    expect(res.status).toBe(200);
  });

  it('SR7: skipNegotiation connects over WebSockets without an id', async () => {
    const c = client({ skipNegotiation: true });
    await c.start();
    expect(c.connectionId).toBeNull();
    expect(await c.invoke('Echo', 'direct')).toBe('direct');
  });
});

describe('handshake', () => {
  it('SR8: a JSON handshake is answered {} and an unknown protocol gets an error, then close', async () => {
    const ok = await raw();
    expect(await ok.handshake()).toBe(`{}${RS}`);
    const bad = await raw();
    bad.send(`{"protocol":"messagepack","version":1}${RS}`);
    const answer = await bad.nextFrame();
    expect(JSON.parse(answer.slice(0, -1))).toEqual({
      error: "The protocol 'messagepack' is not supported.",
    });
    await bad.closed;
  });

  it('SR9: a connection without a handshake is closed after the handshake timeout', async () => {
    const r = await raw();
    const started = Date.now();
    await r.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(r.frames).toEqual([]);
  });
});

describe('invocations', () => {
  it('SR10: invoke gets a result (sync and async) and the server sees the public connection id', async () => {
    const c = client();
    await c.start();
    expect(await c.invoke('Echo', { a: [1, 'x'] })).toEqual({ a: [1, 'x'] });
    expect(await c.invoke('AsyncEcho', 'later')).toBe('later');
    expect(await c.invoke('WhoAmI')).toEqual({ id: c.connectionId, user: 'operator' });
    // A void method completes without a result.
    expect(await c.invoke('Record', 'void')).toBeUndefined();
  });

  it('SR11: a HubError becomes the error of the invocation; other errors hide their details', async () => {
    const c = client();
    await c.start();
    await expect(c.invoke('Fail')).rejects.toThrow('nope: bad input');
    await expect(c.invoke('Crash')).rejects.toThrow(
      "An unexpected error occurred invoking 'Crash' on the server.",
    );
    await expect(c.invoke('NoSuchMethod')).rejects.toThrow("Unknown hub method 'NoSuchMethod'.");
    await expect(c.invoke('Echo', ...Array<number>(65).fill(1))).rejects.toThrow(
      'Echo takes at most 64 arguments.',
    );
    // The connection survives.
    expect(await c.invoke('echo', 2)).toBe(2);
  });

  it('SR12: send() is fire-and-forget: the server runs it and answers no completion', async () => {
    const c = client();
    await c.start();
    await c.send('Record', 'fire');
    await waitFor(() => recorded.includes('fire'));

    const r = await raw();
    await r.handshake();
    r.send(`{"type":1,"target":"Record","arguments":["raw-fire"]}${RS}`);
    r.send(`{"type":1,"target":"Fail","arguments":[]}${RS}`);
    r.send(`{"type":1,"invocationId":"7","target":"Echo","arguments":[7]}${RS}`);
    await r.until(() => r.records().some((m) => m.type === 3));
    const completions = r.records().filter((m) => m.type === 3);
    expect(completions).toEqual([{ type: 3, invocationId: '7', result: 7 }]);
    expect(recorded).toContain('raw-fire');
  });

  it('SR13: server-to-client invocations reach the client handlers, several per frame', async () => {
    const c = client();
    const got: [number, string][] = [];
    c.on('pushed', (i: number, text: string) => got.push([i, text]));
    await c.start();
    expect(await c.invoke('Push', 3)).toBe(3);
    await waitFor(() => got.length === 3);
    expect(got).toEqual([
      [0, 'item 0'],
      [1, 'item 1'],
      [2, 'item 2'],
    ]);

    // What went out in one tick is one frame: three invocations and the completion.
    const r = await raw();
    await r.handshake();
    r.send(`{"type":1,"invocationId":"1","target":"Push","arguments":[3]}${RS}`);
    const frame = await r.nextFrame();
    expect(
      frame
        .split(RS)
        .filter(Boolean)
        .map((t) => JSON.parse(t).type),
    ).toEqual([1, 1, 1, 3]);
  });

  it('SR14: several messages in one frame and one message split over frames are reassembled', async () => {
    const r = await raw();
    await r.handshake();
    const one = `{"type":1,"invocationId":"a","target":"Echo","arguments":["A"]}${RS}`;
    const two = `{"type":1,"invocationId":"b","target":"Echo","arguments":["B"]}${RS}`;
    const three = `{"type":1,"invocationId":"c","target":"Echo","arguments":["C"]}${RS}`;
    r.send(one + two + three.slice(0, 20));
    await new Promise((res) => setTimeout(res, 30));
    r.send(three.slice(20));
    await r.until(() => r.records().filter((m) => m.type === 3).length === 3);
    expect(r.records().filter((m) => m.type === 3)).toEqual([
      { type: 3, invocationId: 'a', result: 'A' },
      { type: 3, invocationId: 'b', result: 'B' },
      { type: 3, invocationId: 'c', result: 'C' },
    ]);
  });

  it('SR15: a 1 MB argument is accepted', async () => {
    const c = client();
    await c.start();
    const big = 'x'.repeat(1024 * 1024);
    expect(await c.invoke('Length', big)).toBe(big.length);
    expect(await c.invoke('Echo', big)).toBe(big);
  });

  it('SR16: StreamInvocation, CancelInvocation and client streams get an error completion', async () => {
    const r = await raw();
    await r.handshake();
    r.send(`{"type":4,"invocationId":"s","target":"Echo","arguments":[1]}${RS}`);
    r.send(`{"type":5,"invocationId":"s"}${RS}`);
    r.send(`{"type":1,"invocationId":"u","target":"Echo","arguments":[],"streamIds":["1"]}${RS}`);
    r.send(`{"type":42}${RS}{"type":6}${RS}`);
    await r.until(() => r.records().filter((m) => m.type === 3).length === 3);
    const errors = r.records().filter((m) => m.type === 3);
    expect(errors.map((m) => m.invocationId)).toEqual(['s', 's', 'u']);
    for (const m of errors) expect(typeof m.error).toBe('string');

    const c = client();
    await c.start();
    const stream = c.stream('Echo', 1);
    const failure = await new Promise<unknown>((resolve) =>
      stream.subscribe({ next: () => {}, error: resolve, complete: () => resolve(null) }),
    );
    expect(String(failure)).toContain('not supported');
  });

  it('SR17: a malformed message closes the connection with an error', async () => {
    const r = await raw();
    await r.handshake();
    r.send(`not json${RS}`);
    await r.closed;
    const close = r.records().find((m) => m.type === 7);
    expect(close?.error).toMatch(/not valid JSON/);
    expect(close?.allowReconnect).toBeUndefined();
  });
});

describe('keep-alive and timeouts', () => {
  it('SR18: server pings keep an idle connection alive past the client server timeout', async () => {
    const before = await metricValue(server.metricsText(), 'pegel_hub_messages_sent_total', {
      hub: 'test',
      message: 'ping',
    });
    const c = client({ serverTimeoutMs: 800 });
    let closedWith: unknown = 'open';
    c.onclose((err) => (closedWith = err));
    await c.start();
    await new Promise((r) => setTimeout(r, 1500));
    expect(closedWith).toBe('open');
    expect(c.state).toBe(signalR.HubConnectionState.Connected);
    const after = await metricValue(server.metricsText(), 'pegel_hub_messages_sent_total', {
      hub: 'test',
      message: 'ping',
    });
    expect(after - before).toBeGreaterThanOrEqual(5);
  });

  it('SR19: the server drops a client that sends nothing for the client timeout', async () => {
    const c = client({ keepAliveMs: 60_000, serverTimeoutMs: 120_000 });
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.start();
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 300);
    expect(c.state).toBe(signalR.HubConnectionState.Disconnected);
  });
});

describe('close', () => {
  it('SR20: Close without allowReconnect ends the client for good, even with a retry policy', async () => {
    const c = client({ reconnectDelaysMs: [0, 10] });
    let reconnecting = false;
    c.onreconnecting(() => (reconnecting = true));
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.start();
    await c.invoke('CloseMe', false, 'maintenance');
    const err = await closed;
    expect(String(err)).toContain('Server returned an error on close: maintenance');
    expect(reconnecting).toBe(false);

    const quiet = client({ reconnectDelaysMs: [0, 10] });
    quiet.onreconnecting(() => (reconnecting = true));
    const quietClosed = new Promise<Error | undefined>((resolve) => quiet.onclose(resolve));
    await quiet.start();
    await quiet.invoke('CloseMe', false);
    expect(await quietClosed).toBeUndefined();
    expect(reconnecting).toBe(false);
    expect(quiet.state).toBe(signalR.HubConnectionState.Disconnected);
  });

  it('SR21: Close with allowReconnect makes the client reconnect with a new connection id', async () => {
    const c = client({ reconnectDelaysMs: [0, 50, 100] });
    await c.start();
    const firstId = c.connectionId;
    const reconnected = new Promise<string | undefined>((resolve) => c.onreconnected(resolve));
    await c.invoke('CloseMe', true);
    const newId = await reconnected;
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(firstId);
    expect(await c.invoke('Echo', 'again')).toBe('again');
  });

  it('SR22: closeAll reaches every open connection; connections are counted in metrics', async () => {
    const a = client({ reconnectDelaysMs: [0] });
    const b = client();
    await a.start();
    await b.start();
    const countBefore = hubs.connectionCount('test');
    expect(countBefore).toBeGreaterThanOrEqual(2);
    expect(await metricValue(server.metricsText(), 'pegel_hub_connections', { hub: 'test' })).toBe(
      countBefore,
    );
    const bClosed = new Promise<Error | undefined>((resolve) => b.onclose(resolve));
    const aReconnected = new Promise<string | undefined>((resolve) => a.onreconnected(resolve));
    await hubs.closeAll({ allowReconnect: true });
    expect(await bClosed).toBeUndefined();
    expect(await aReconnected).toBeTruthy();
  });

  it('SR23: stop() on the client frees the connection on the server', async () => {
    const c = client();
    await c.start();
    const id = c.connectionId;
    expect([...hubs.connections('test')].some((conn) => conn.id === id)).toBe(true);
    await c.stop();
    await waitFor(() => ![...hubs.connections('test')].some((conn) => conn.id === id));
  });
});

describe('Server-Sent Events', () => {
  it('SR24: the SSE transport works end to end', async () => {
    const c = client({ transport: signalR.HttpTransportType.ServerSentEvents });
    const got: number[] = [];
    c.on('pushed', (i: number) => got.push(i));
    await c.start();
    expect(await c.invoke('Echo', 'sse')).toBe('sse');
    await c.invoke('Push', 2);
    await waitFor(() => got.length === 2);
    await expect(c.invoke('Fail')).rejects.toThrow('nope');
    const big = 'x'.repeat(1024 * 1024);
    expect(await c.invoke('Length', big)).toBe(big.length);
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.invoke('CloseMe', false, 'bye');
    expect(String(await closed)).toContain('Server returned an error on close: bye');
  });

  it('SR25: SSE POST and GET answer 404 for unknown ids and 401 without a session', async () => {
    const post = await fetch(`${hubUrl}?id=unknown`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=valid-session`, 'content-type': 'text/plain' },
      body: `{"type":6}${RS}`,
    });
    expect(post.status).toBe(404);
    const get = await fetch(`${hubUrl}?id=unknown`, {
      headers: { cookie: `${SESSION_COOKIE}=valid-session`, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(404);
    const { body } = await negotiate(hubUrl, 1);
    const anonymous = await fetch(`${hubUrl}?id=${body!.connectionToken}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(anonymous.status).toBe(401);
  });
});
