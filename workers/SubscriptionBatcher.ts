/**
 * Collects subscribe and unsubscribe requests during one tick and sends them as few
 * invocations as possible, each with at most the topic's batch size of keys (SPEC §9:
 * 1024, 400 for report data). Only the net change per key is sent.
 */
import type { HubName } from '../src/contract/hubs.ts';
import type { HubChannel } from './HubChannel.ts';
import type { TimerHandle, Timers } from '../src/domain/timers.ts';
import { LEASE_KINDS, TOPICS, type LeaseKind } from './topics.ts';

type PendingOp = 'subscribe' | 'unsubscribe';

export interface SubscriptionBatcherOptions {
  timers: Timers;
  /** Every key of a kind some tab leases (SubscriptionRegistry.keysOf, PvLeases.keys). */
  keysOf(kind: LeaseKind): string[];
  channelOf(hub: HubName): HubChannel | undefined;
  /** A call failed; `failed` names the keys when it was a subscribe, so their topic can say
   * the key is not live (error, not loading). */
  onError(error: unknown, failed?: { kind: LeaseKind; keys: readonly string[] }): void;
}

export class SubscriptionBatcher {
  private readonly pending = new Map<LeaseKind, Map<string, PendingOp>>();
  private flushTimer: TimerHandle | null = null;
  private readonly options: SubscriptionBatcherOptions;

  constructor(options: SubscriptionBatcherOptions) {
    this.options = options;
  }

  subscribe(kind: LeaseKind, key: string): void {
    this.queue(kind, key, 'subscribe');
  }

  unsubscribe(kind: LeaseKind, key: string): void {
    this.queue(kind, key, 'unsubscribe');
  }

  /** Sends what this tick collected. Keys of a channel that is not connected are dropped:
   * the registry holds them and `resubscribeAll` sends them once it connects. */
  flush(): Promise<void> {
    if (this.flushTimer !== null) {
      this.options.timers.clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
    const sends: Promise<void>[] = [];
    for (const [kind, ops] of this.pending) {
      this.pending.delete(kind);
      const topic = TOPICS[kind];
      const channel = this.options.channelOf(topic.hub);
      if (!channel || channel.state !== 'connected') continue;
      const subscribe: string[] = [];
      const unsubscribe: string[] = [];
      for (const [key, op] of ops) (op === 'subscribe' ? subscribe : unsubscribe).push(key);
      for (const pair of topic.methods) {
        sends.push(this.send(channel, pair.unsubscribe, unsubscribe, topic.batchSize));
        sends.push(this.send(channel, pair.subscribe, subscribe, topic.batchSize, kind));
      }
    }
    return Promise.all(sends).then(() => undefined);
  }

  /** SPEC §4 reconnect: the server forgot everything, so every leased key of the hub is
   * subscribed again, in batches. Resolves when every batch is answered. */
  resubscribeAll(hub: HubName): Promise<void> {
    const channel = this.options.channelOf(hub);
    if (!channel) return Promise.resolve();
    const sends: Promise<void>[] = [];
    for (const kind of LEASE_KINDS) {
      const topic = TOPICS[kind];
      if (topic.hub !== hub) continue;
      this.pending.delete(kind);
      const keys = this.options.keysOf(kind);
      for (const pair of topic.methods) {
        sends.push(this.send(channel, pair.subscribe, keys, topic.batchSize, kind));
      }
    }
    return Promise.all(sends).then(() => undefined);
  }

  private queue(kind: LeaseKind, key: string, op: PendingOp): void {
    let ops = this.pending.get(kind);
    if (!ops) {
      ops = new Map();
      this.pending.set(kind, ops);
    }
    const before = ops.get(key);
    // An opposite request in the same tick cancels out: the server state stays as it was.
    if (before && before !== op) ops.delete(key);
    else ops.set(key, op);
    if (this.flushTimer === null) {
      this.flushTimer = this.options.timers.setTimeout(() => {
        this.flushTimer = null;
        void this.flush();
      }, 0);
    }
  }

  private async send(
    channel: HubChannel,
    method: string,
    keys: readonly string[],
    batchSize: number,
    subscribing?: LeaseKind,
  ): Promise<void> {
    const calls: Promise<unknown>[] = [];
    const batches: string[][] = [];
    for (let i = 0; i < keys.length; i += batchSize) {
      const batch = keys.slice(i, i + batchSize);
      batches.push(batch);
      calls.push(channel.invoke(method, batch));
    }
    // NOTE: a batch lost to a dropped connection is not retried here: the reconnect
    // re-subscribes every leased key anyway.
    const results = await Promise.allSettled(calls);
    results.forEach((result, i) => {
      if (result.status !== 'rejected') return;
      if (subscribing)
        this.options.onError(result.reason, { kind: subscribing, keys: batches[i]! });
      else this.options.onError(result.reason);
    });
  }
}
