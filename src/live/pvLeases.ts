/**
 * The tab's leases of engine keys (workers/SPEC.md TB2-TB4, TB8 with the store's `forget`):
 * many components leasing one key are one engine lease (TB2); a key goes back to the engine
 * only `graceMs` after its last user let go, so scrolling a long list does not churn
 * subscriptions (TB3); the leases and releases of one task go out in one call, a lease and a
 * release of the same key in that task cancelling out (TB4). After an engine loss
 * every key held is leased again in one call per kind (EL2, `leaseAgain`).
 */
import type { EngineApi, LeaseBatch } from '../../workers/engineApi.ts';
import type { TimerHandle, Timers } from '../domain/timers.ts';
import type { LeaseKind } from '../../workers/topics.ts';

interface KeyLease {
  count: number;
  releaseTimer: TimerHandle | null;
}

type KeyQueue = Map<LeaseKind, Set<string>>;

export interface TabLeasesHost {
  readonly tabId: string;
  readonly timers: Timers;
  readonly graceMs: number;
  /** The engine, once the tab is registered. */
  start(): Promise<EngineApi>;
  /** A key leased anew (not one still in its grace period). */
  leased(kind: LeaseKind, key: string): void;
  /** A key released to the engine: the tab's store drops what it holds of it. */
  forget(kind: LeaseKind, key: string): void;
}

export class TabLeases {
  private readonly leases = new Map<LeaseKind, Map<string, KeyLease>>();
  private readonly toLease: KeyQueue = new Map();
  private readonly toRelease: KeyQueue = new Map();
  private flushQueued = false;

  constructor(private readonly host: TabLeasesHost) {}

  /** Leases one key for one user; the returned release is idempotent. */
  lease(kind: LeaseKind, key: string): () => void {
    const held = this.take(kind, key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.give(kind, key, held);
    };
  }

  /**
   * Leases each of `keys` for one user, as `lease` does each: one release for all, idempotent.
   * A view of a thousand keys (a process image) holds one release, not a thousand.
   */
  leaseAll(kind: LeaseKind, keys: readonly string[]): () => void {
    const held = keys.map((key) => this.take(kind, key));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      keys.forEach((key, i) => this.give(kind, key, held[i]!));
    };
  }

  /** One more user of a key: leased in the engine when it is new (or back from its grace). */
  private take(kind: LeaseKind, key: string): KeyLease {
    const byKey = this.leasesOf(kind);
    let lease = byKey.get(key);
    if (!lease) {
      this.host.leased(kind, key);
      lease = { count: 0, releaseTimer: null };
      byKey.set(key, lease);
      this.queue(this.toLease, this.toRelease, kind, key);
    }
    lease.count++;
    if (lease.releaseTimer !== null) {
      this.host.timers.clearTimeout(lease.releaseTimer);
      lease.releaseTimer = null;
    }
    return lease;
  }

  /** One user less: the last one's leaves the key to the engine after the grace period. */
  private give(kind: LeaseKind, key: string, held: KeyLease): void {
    held.count--;
    if (held.count > 0) return;
    const byKey = this.leasesOf(kind);
    held.releaseTimer = this.host.timers.setTimeout(() => {
      held.releaseTimer = null;
      if (held.count > 0) return;
      byKey.delete(key);
      this.host.forget(kind, key);
      this.queue(this.toRelease, this.toLease, kind, key);
    }, this.host.graceMs);
  }

  /** Keys this tab leases now (grace period included). */
  keys(kind: LeaseKind): string[] {
    return [...this.leasesOf(kind).keys()];
  }

  /** EL2: every key held, one call per kind, to a new engine. */
  leaseAgain(api: EngineApi): Promise<unknown>[] {
    const calls: Promise<unknown>[] = [];
    for (const [kind, byKey] of this.leases)
      if (byKey.size > 0) calls.push(api.lease(this.host.tabId, kind, [...byKey.keys()]));
    return calls;
  }

  private leasesOf(kind: LeaseKind): Map<string, KeyLease> {
    let byKey = this.leases.get(kind);
    if (!byKey) {
      byKey = new Map();
      this.leases.set(kind, byKey);
    }
    return byKey;
  }

  /** Adds to one queue unless the key waits in the opposite one: then both cancel out. */
  private queue(into: KeyQueue, opposite: KeyQueue, kind: LeaseKind, key: string): void {
    if (opposite.get(kind)?.delete(key)) return;
    let keys = into.get(kind);
    if (!keys) {
      keys = new Set();
      into.set(kind, keys);
    }
    keys.add(key);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.flushQueued = false;
    const leases = takeAll(this.toLease);
    const releases = takeAll(this.toRelease);
    const api = await this.host.start();
    // One call for every kind (TB4): the engine's next frame carries them all (changeLeases).
    await api.changeLeases(this.host.tabId, releases, leases);
  }
}

function takeAll(queue: KeyQueue): LeaseBatch {
  const all = [...queue]
    .filter(([, keys]) => keys.size > 0)
    .map(([kind, keys]) => [kind, [...keys]] as [LeaseKind, string[]]);
  queue.clear();
  return all;
}
