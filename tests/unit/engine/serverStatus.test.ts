/** SPEC §4 "Server connection status", §2 "Session redirects" — rules SS1-SS6, SE1, SE2 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { OnlineSource } from '../../../workers/Engine.ts';
import { SERVER_STATUS_KEY } from '../../../workers/topics.ts';
import {
  aiKey,
  createHarness,
  doubleValue,
  type TabRecorder,
} from '../../support/engine/engineHarness.ts';

function fakeOnline(): OnlineSource & { set(online: boolean): void } {
  let online = true;
  const listeners: ((online: boolean) => void)[] = [];
  return {
    isOnline: () => online,
    onChange: (listener) => listeners.push(listener),
    set(value) {
      online = value;
      for (const listener of listeners) listener(value);
    },
  };
}

async function statusHarness(answer: unknown = { status: 'Connected', since: 0 }) {
  const online = fakeOnline();
  const h = createHarness({ online });
  const status = h.hubs.hub('serverStatus');
  status.answers.set(HUB_METHODS.serverStatus.getStatus, () => answer);
  const a = await h.tab('a');
  return { h, a, status, online };
}

/** Tab 'a' leases the server status; then `ms` pass. */
async function leaseStatus(h: ReturnType<typeof createHarness>, ms: number): Promise<void> {
  await h.engine.lease('a', 'serverStatus', [SERVER_STATUS_KEY]);
  await h.timers.advance(ms);
}

/** The status a view shows while the server is connected to its plant. */
const SHOWN_CONNECTED = { display: 'connected', serverStatus: 'Connected' } as const;

/** The status of the last frame a tab received. */
const shownStatus = (tab: TabRecorder) => tab.frames().at(-1)?.status;

describe('server status', () => {
  it('SS1: before the status channel connects the status is WebServerDisconnected, shown as connecting', async () => {
    const { h } = await statusHarness();
    expect(await h.engine.getConnectionStatus()).toEqual({
      display: 'connecting',
      serverStatus: 'WebServerDisconnected',
      lastDataAt: null,
      nextRetryAt: null,
      firstStart: true,
    });
  });

  it('SS7: the first start stays firstStart until the status channel connects or fails; never again after', async () => {
    const hanging = await statusHarness();
    hanging.status.startFailures.push('hang');
    await leaseStatus(hanging.h, 5_000);
    // A slow first attempt is still no finding.
    expect(await hanging.h.engine.getConnectionStatus()).toMatchObject({
      display: 'connecting',
      serverStatus: 'WebServerDisconnected',
      firstStart: true,
    });

    const failing = await statusHarness();
    failing.status.startFailures.push(new Error('Failed to fetch'), 'hang');
    await leaseStatus(failing.h, 10);
    expect(await failing.h.engine.getConnectionStatus()).toMatchObject({
      serverStatus: 'WebServerDisconnected',
      firstStart: false,
    });
    // The retry starts again: still a fault, not a first start.
    await failing.h.timers.advance(60_000);
    expect(await failing.h.engine.getConnectionStatus()).toMatchObject({
      display: 'connecting',
      firstStart: false,
    });

    const connecting = await statusHarness();
    await leaseStatus(connecting.h, 10);
    expect((await connecting.h.engine.getConnectionStatus()).firstStart).toBe(false);
  });

  it('SS2/SS3: the channel connecting gives ServerDisconnected, then the status the server sends', async () => {
    const { h, status } = await statusHarness(null);
    await leaseStatus(h, 10);
    expect(await h.engine.getConnectionStatus()).toMatchObject({
      display: 'notConnected',
      serverStatus: 'ServerDisconnected',
    });
    expect(status.calls(HUB_METHODS.serverStatus.getStatus)).toHaveLength(1);
    status.emit('serverStatusChanged', { status: 'Connected', since: 1 });
    expect(await h.engine.getConnectionStatus()).toMatchObject({
      ...SHOWN_CONNECTED,
      lastDataAt: h.timers.now(),
    });
    status.emit('serverStatusChanged', { status: 'ControlUnitDisconnected', since: 2 });
    expect(await h.engine.getConnectionStatus()).toMatchObject({
      display: 'notConnected',
      serverStatus: 'ControlUnitDisconnected',
    });
  });

  it('SS2b: between the channel connecting and the server’s first status the display stays connecting, no fault', async () => {
    let answer: (status: unknown) => void = () => undefined;
    const { h, a } = await statusHarness(new Promise((resolve) => (answer = resolve)));
    await leaseStatus(h, 100);
    // The channel is up, GetServerStatus not yet answered (a loaded server): no finding yet.
    expect(await h.engine.getConnectionStatus()).toMatchObject({
      display: 'connecting',
      serverStatus: 'ServerDisconnected',
      firstStart: false,
    });
    expect(a.frames().some((f) => f.status?.display === 'notConnected')).toBe(false);
    answer({ status: 'Connected', since: 1 });
    await h.timers.advance(10);
    expect(shownStatus(a)).toMatchObject(SHOWN_CONNECTED);
    expect(a.frames().some((f) => f.status?.display === 'notConnected')).toBe(false);

    // A failed GetServerStatus ends the wait: the server has not said it is connected.
    const failing = await statusHarness();
    failing.status.answers.set(HUB_METHODS.serverStatus.getStatus, () =>
      Promise.reject(new Error('Internal error')),
    );
    await leaseStatus(failing.h, 100);
    expect(await failing.h.engine.getConnectionStatus()).toMatchObject({
      display: 'notConnected',
      serverStatus: 'ServerDisconnected',
    });
  });

  it('SS3: the answer of GetServerStatus sets the status on connect', async () => {
    const { h, a } = await statusHarness();
    await leaseStatus(h, 100);
    expect(shownStatus(a)).toMatchObject(SHOWN_CONNECTED);
  });

  it('SS4: when the channel drops the status is WebServerDisconnected and the display connecting', async () => {
    const { h, a, status } = await statusHarness();
    await leaseStatus(h, 100);
    status.drop();
    await h.timers.advance(100);
    expect(shownStatus(a)).toMatchObject({
      display: 'connecting',
      serverStatus: 'WebServerDisconnected',
    });
    status.restore();
    await h.timers.advance(100);
    expect(shownStatus(a)).toMatchObject(SHOWN_CONNECTED);
  });

  it('SS5: offline when the browser is offline or the web server cannot be reached', async () => {
    const { h, status, online } = await statusHarness();
    await leaseStatus(h, 100);
    online.set(false);
    expect((await h.engine.getConnectionStatus()).display).toBe('offline');
    online.set(true);
    expect((await h.engine.getConnectionStatus()).display).toBe('connected');
    status.startFailures.push(new Error('Failed to fetch'), new Error('Failed to fetch'));
    status.close(new Error('Server returned an error on close'));
    await h.timers.advance(10);
    expect((await h.engine.getConnectionStatus()).display).toBe('offline');
    expect((await h.engine.getConnectionStatus()).serverStatus).toBe('WebServerDisconnected');
  });

  it('SS5: disconnecting while the last lease closes the channel', async () => {
    const { h, status } = await statusHarness();
    await leaseStatus(h, 100);
    let finishStop: () => void = () => undefined;
    status.stop = () => new Promise<void>((resolve) => (finishStop = resolve));
    await h.engine.release('a', 'serverStatus', [SERVER_STATUS_KEY]);
    await h.timers.advance(5_000);
    expect((await h.engine.getConnectionStatus()).display).toBe('disconnecting');
    finishStop();
    await h.timers.advance(10);
    expect((await h.engine.getConnectionStatus()).display).toBe('notConnected');
  });

  it('SS6: the time of the last data travels with every frame', async () => {
    const { h, a } = await statusHarness();
    await h.engine.lease('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(100);
    const at = h.timers.now();
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 1));
    await h.timers.advance(50);
    expect(a.frames().at(-1)?.lastDataAt).toBe(at);
  });
});

