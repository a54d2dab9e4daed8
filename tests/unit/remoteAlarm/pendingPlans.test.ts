/**
 * The count of remote alarms waiting for confirmation is one per tab (usePendingRemoteAlarms.ts,
 * bench/README.md "JS heap per tab"): however many parts of a tab show it (header,
 * navigation, the alert list's rows), each plan is leased once, of the listed plans only the
 * key and the two fields of the count are kept, and the leases go with the last reader.
 */
import { describe, expect, it } from 'vitest';
import { planKey, type AlarmPlan } from '../../../src/contract/remoteAlert.ts';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import {
  listedPending,
  PendingPlans,
  type ListedPending,
} from '../../../src/features/shared/remote-alarm/usePendingRemoteAlarms.ts';
import { liveFrame } from '../../support/liveFrame.ts';
import { alarmPlan } from '../../support/alarmPlans.ts';

function plan(station: number, toConfirm: number, priority: number | null = null): AlarmPlan {
  return alarmPlan(station, 1, { toConfirm, toConfirmPriority: priority });
}

function liveClient() {
  const store = new TabLiveStore();
  const leased = new Map<string, number>();
  const client = {
    store,
    lease: (_kind: string, key: string) => {
      leased.set(key, (leased.get(key) ?? 0) + 1);
      return () => leased.set(key, leased.get(key)! - 1);
    },
  } as unknown as LiveClient;
  return { client, store, leased };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('remote alarms waiting, one count per tab', () => {
  it('keeps of each listed plan only its key and what the count needs', () => {
    const slim = listedPending([plan(1, 2, 3), plan(2, 0)]);
    expect(slim).toEqual([
      { key: '1_1', toConfirm: 2, priority: 3 },
      { key: '2_1', toConfirm: 0, priority: null },
    ]);
  });

  it('leases each plan once for all its readers, follows the live plans and releases with the last reader', async () => {
    const { client, store, leased } = liveClient();
    const list: ListedPending[] = listedPending([plan(1, 1, 4), plan(2, 0), plan(3, 0)]);
    const model = new PendingPlans(client, () => Promise.resolve(list));
    let changes = 0;
    const header = model.subscribe(() => changes++);
    const navigation = model.subscribe(() => undefined);
    await settle();
    expect([...leased.values()]).toEqual([1, 1, 1]);
    expect(model.getSnapshot()).toEqual({ count: 1, plans: 1, priority: 4 });

    // Another alarm waits under plan 2 at a more important priority.
    const seen = model.getSnapshot();
    store.apply(liveFrame({ items: [['plan', planKey(plan(2, 0)), plan(2, 2, 1)]] }));
    expect(model.getSnapshot()).toEqual({ count: 3, plans: 2, priority: 1 });
    expect(changes).toBe(2);
    // A plan pushed again unchanged in its count leaves the count as it was.
    const now = model.getSnapshot();
    store.apply(liveFrame({ items: [['plan', planKey(plan(3, 0)), plan(3, 0)]] }));
    expect(model.getSnapshot()).toBe(now);
    expect(now).not.toBe(seen);

    header();
    expect([...leased.values()]).toEqual([1, 1, 1]);
    navigation();
    expect([...leased.values()]).toEqual([0, 0, 0]);
  });
});
