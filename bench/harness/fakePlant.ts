/**
 * A stand-in for the reference server that speaks just enough for the bench harness to be
 * checked end to end without the product (`npm run bench -- --fake-plant`): the PV hub
 * (negotiate, JSON handshake, SubscribeToPvs/UnsubscribeFromPvs, `newValues` per 50 ms
 * tick at the configured rate), GET /api/Pv/getallpvnodes, a /metrics with the hub
 * gauges, and a stand-in Pegel tab (fakeAppPage.ts) on every other path. Its figures say nothing about Pegel; a run against it is marked as such.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { HUBS, HUB_METHODS } from '../../src/contract/hubs.ts';
import { API } from '../../src/contract/paths.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvNode, PvRef, PvValue } from '../../src/contract/pv.ts';
import type { PlantServerHandle } from '../../tests/support/plantServer.ts';
import type { LoadSettings } from './context.ts';
import { FAKE_APP_PAGE } from './fakeAppPage.ts';
import { completionFrame, HANDSHAKE_FRAME, hubMessages, newValuesFrame } from './hubFrames.ts';
import { SERVER_METRICS } from './serverMetrics.ts';

const TICK_MS = 50;

function nodesOf(load: LoadSettings): PvNode[] {
  return Array.from({ length: load.stations }, (_, s) => ({
    stationNumber: s + 1,
    stationName: `Station ${s + 1}`,
    pvs: Array.from({ length: load.pvsPerStation }, (_, i): PvRef => ({
      type: 'AnaIn',
      nr: 100_001 + s * load.pvsPerStation + i,
    })),
  }));
}

export async function startFakePlant(load: LoadSettings): Promise<PlantServerHandle> {
  const nodes = nodesOf(load);
  const refs = nodes.flatMap((n) => n.pvs);
  const subscriptions = new Map<WebSocket, Set<string>>();
  let nextId = 0;

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path === `${HUBS.pv}/negotiate`) {
      const id = `fake-${nextId++}`;
      return json({
        connectionId: id,
        connectionToken: id,
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      });
    }
    if (path === API.pv.nodes) return json(nodes);
    if (path === API.metrics) {
      const keys = [...subscriptions.values()].reduce((a, s) => a + s.size, 0);
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      return res.end(
        `# TYPE ${SERVER_METRICS.hubConnections} gauge\n${SERVER_METRICS.hubConnections}{hub="pv"} ${subscriptions.size}\n` +
          `# TYPE ${SERVER_METRICS.hubSubscriptions} gauge\n${SERVER_METRICS.hubSubscriptions}{hub="pv"} ${keys}\n`,
      );
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(FAKE_APP_PAGE);
  });

  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    if (!(req.url ?? '').startsWith(HUBS.pv)) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const keys = new Set<string>();
      subscriptions.set(ws, keys);
      ws.on('close', () => subscriptions.delete(ws));
      ws.on('message', (data) => {
        for (const msg of hubMessages(data.toString())) {
          if (msg.type === undefined) ws.send(HANDSHAKE_FRAME);
          else if (msg.type === 1) {
            const list = (msg.arguments?.[0] ?? []) as string[];
            if (msg.target === HUB_METHODS.pv.subscribeToPvs) for (const k of list) keys.add(k);
            if (msg.target === HUB_METHODS.pv.unsubscribeFromPvs)
              for (const k of list) keys.delete(k);
            if (msg.invocationId) ws.send(completionFrame(msg.invocationId));
          }
        }
      });
    });
  });

  let cursor = 0;
  const perTick = Math.max(1, Math.round((load.updatesPerSec * TICK_MS) / 1000));
  const ticker = setInterval(() => {
    // A plant without load (a scenario of other things, e.g. the alarm flood) sends no values.
    if (refs.length === 0) return;
    const now = Date.now();
    const changed: PvValue[] = [];
    for (let i = 0; i < perTick; i++) {
      const ref = refs[(cursor = (cursor + 7919) % refs.length)]!;
      changed.push({
        pvRef: ref,
        typeOfValue: 'DoubleValue',
        doubleValue: Math.sin(now / 1000 + ref.nr),
        quality: 'Good',
        timestamp: now,
      });
    }
    for (const [ws, keys] of subscriptions) {
      const mine = changed.filter((v) => keys.has(pvKey(v.pvRef)));
      if (mine.length) ws.send(newValuesFrame(mine));
    }
  }, TICK_MS);

  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const port = (http.address() as AddressInfo).port;
  const close = async () => {
    clearInterval(ticker);
    for (const ws of subscriptions.keys()) ws.terminate();
    wss.close();
    await new Promise<void>((r) => http.close(() => r()));
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: '',
    output: () => '',
    stop: close,
    kill: close,
    restart: async () => {
      throw new Error('the fake plant cannot restart');
    },
    dispose: close,
  };
}
