// @vitest-environment happy-dom
/**
 * What the current alert list's remote-alarm parts cost while alarms come in (issue 44, bench
 * README "The current alert list at rest and at low rates"): the rows of remote alarms waiting
 * for confirmation are read again as their count changes, but at most once per
 * ROWS_READ_GAP_MS (RemoteAlarmRows.tsx); the on-call line, which follows the focused alert's
 * station, keeps its plans leased when the station changes (useLivePlans.ts); the header's
 * mark pulses from when more alarms wait until half a minute after the last rise, one element
 * throughout (RemoteAlarmPending.tsx, ui.css).
 */
import { act, createElement, Profiler, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  planKey,
  REMOTE_ALERT_API,
  type AlarmPlan,
  type PlanToConfirm,
} from '../../../src/contract/remoteAlert.ts';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { liveFrame } from '../../support/liveFrame.ts';
import {
  NO_PENDING_REMOTE_ALARMS,
  PENDING_REMOTE_ALARMS_KEY,
} from '../../../src/domain/pendingRemoteAlarms.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import { OnCallSummary } from '../../../src/features/shared/remote-alarm/OnCallSummary.tsx';
import { RemoteAlarmRows } from '../../../src/features/shared/remote-alarm/RemoteAlarmRows.tsx';
import {
  PULSE_MS,
  RemoteAlarmPending,
} from '../../../src/features/shared/remote-alarm/RemoteAlarmPending.tsx';
import type { Frame } from '../../../workers/engineProtocol.ts';
import { de } from '../i18n/allTexts.ts';
import { rootPerTest } from '../../support/reactRoot.ts';
import { alarmPlan, recipientSlots } from '../../support/alarmPlans.ts';

function plan(station: number, planname: string, toConfirm = 0): AlarmPlan {
  const onCall = {
    callNumberId: station,
    name: `Bereitschaft ${station}`,
    number: '+49 171 1',
    active: true,
  };
  return alarmPlan(station, 1, {
    planname,
    recipients: recipientSlots([onCall]),
    toConfirm,
    toConfirmPriority: toConfirm > 0 ? 1 : null,
  });
}

const PLANS = [plan(1, 'Tagplan'), plan(2, 'Nachtplan')];

/** The server: the plan list, and the plans to confirm with the count it has now. */
const server = { waiting: 1, rowReads: 0 };
function row(): PlanToConfirm {
  return {
    plan: { station: { stationNumber: 1 }, planNumber: 1 },
    planName: 'Tagplan',
    stationName: 'Station 1',
    pvAreaName: 'Wasser',
    alertText: 'Druck zu hoch',
    priority: 1,
    pendingCount: server.waiting,
    raisedAt: Date.UTC(2026, 10, 26, 22, 0),
    sent: true,
    isActive: true,
    defaultAction: null,
    currentUserCanEdit: true,
  };
}

beforeAll(() => {
  addTexts('de', de);
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://pegel.test').pathname;
    const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
    if (path === REMOTE_ALERT_API.plans) return answer(PLANS);
    if (path === REMOTE_ALERT_API.plansToConfirm) {
      server.rowReads++;
      return answer([row()]);
    }
    return new Promise(() => undefined);
  });
});

function planFrame(plans: AlarmPlan[]): Frame {
  return liveFrame({ items: plans.map((p) => ['plan', planKey(p), p]) });
}

/** The engine's count of remote alarms waiting: `n` under one plan at priority 1. */
function waitingFrame(n: number): Frame {
  const count = n > 0 ? { count: n, plans: 1, priority: 1 } : NO_PENDING_REMOTE_ALARMS;
  return liveFrame({ items: [['pendingRemoteAlarms', PENDING_REMOTE_ALARMS_KEY, count]] });
}

/** A live client on a store of its own that counts leases and releases by key. */
function liveClient() {
  const store = new TabLiveStore();
  const leases: string[] = [];
  const releases: string[] = [];
  const client = {
    store,
    lease: (_kind: string, key: string) => {
      leases.push(key);
      return () => void releases.push(key);
    },
  } as unknown as LiveClient;
  const wrap = (node: ReactNode) =>
    createElement(LiveContext.Provider, { value: client }, createElement(MemoryRouter, null, node));
  return { store, leases, releases, wrap };
}

