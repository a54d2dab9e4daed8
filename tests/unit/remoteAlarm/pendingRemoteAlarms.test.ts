// @vitest-environment happy-dom
/**
 * The header's count of remote alarms waiting, over the engine's port as a tab has it
 * (Comlink on a real MessageChannel, as engine.worker.ts exposes the engine): the engine
 * derives the count from the plans (workers/PendingPlanCount.ts, RP1-RP4) and the tab leases
 * and holds only the count, while a station page's on-call line leases its own plan beside it
 * (bench/README.md "JS heap per tab").
 */
import * as Comlink from 'comlink';
import { act, createElement, Fragment } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { AlarmPlan } from '../../../src/contract/remoteAlert.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import {
  RemoteAlarmNavBadge,
  RemoteAlarmPending,
} from '../../../src/features/shared/remote-alarm/RemoteAlarmPending.tsx';
import { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import type { EngineApi } from '../../../workers/engineApi.ts';
import { alarmPlan } from '../../support/alarmPlans.ts';
import { createHarness } from '../../support/engine/engineHarness.ts';
import { rootPerTest } from '../../support/reactRoot.ts';
import { de } from '../i18n/allTexts.ts';

const P = HUB_METHODS.pv;

function plan(station: number, toConfirm = 0, priority: number | null = null): AlarmPlan {
  return alarmPlan(station, 1, { toConfirm, toConfirmPriority: priority });
}

/** Lets the port's messages (real MessageChannel events) arrive. */
const realTick = () => new Promise((resolve) => setTimeout(resolve, 5));

const cleanups: (() => Promise<void>)[] = [];

beforeAll(() => {
  addTexts('de', de);
  // The priorities' colours and the like: never answered, the marks draw without them.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});

describe('remote alarms waiting, over the engine’s port', () => {
  // Registered first, so it runs after the roots are unmounted (after-hooks run in reverse).
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const mount = rootPerTest();

  it('RP5: the header’s mark and the navigation’s badge follow the plans as alarms start and stop waiting; the tab leases and holds the count, not the plans', async () => {
    let list = [plan(1), plan(2), plan(3)];
    const h = createHarness({ fetchPlanList: async () => structuredClone(list) });
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(h.engine, port1);
    const remote = Comlink.wrap<EngineApi>(port2);
    let drawFrame: (() => void) | null = null;
    const client = new LiveClient(Promise.resolve({ api: remote, mode: 'shared' as const }), {
      tabId: 'tab1',
      timers: h.timers,
      requestFrame: (callback) => {
        drawFrame = callback;
        return () => (drawFrame = null);
      },
    });
    cleanups.push(async () => {
      await client.dispose();
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    });
    const mounted = mount();
    await mounted.render(
      createElement(
        LiveContext.Provider,
        { value: client },
        createElement(
          MemoryRouter,
          null,
          createElement(
            Fragment,
            null,
            createElement(RemoteAlarmPending),
            createElement(RemoteAlarmNavBadge),
          ),
        ),
      ),
    );
    const shown = () =>
      [...mounted.container.querySelectorAll('[data-remote-pending]')].map((e) =>
        e.getAttribute('data-remote-pending'),
      );
    /** Runs the engine's timers, the port and the tab's frames until `done` (or gives up). */
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++)
        await act(async () => {
          await h.timers.advance(50);
          await realTick();
          const due = drawFrame;
          drawFrame = null;
          due?.();
        });
      return done();
    };
    const hub = h.hubs.hub('pv');
    expect(await until(() => hub.keysSent(P.subscribeToPlans).length === 3)).toBe(true);
    expect(shown()).toEqual([]);

    // A station page's on-call line leases its own plan beside the count: one subscription.
    const releaseLine = client.lease('plan', '2_1');
    await until(() => client.leasedKeys('plan').length === 1);

    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2, 2, 3));
    expect(await until(() => shown().join() === '2,2')).toBe(true);
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(3, 1, 1));
    expect(await until(() => shown().join() === '3,3')).toBe(true);
    expect(mounted.container.querySelector('.remote-pending .alarm-mark')).not.toBeNull();
    // The tab holds the count and the one plan its line leases, no other plan.
    expect(client.leasedKeys('pendingRemoteAlarms')).toEqual(['all']);
    expect(client.store.getItem('plan', '2_1')).toMatchObject({ toConfirm: 2 });
    expect(client.store.getItem('plan', '3_1')).toBeUndefined();
    expect(client.store.getItem('plan', '1_1')).toBeUndefined();
    expect(hub.keysSent(P.subscribeToPlans).sort()).toEqual(['1_1', '2_1', '3_1']);

    // The line goes: the count still follows plan 2.
    releaseLine();
    expect(await until(() => client.leasedKeys('plan').length === 0)).toBe(true);
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(2));
    expect(await until(() => shown().join() === '1,1')).toBe(true);
    expect(hub.keysSent(P.unsubscribeFromPlans)).toEqual([]);

    // The server restarts with a plan more, one alarm waiting under it.
    list = [plan(1), plan(2), plan(3, 1, 1), plan(4, 2, 4)];
    hub.drop();
    await h.timers.advance(10);
    hub.restore();
    expect(await until(() => shown().join() === '3,3')).toBe(true);

    // Every alarm confirmed: the mark and the badge go.
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(3));
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(4));
    expect(await until(() => shown().length === 0)).toBe(true);
  });
});
