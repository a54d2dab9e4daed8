/**
 * A fake PV hub inside one browser context (Playwright routing, no server): negotiate,
 * the JSON handshake, SubscribeToPvs completions and a `newValues` push per `push()`.
 * The harness uses it to check the baseline client on its own, with the server not needed.
 */
import type { BrowserContext, WebSocketRoute } from 'playwright-core';
import { HUBS, HUB_METHODS } from '../../src/contract/hubs.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import { completionFrame, HANDSHAKE_FRAME, hubMessages, newValuesFrame } from './hubFrames.ts';

export interface FakePvHub {
  /** Keys subscribed so far, over all connections. */
  subscribed: string[];
  connections: number;
  /** Sends one newValues invocation to every open connection. */
  push(values: PvValue[]): void;
}

export async function installFakePvHub(
  context: BrowserContext,
  origin: string,
): Promise<FakePvHub> {
  const sockets: WebSocketRoute[] = [];
  const hub: FakePvHub = {
    subscribed: [],
    connections: 0,
    push(values) {
      const frame = newValuesFrame(values);
      for (const ws of sockets) ws.send(frame);
    },
  };
  await context.route(`${origin}${HUBS.pv}/negotiate**`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        connectionId: `c${hub.connections}`,
        connectionToken: `t${hub.connections}`,
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      }),
    }),
  );
  await context.routeWebSocket(new RegExp(`${HUBS.pv}\\?id=`), (ws) => {
    hub.connections++;
    sockets.push(ws);
    ws.onMessage((data) => {
      for (const msg of hubMessages(String(data))) {
        if (msg.type === undefined) ws.send(HANDSHAKE_FRAME);
        else if (msg.type === 1 && msg.target === HUB_METHODS.pv.subscribeToPvs) {
          hub.subscribed.push(...(msg.arguments?.[0] as string[]));
          if (msg.invocationId) ws.send(completionFrame(msg.invocationId));
        }
      }
    });
  });
  return hub;
}