describe('remote alarms beside the current alert list', () => {
  // Registered first, so it runs after the roots are unmounted (after-hooks run in reverse).
  afterEach(() => void vi.useRealTimers());
  const mount = rootPerTest();

  it('RA13: the rows waiting for confirmation are read again at most once per gap however often the count changes, and show the last count', async () => {
    const { ROWS_READ_GAP_MS } =
      await import('../../../src/features/shared/remote-alarm/RemoteAlarmRows.tsx');
    // The clock stands still between the changes, so the gap cannot pass by slowness alone.
    vi.useFakeTimers({ toFake: ['Date'] });
    server.waiting = 1;
    server.rowReads = 0;
    const live = liveClient();
    live.store.apply(waitingFrame(1));
    const mounted = mount();
    await mounted.render(live.wrap(createElement(RemoteAlarmRows)));
    const rowText = () => mounted.container.querySelector('.remote-row-text')?.textContent;
    await vi.waitFor(() => expect(rowText()).toBe('Druck zu hoch'), { timeout: 10_000 });
    expect(server.rowReads).toBe(1);

    // An alarm flood: four more alarms wait, one change of the live count each.
    for (let n = 2; n <= 5; n++) {
      server.waiting = n;
      await act(async () => {
        live.store.apply(waitingFrame(n));
      });
    }
    expect(server.rowReads).toBe(1);
    // The gap passes: one read takes all four changes.
    vi.setSystemTime(Date.now() + ROWS_READ_GAP_MS);
    await vi.waitFor(() => expect(rowText()).toBe('Druck zu hoch (5)'), { timeout: 10_000 });
    expect(server.rowReads).toBe(2);

    // None waits any more: the rows go, and nothing is read for that.
    await act(async () => {
      live.store.apply(waitingFrame(0));
    });
    expect(mounted.container.querySelector('.remote-rows')).toBeNull();
    expect(server.rowReads).toBe(2);
  });

  it('RA14: the on-call line keeps its plans leased when the focused station changes, and shows the new station’s live plan', async () => {
    const live = liveClient();
    live.store.apply(planFrame([plan(1, 'Tagplan'), plan(2, 'Nachtplan (live)')]));
    const mounted = mount();
    const line = () => mounted.container.querySelector('[data-oncall-summary]');
    await mounted.render(
      live.wrap(
        createElement(OnCallSummary, {
          stationNumber: 1,
          stationName: 'Station 1',
          followsFocus: true,
        }),
      ),
    );
    await vi.waitFor(() => expect(line()?.getAttribute('data-oncall-summary')).toBe('1'), {
      timeout: 10_000,
    });
    expect(line()?.textContent).toContain('Tagplan');
    const leased = [...live.leases];
    expect(leased.length).toBeGreaterThan(0);

    // The same station under a new top row: nothing leased or released.
    await mounted.render(
      live.wrap(
        createElement(OnCallSummary, {
          stationNumber: 1,
          stationName: 'Station 1',
          followsFocus: true,
        }),
      ),
    );
    // Another station: its plan comes from what is held, with its live state.
    await mounted.render(
      live.wrap(
        createElement(OnCallSummary, {
          stationNumber: 2,
          stationName: 'Station 2',
          followsFocus: true,
        }),
      ),
    );
    expect(line()?.getAttribute('data-oncall-summary')).toBe('2');
    expect(line()?.textContent).toContain('Nachtplan (live)');
    expect(live.leases).toEqual(leased);
    expect(live.releases).toEqual([]);
  });

  it('RA14c: a remote alarm that changes a plan’s item but not who is on call renders nothing of the on-call line; a new plan name renders it', async () => {
    // The plan list read once, now: a list held from an earlier test is read again on mounting.
    const { pageDataClient } = await import('../../../src/features/shared/pageData.ts');
    pageDataClient.clear();
    const live = liveClient();
    live.store.apply(planFrame([plan(1, 'Tagplan'), plan(2, 'Nachtplan')]));
    const mounted = mount();
    const line = () => mounted.container.querySelector('[data-oncall-summary]');
    // Commits of the line's subtree: a commit in which none of it rendered reports nothing.
    let renders = 0;
    const summary = (stationNumber: number) =>
      live.wrap(
        createElement(
          Profiler,
          { id: 'oncall', onRender: () => void renders++ },
          createElement(OnCallSummary, {
            stationNumber,
            stationName: `Station ${stationNumber}`,
            followsFocus: true,
          }),
        ),
      );
    await mounted.render(summary(1));
    await vi.waitFor(() => expect(line()?.textContent).toContain('Tagplan'), { timeout: 10_000 });
    const link = line()!.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/remote-alarm/plans#station-1');
    const html = line()!.outerHTML;

    // A flood: each alarm the plans send changes their items (the count to confirm).
    renders = 0;
    await vi.waitFor(() => expect(pageDataClient.isFetching()).toBe(0), { timeout: 10_000 });
    await act(async () => {});
    for (let n = 1; n <= 5; n++) {
      await act(async () => {
        live.store.apply(planFrame([plan(1, 'Tagplan', n), plan(2, 'Nachtplan', n)]));
      });
    }
    expect(renders).toBe(0);
    expect(line()!.outerHTML).toBe(html);

    // What it shows changes: the plan's name, then the station.
    await act(async () => {
      live.store.apply(planFrame([plan(1, 'Tagplan neu', 5)]));
    });
    expect(renders).toBeGreaterThan(0);
    expect(line()?.textContent).toContain('Tagplan neu');
    await mounted.render(summary(2));
    expect(line()?.getAttribute('data-oncall-summary')).toBe('2');
    expect(line()?.textContent).toContain('Nachtplan');
  });

  it('RA14b: a station page leases and keeps only its own station’s plans, live', async () => {
    const live = liveClient();
    live.store.apply(planFrame([plan(2, 'Nachtplan (live)')]));
    const mounted = mount();
    const line = () => mounted.container.querySelector('[data-oncall-summary]');
    await mounted.render(live.wrap(createElement(OnCallSummary, { stationNumber: 2 })));
    await vi.waitFor(() => expect(line()?.getAttribute('data-oncall-summary')).toBe('2'), {
      timeout: 10_000,
    });
    expect(line()?.textContent).toContain('Nachtplan (live)');
    expect(live.leases).toEqual([planKey(PLANS[1]!)]);
    const { pageDataClient } = await import('../../../src/features/shared/pageData.ts');
    const held = pageDataClient
      .getQueryCache()
      .findAll({ queryKey: ['remoteAlarm', 'plans', 'station', 2] })
      .map((q) => q.state.data);
    expect(held).toEqual([[PLANS[1]]]);
  });

  it('RA15: the header’s mark of the remote alarms waiting pulses from when more wait until PULSE_MS after more last came, the same element throughout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const live = liveClient();
      live.store.apply(waitingFrame(1));
      const mounted = mount();
      await mounted.render(live.wrap(createElement(RemoteAlarmPending)));
      const mark = () => mounted.container.querySelector('.remote-pending .alarm-mark');
      await vi.waitFor(() => expect(mark()).not.toBeNull(), { timeout: 10_000 });
      const pulsing = () => mark()!.classList.contains('is-pulsing');
      expect(pulsing()).toBe(true);
      const first = mark();
      const waiting = async (n: number) => {
        await act(async () => {
          live.store.apply(waitingFrame(n));
        });
        expect(mounted.container.querySelector('[data-remote-pending]')).toHaveProperty(
          'dataset.remotePending',
          String(n),
        );
      };
      const later = (ms: number) =>
        act(async () => {
          vi.advanceTimersByTime(ms);
        });
      // More wait, as in a flood with each alarm: the same mark (not mounted again, which
      // started its pulse anew each time), still pulsing.
      await later(PULSE_MS - 5_000);
      await waiting(2);
      expect(mark()).toBe(first);
      expect(pulsing()).toBe(true);
      // Half a minute after the first rise, but not after the last: it pulses on.
      await later(10_000);
      expect(pulsing()).toBe(true);
      // Fewer waiting: no new pulse, and the pulse does not last longer for it.
      await waiting(1);
      await later(PULSE_MS - 10_000);
      expect(mark()).toBe(first);
      expect(pulsing()).toBe(false);
      // More again: it pulses again.
      await waiting(3);
      expect(mark()).toBe(first);
      expect(pulsing()).toBe(true);
      await later(PULSE_MS);
      expect(pulsing()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
