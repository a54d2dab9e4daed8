/**
 * The count of remote alarms waiting for confirmation, derived in the engine
 * (workers/PendingPlanCount.ts) and sent to a tab as one item — rules RP1-RP4 of workers/SPEC.md.
 */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { AlarmPlan } from '../../../src/contract/remoteAlert.ts';
import { PENDING_REMOTE_ALARMS_KEY } from '../../../src/domain/pendingRemoteAlarms.ts';
import { HttpError } from '../../../src/contract/errors.ts';
import { PLAN_LIST_RETRY_MS } from '../../../workers/PendingPlanCount.ts';
import type { Frame } from '../../../workers/engineProtocol.ts';
import {
  createHarness,
  itemsOf,
  lastItem,
  type TabRecorder,
} from '../../support/engine/engineHarness.ts';
import { alarmPlan } from '../../support/alarmPlans.ts';

const P = HUB_METHODS.pv;
const KIND = 'pendingRemoteAlarms';
const KEY = PENDING_REMOTE_ALARMS_KEY;

function plan(station: number, toConfirm = 0, priority: number | null = null): AlarmPlan {
  return alarmPlan(station, 1, { toConfirm, toConfirmPriority: priority });
}

/** An engine whose plan list is `list` (a copy per read, as a server sends it anew). */
function harness(list: () => unknown) {
  let reads = 0;
  const h = createHarness({
    fetchPlanList: async () => {
      reads++;
      return structuredClone(list());
    },
  });
  return { h, reads: () => reads };
}

const count = (tab: TabRecorder) => lastItem(tab, KIND, KEY);

/**
 * Tab `tabId` connects and leases the count; settles once the plan parsers the count's plan
 * leases fetched are here (a lease of no plan waits for them, IT7).
 */
async function countLeased(h: ReturnType<typeof createHarness>, tabId: string) {
  const tab = await h.leasing(tabId, KIND, [KEY]);
  await h.engine.lease(tabId, 'plan', []);
  return tab;
}

function lastError(tab: TabRecorder): string | undefined {
  return tab
    .frames()
    .flatMap((f: Frame) => f.itemErrors ?? [])
    .filter(([k, key]) => k === KIND && key === KEY)
    .at(-1)?.[2];
}

