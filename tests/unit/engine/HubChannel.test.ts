/** SPEC §4 "Live channels are shared by leases" — rules CH1-CH7 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { HubChannel, type ChannelStateChange } from '../../../workers/HubChannel.ts';
import { HubError } from '../../../workers/hubErrors.ts';
import { foreverRetryPolicy, RECONNECT_MAX_DELAY_MS } from '../../../workers/retryPolicy.ts';
import { FakeHub } from '../../support/engine/FakeHub.ts';
import { FakeTimers } from '../../support/engine/FakeTimers.ts';

function setup(closeGraceMs = 5_000) {
  const timers = new FakeTimers();
  const hub = new FakeHub('pv');
  const channel = new HubChannel('pv', hub, { timers, policy: foreverRetryPolicy, closeGraceMs });
  const changes: ChannelStateChange[] = [];
  channel.onStateChange((change) => changes.push(change));
  return { timers, hub, channel, changes };
}

describe('HubChannel', () => {
  it('CH1: the first lease opens the channel, a second one does not start it again', async () => {
    const { timers, hub, channel, changes } = setup();
    expect(channel.state).toBe('idle');
    channel.acquire();
    channel.acquire();
    await timers.advance(0);
    expect(hub.starts).toBe(1);
    expect(channel.state).toBe('connected');
    expect(changes.map((c) => [c.from, c.to])).toEqual([
      ['idle', 'starting'],
      ['starting', 'connected'],
    ]);
  });

  it('CH2: the last release closes the channel only after the grace period', async () => {
    const { timers, hub, channel } = setup(5_000);
    const releaseA = channel.acquire();
    const releaseB = channel.acquire();
    await timers.advance(0);
    releaseA();
    releaseA(); // idempotent: does not count as B's release
    await timers.advance(10_000);
    expect(channel.state).toBe('connected');
    releaseB();
    await timers.advance(4_999);
    expect(channel.state).toBe('connected');
    await timers.advance(1);
    expect(hub.stops).toBe(1);
    expect(channel.state).toBe('idle');
  });

  it('CH2: a lease taken again within the grace period keeps the connection', async () => {
    const { timers, hub, channel } = setup(5_000);
    channel.acquire()();
    await timers.advance(3_000);
    channel.acquire();
    await timers.advance(10_000);
    expect(hub.stops).toBe(0);
    expect(hub.starts).toBe(1);
    expect(channel.state).toBe('connected');
  });

  it('CH3: a close with an error while leased makes the channel faulted and tells listeners', async () => {
    const { timers, hub, channel, changes } = setup();
    channel.acquire();
    await timers.advance(0);
    const error = new Error('Server returned an error on close: shutting down');
    hub.close(error);
    expect(channel.state).toBe('faulted');
    expect(changes.at(-1)).toEqual({ hub: 'pv', from: 'connected', to: 'faulted', error });
  });

  it('CH3: a close after the last release is no fault', async () => {
    const { timers, hub, channel } = setup();
    channel.acquire()();
    await timers.advance(0);
    hub.close(new Error('gone'));
    expect(channel.state).toBe('idle');
  });

  it('CH5: a faulted channel used outside reconnect raises "disconnected"', async () => {
    const { timers, hub, channel } = setup();
    channel.acquire();
    await timers.advance(0);
    hub.close(new Error('gone'));
    const call = channel.invoke('SubscribeToPvs', ['ai1']);
    await expect(call).rejects.toBeInstanceOf(HubError);
    await expect(call).rejects.toMatchObject({
      code: 'disconnected',
      message: 'connection disconnected',
    });
  });

  it('CH5: during a reconnect an invocation waits instead of failing', async () => {
    const { timers, hub, channel } = setup();
    channel.acquire();
    await timers.advance(0);
    hub.drop();
    expect(channel.state).toBe('reconnecting');
    const call = channel.invoke('SubscribeToPvs', ['ai1']);
    await timers.advance(100);
    hub.restore();
    await timers.advance(1_000);
    await expect(call).resolves.toBeUndefined();
    expect(hub.keysSent('SubscribeToPvs')).toEqual(['ai1']);
  });

  it('CH6: an invocation waits up to 10 checks, 50 ms × attempt apart, for the connected state', async () => {
    const { timers, hub, channel } = setup();
    hub.startFailures.push('hang');
    channel.acquire();
    let failure: unknown;
    channel.invoke('GetServerStatus').catch((error: unknown) => (failure = error));
    // 50 × (1 + 2 + … + 10) = 2750 ms.
    await timers.advance(2_749);
    expect(failure).toBeUndefined();
    await timers.advance(1);
    expect(failure).toMatchObject({ code: 'connectFailed', message: 'Failed to connect pv' });
  });

  it('CH6: an invocation goes out at the first check that finds the channel connected', async () => {
    const timers = new FakeTimers();
    const hub = new FakeHub('pv');
    let finishStart: () => void = () => undefined;
    hub.start = () => {
      hub.starts++;
      return new Promise<void>((resolve) => {
        finishStart = () => {
          hub.state = 'connected';
          resolve();
        };
      });
    };
    const channel = new HubChannel('pv', hub, { timers, policy: foreverRetryPolicy });
    channel.acquire();
    const call = channel.invoke('GetServerStatus');
    await timers.advance(100);
    finishStart();
    await timers.advance(49); // checks at 50 and 150 ms
    expect(hub.received).toHaveLength(0);
    await timers.advance(1);
    expect(hub.received.map((r) => r.method)).toEqual(['GetServerStatus']);
    await expect(call).resolves.toBeUndefined();
  });

  it('CH7: a failed first start is retried with capped backoff, for as long as it takes', async () => {
    const { timers, hub, channel } = setup();
    for (let i = 0; i < 30; i++) hub.startFailures.push(new Error('Failed to fetch'));
    channel.acquire();
    await timers.advance(0);
    // 0 ms delay: the second try follows at once.
    expect(hub.starts).toBe(2);
    await timers.advance(1_000 + 2_000 + 5_000 + 10_000);
    expect(hub.starts).toBe(6);
    await timers.advance(RECONNECT_MAX_DELAY_MS - 1);
    expect(hub.starts).toBe(6);
    await timers.advance(1);
    expect(hub.starts).toBe(7);
    await timers.advance(24 * RECONNECT_MAX_DELAY_MS);
    expect(hub.starts).toBe(31);
    expect(channel.state).toBe('connected');
  });

  it('CH7: the retry policy never gives up and never waits longer than the cap', () => {
    for (let attempt = 0; attempt < 10_000; attempt += 7) {
      const wait = foreverRetryPolicy.nextRetryDelayMs(attempt);
      expect(wait).not.toBeNull();
      expect(wait).toBeLessThanOrEqual(RECONNECT_MAX_DELAY_MS);
    }
  });
});
