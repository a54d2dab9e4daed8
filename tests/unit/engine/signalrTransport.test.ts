/**
 * The engine over the official @microsoft/signalr client against a minimal SignalR server:
 * subscribe and push, reconnect with re-subscription, 401 during reconnect — rules CH4,
 * SE1 of workers/SPEC.md, in real (short) time.
 */
import { framePvValues } from '../../../workers/pvColumns.ts';
import { LogLevel } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_METHODS } from '../../../src/contract/hubs.ts';
import { Engine } from '../../../workers/Engine.ts';
import type { Frame, TabMessage } from '../../../workers/engineProtocol.ts';
import { foreverRetryPolicy } from '../../../workers/retryPolicy.ts';
import { createSignalrTransportFactory } from '../../../workers/signalrTransport.ts';
import { noTabLocks } from '../../../workers/tabLocks.ts';
import { createRealTimers } from '../../../src/domain/timers.ts';
import {
  startMiniSignalrServer,
  type MiniSignalrServer,
} from '../../support/engine/miniSignalrServer.ts';
import { doubleValue } from '../../support/engine/engineHarness.ts';
import { CONDITION_WAIT_MS } from '../../support/testSize.ts';

let server: MiniSignalrServer | undefined;
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.disconnect('tab');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await server?.close();
});

async function until(condition: () => boolean, timeoutMs = CONDITION_WAIT_MS): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SignalR transport', () => {
  it('CH4/SE1: subscribes, receives pushes, re-subscribes after a drop and ends the session on a 401', async () => {
    server = await startMiniSignalrServer();
    server.answer(HUB_METHODS.serverStatus.getStatus, () => ({ status: 'Connected', since: 0 }));
    server.answer(HUB_METHODS.pv.subscribeToPvs, ([keys], push) => {
      // Like the real hub: the current state of new keys right after subscribing.
      push(
        'newValues',
        (keys as string[]).map((key) => doubleValue(Number(key.slice(2)), 1.5)),
      );
    });
    engine = new Engine({
      timers: createRealTimers(),
      transports: createSignalrTransportFactory(server.baseUrl, foreverRetryPolicy, LogLevel.None),
      fetchPvConfigs: async () => [],
      locks: noTabLocks,
      channelCloseGraceMs: 0,
    });
    const messages: TabMessage[] = [];
    const values = () =>
      messages.flatMap((m) => (m.type === 'frame' ? framePvValues(m as Frame) : []));
    await engine.connect('tab', (message) => messages.push(message));
    await engine.lease('tab', 'serverStatus', ['server']);
    await engine.lease('tab', 'pvValue', ['ai100001', 'ai100002']);
    await until(() => values().length === 2);
    expect(await engine.getConnectionStatus()).toMatchObject({
      display: 'connected',
      serverStatus: 'Connected',
    });

    server.invocations.length = 0;
    server.dropAll();
    await until(() => values().length === 4);
    expect(server.invocations.filter((i) => i.target === HUB_METHODS.pv.subscribeToPvs)).toEqual([
      { hub: '/hubs/pv', target: 'SubscribeToPvs', args: [['ai100001', 'ai100002']] },
    ]);

    server.denyNegotiate = true;
    server.dropAll();
    await until(() => messages.some((m) => m.type === 'sessionEnded'));
  });
});