describe('remote alarms waiting, counted in the engine', () => {
  it('RP1: the engine reads the plan list once for every tab, leases each plan once on the pv hub, and sends each tab only the count', async () => {
    const { h, reads } = harness(() => [plan(1, 2, 3), plan(2), plan(3, 1, 5)]);
    const a = await countLeased(h, 'a');
    const b = await countLeased(h, 'b');
    expect(reads()).toBe(1);
    const hub = h.hubs.hub('pv');
    expect(hub.keysSent(P.subscribeToPlans)).toEqual(['1_1', '2_1', '3_1']);
    // As listed, before the server pushed any plan.
    expect(count(a)).toEqual({ count: 3, plans: 2, priority: 3 });
    expect(count(b)).toEqual({ count: 3, plans: 2, priority: 3 });
    // No plan reaches a tab that leases none.
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2, 4, 1));
    await h.timers.advance(100);
    expect(itemsOf(a, 'plan')).toEqual([]);
    expect(count(a)).toEqual({ count: 7, plans: 3, priority: 1 });
  });

  it('RP2: the count follows the plans as alarms start and stop waiting; a plan pushed with the same count sends nothing', async () => {
    const { h } = harness(() => [plan(1), plan(2), plan(3)]);
    const a = await countLeased(h, 'a');
    const hub = h.hubs.hub('pv');
    expect(count(a)).toEqual({ count: 0, plans: 0, priority: null });

    hub.emit(HUB_MESSAGES.newPlanInfo, plan(1, 1, 4));
    await h.timers.advance(100);
    expect(count(a)).toEqual({ count: 1, plans: 1, priority: 4 });
    // A burst of changes within the derive window: one new count.
    const sent = itemsOf(a, KIND).length;
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2, 1, 6));
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2, 2, 2));
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(3, 1, 7));
    await h.timers.advance(100);
    expect(itemsOf(a, KIND).length).toBe(sent + 1);
    expect(count(a)).toEqual({ count: 4, plans: 3, priority: 2 });
    // Pushed again with the same count (e.g. a recipient changed): nothing new for the tab.
    hub.emit(HUB_MESSAGES.newPlanInfo, { ...plan(3, 1, 7), planname: 'Neu' });
    await h.timers.advance(100);
    expect(itemsOf(a, KIND).length).toBe(sent + 1);
    // Confirmed one after another.
    for (const station of [1, 2, 3]) hub.emit(HUB_MESSAGES.newPlanInfo, plan(station));
    await h.timers.advance(100);
    expect(count(a)).toEqual({ count: 0, plans: 0, priority: null });
  });

  it('RP3: a plan leased by a tab and by the count is subscribed once, and only the last of them unsubscribes it', async () => {
    const { h } = harness(() => [plan(1), plan(2)]);
    // A station page's on-call line leases its station's plan first.
    const a = await h.leasing('a', 'plan', ['2_1']);
    await h.engine.lease('a', KIND, [KEY]);
    await h.timers.advance(100);
    const hub = h.hubs.hub('pv');
    expect(hub.keysSent(P.subscribeToPlans)).toEqual(['2_1', '1_1']);
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2, 3, 0));
    await h.timers.advance(100);
    expect(lastItem(a, 'plan', '2_1')).toMatchObject({ toConfirm: 3 });
    expect(count(a)).toEqual({ count: 3, plans: 1, priority: 0 });

    // The page goes: the count still follows plan 2.
    await h.engine.release('a', 'plan', ['2_1']);
    await h.timers.advance(100);
    expect(hub.keysSent(P.unsubscribeFromPlans)).toEqual([]);
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2));
    await h.timers.advance(100);
    expect(count(a)).toEqual({ count: 0, plans: 0, priority: null });

    // Another tab's page leases plan 1; the count's last tab goes: only plan 2 is unsubscribed.
    await h.leasing('b', 'plan', ['1_1']);
    await h.engine.disconnect('a');
    await h.timers.advance(100);
    expect(hub.keysSent(P.unsubscribeFromPlans)).toEqual(['2_1']);
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(1, 1, 1));
    await h.timers.advance(100);
    expect(hub.keysSent(P.subscribeToPlans)).toEqual(['2_1', '1_1']);
  });

  it('RP4: after a reconnect the list is read again: a new plan counts and is leased, a plan gone is released', async () => {
    let list = [plan(1, 1, 5), plan(2)];
    const { h, reads } = harness(() => list);
    const a = await countLeased(h, 'a');
    expect(reads()).toBe(1);
    const hub = h.hubs.hub('pv');
    list = [plan(2), plan(3, 2, 2)];
    await h.reconnect(hub);
    expect(reads()).toBe(2);
    expect(hub.keysSent(P.unsubscribeFromPlans)).toEqual(['1_1']);
    expect(hub.keysSent(P.subscribeToPlans).sort()).toEqual(['1_1', '2_1', '3_1']);
    await h.timers.advance(100);
    expect(count(a)).toEqual({ count: 2, plans: 1, priority: 2 });
  });

  it('RP4: a list that cannot be read fails the count with why, and is read again later and with the next tab', async () => {
    let answer: () => unknown = () => {
      throw new Error('alarmplans: Status code 503');
    };
    const { h, reads } = harness(() => answer());
    const a = await countLeased(h, 'a');
    expect(lastError(a)).toBe('alarmplans: Status code 503');
    expect(count(a)).toBeUndefined();
    // The next tab asks again.
    const before = reads();
    await countLeased(h, 'b');
    expect(reads()).toBe(before + 1);
    // And later by itself.
    answer = () => [plan(4, 1, 3)];
    await h.timers.advance(PLAN_LIST_RETRY_MS);
    expect(reads()).toBe(before + 2);
    expect(count(a)).toEqual({ count: 1, plans: 1, priority: 3 });
    expect(lastError(a)).toBe('alarmplans: Status code 503');
    const after = a.frames().at(-1)!;
    expect(after.itemErrors ?? []).toEqual([]);
  });

  it('RP4: a list read refused with 401 ends the session in every tab', async () => {
    const { h } = harness(() => {
      throw HttpError.ofStatus(401, "alarmplans: Status code '401'");
    });
    const a = await countLeased(h, 'a');
    expect(a.sessionEnded()).toBeGreaterThan(0);
  });
});
