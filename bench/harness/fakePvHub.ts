/**
 * A fake PV hub inside one browser context (Playwright routing, no server): negotiate,
 * the JSON handshake, SubscribeToPvs completions and a `newValues` push per `push()`.
 * The harness uses it to check the baseline client on its own, with the server not needed.
 */
import type { BrowserContext, WebSocketRoute } from 'playwright-core';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import type { PvValue } from '../../src/contract/pv.ts';

const RS = '\x1e';

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
      const frame =
        JSON.stringify({ type: 1, target: HUB_MESSAGES.newValues, arguments: [values] }) + RS;
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
      for (const part of String(data).split(RS)) {
        if (!part) continue;
        const msg = JSON.parse(part) as {
          type?: number;
          invocationId?: string;
          target?: string;
          arguments?: unknown[];
        };
        if (msg.type === undefined) ws.send(`{}${RS}`);
        else if (msg.type === 1 && msg.target === HUB_METHODS.pv.subscribeToPvs) {
          hub.subscribed.push(...(msg.arguments?.[0] as string[]));
          if (msg.invocationId)
            ws.send(JSON.stringify({ type: 3, invocationId: msg.invocationId }) + RS);
        }
      }
    });
  });
  return hub;
}
