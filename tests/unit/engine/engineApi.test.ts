/**
 * The engine and its Comlink proxy are the same API (STYLE.md: "The engine implements an
 * interface that the Comlink proxy implements too"): checked by the type checker here, and
 * at run time over a real MessageChannel, as the worker entry exposes it (engine.worker.ts)
 * and a tab wraps it (src/live/connectEngine.ts) — rules API1 and API2 of workers/SPEC.md.
 */
import * as Comlink from 'comlink';
import { framePvValues } from '../../../workers/pvColumns.ts';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Engine } from '../../../workers/Engine.ts';
import type { EngineApi } from '../../../workers/engineApi.ts';
import type { Frame, TabMessage } from '../../../workers/engineProtocol.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

// Type level: a tab holds an EngineApi and does not care which of the two it got.
type Assignable<From, To> = [From] extends [To] ? true : false;
const engineIsApi: Assignable<Engine, EngineApi> = true;
const remoteIsApi: Assignable<Comlink.Remote<EngineApi>, EngineApi> = true;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('EngineApi', () => {
  it('API1: Engine and Remote<EngineApi> satisfy the same EngineApi type', () => {
    expect([engineIsApi, remoteIsApi]).toEqual([true, true]);
    expectTypeOf<Comlink.Remote<EngineApi>['lease']>().parameters.toEqualTypeOf<
      Parameters<EngineApi['lease']>
    >();
    expectTypeOf<Comlink.Remote<EngineApi>['getPvConfigs']>().returns.toEqualTypeOf<
      ReturnType<EngineApi['getPvConfigs']>
    >();
  });

  it('API1: through Comlink a tab leases keys and receives frames on its own port', async () => {
    const h = createHarness();
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(h.engine, port1);
    const remote = Comlink.wrap<EngineApi>(port2);
    const frames = new MessageChannel();
    const received: TabMessage[] = [];
    frames.port1.onmessage = (event: MessageEvent<TabMessage>) => received.push(event.data);
    cleanups.push(() => {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
      frames.port1.close();
    });
    const api: EngineApi = remote;
    await api.connect('tab', Comlink.transfer(frames.port2, [frames.port2]));
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

  it('API2: an engine error reaches the caller as an Error with its name and message; awaiting the proxy calls nothing', async () => {
    const h = createHarness();
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(h.engine, port1);
    const remote = Comlink.wrap<EngineApi>(port2);
    cleanups.push(() => {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    });
    // The same call in-process and through Comlink: a tab that never connected is refused.
    const local = await h.engine.lease('nobody', 'pvValue', [aiKey(1)]).then(
      () => null,
      (err: unknown) => err,
    );
    const failed = await remote.lease('nobody', 'pvValue', [aiKey(1)]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(local).toBeInstanceOf(Error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).name).toBe('HubError');
    expect((failed as Error).name).toBe((local as Error).name);
    expect((failed as Error).message).toBe((local as Error).message);
    expect((failed as Error).message).toMatch(/nobody/);
    // connectEngine() resolves with the proxy inside an object, but a proxy awaited by
    // mistake must resolve to itself rather than send a call named "then".
    expect(await Promise.resolve(remote)).toBe(remote);
    // Answers keep their order and identity per call, however many are in flight.
    const statuses = await Promise.all([1, 2, 3].map(() => remote.getConnectionStatus()));
    expect(statuses.map((s) => s.serverStatus)).toEqual(Array(3).fill('WebServerDisconnected'));
  });
});
