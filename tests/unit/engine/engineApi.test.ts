/**
 * The engine and its remote on a port are the same API (STYLE.md: "The engine implements an
 * interface that the proxy implements too"; workers/rpc.ts): checked by the type checker here, and
 * once at run time over a real MessageChannel — rule API1 of workers/SPEC.md.
 */
import { framePvValues } from '../../../workers/pvColumns.ts';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Engine } from '../../../workers/Engine.ts';
import type { EngineApi } from '../../../workers/engineApi.ts';
import type { Frame, TabMessage } from '../../../workers/engineProtocol.ts';
import { remote as remoteOf, serve, transfer, type Remote } from '../../../workers/rpc.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

// Type level: a tab holds an EngineApi and does not care which of the two it got.
type Assignable<From, To> = [From] extends [To] ? true : false;
const engineIsApi: Assignable<Engine, EngineApi> = true;
const remoteIsApi: Assignable<Remote<EngineApi>, EngineApi> = true;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('EngineApi', () => {
  it('API1: Engine and Remote<EngineApi> satisfy the same EngineApi type', () => {
    expect([engineIsApi, remoteIsApi]).toEqual([true, true]);
    expectTypeOf<Remote<EngineApi>['lease']>().parameters.toEqualTypeOf<
      Parameters<EngineApi['lease']>
    >();
    expectTypeOf<Remote<EngineApi>['getPvConfigs']>().returns.toEqualTypeOf<
      ReturnType<EngineApi['getPvConfigs']>
    >();
  });

  it('API1: through a port a tab leases keys and receives frames on its own port', async () => {
    const h = createHarness();
    const { port1, port2 } = new MessageChannel();
    serve(h.engine, port1);
    const remote = remoteOf<EngineApi>(port2);
    const frames = new MessageChannel();
    const received: TabMessage[] = [];
    frames.port1.onmessage = (event: MessageEvent<TabMessage>) => received.push(event.data);
    cleanups.push(() => {
      port1.close();
      port2.close();
      frames.port1.close();
    });
    const api: EngineApi = remote;
    await api.connect('tab', transfer(frames.port2, [frames.port2]));
    await api.lease('tab', 'pvValue', [aiKey(5)]);
    await h.timers.advance(100);
    h.hubs.hub('pv').emit('newValues', [doubleValue(5, 55)]);
    await h.timers.advance(50);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const values = received
      .filter((m): m is Frame => m.type === 'frame')
      .flatMap((frame) => framePvValues(frame));
    expect(values).toEqual([doubleValue(5, 55)]);
    expect((await api.getConnectionStatus()).serverStatus).toBe('WebServerDisconnected');
  });

  it('API2: an engine error reaches the caller as an Error with its message; a thenable check sees no method', async () => {
    const h = createHarness();
    const { port1, port2 } = new MessageChannel();
    serve(h.engine, port1);
    const remote = remoteOf<EngineApi>(port2);
    cleanups.push(() => {
      port1.close();
      port2.close();
    });
    // Leasing for a tab that never connected fails in the engine.
    const failed = await remote.lease('nobody', 'pvValue', [aiKey(1)]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/nobody/);
    expect((remote as unknown as { then?: unknown }).then).toBeUndefined();
    // Answers keep their order and identity per call, however many are in flight.
    const statuses = await Promise.all([1, 2, 3].map(() => remote.getConnectionStatus()));
    expect(statuses.map((s) => s.serverStatus)).toEqual(Array(3).fill('WebServerDisconnected'));
  });
});