describe('session end', () => {
  it('SE1: a 401 on negotiate tells every tab the session ended', async () => {
    const { h, a, status } = await statusHarness();
    const b = await h.tab('b');
    status.startFailures.push(
      new Error(
        "Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'",
      ),
    );
    await leaseStatus(h, 10);
    expect(a.sessionEnded()).toBe(1);
    expect(b.sessionEnded()).toBe(1);
  });

  it('SE1: a network failure is no session end', async () => {
    const { h, a, status } = await statusHarness();
    status.startFailures.push(new Error('Failed to fetch'));
    await leaseStatus(h, 10);
    expect(a.sessionEnded()).toBe(0);
  });

  it('SE2: an Unauthorized server status tells every tab, hidden ones too', async () => {
    const { h, a, status } = await statusHarness();
    const b = await h.tab('b', { visible: false });
    await leaseStatus(h, 100);
    status.emit('serverStatusChanged', { status: 'Unauthorized', since: 0 });
    expect(a.sessionEnded()).toBe(1);
    expect(b.sessionEnded()).toBe(1);
  });

  it('CH8: while a channel waits to retry, the status says when the next attempt starts', async () => {
    const { h, status } = await statusHarness();
    await leaseStatus(h, 100);
    expect((await h.engine.getConnectionStatus()).nextRetryAt).toBeNull();
    status.startFailures.push(new Error('Failed to fetch'), new Error('Failed to fetch'));
    status.close(new Error('Server returned an error on close'));
    await h.timers.advance(10);
    const waiting = await h.engine.getConnectionStatus();
    expect(waiting.nextRetryAt).not.toBeNull();
    expect(waiting.nextRetryAt!).toBeGreaterThanOrEqual(h.timers.now());
    await h.timers.advance(60_000);
    expect((await h.engine.getConnectionStatus()).nextRetryAt).toBeNull();
    expect((await h.engine.getConnectionStatus()).display).toBe('connected');
  });

  it('SI1: a server info message reaches every tab, an empty one none', async () => {
    const { h, a, status } = await statusHarness();
    const b = await h.tab('b');
    await leaseStatus(h, 100);
    status.emit('sendServerInfoMessage', 'Wartung um 22 Uhr');
    status.emit('sendServerInfoMessage', '  ');
    for (const tab of [a, b]) {
      const infos = tab.messages.filter((m) => m.type === 'serverInfo');
      expect(infos).toHaveLength(1);
      expect(infos[0]).toMatchObject({ message: 'Wartung um 22 Uhr' });
    }
  });
});
