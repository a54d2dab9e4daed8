/** Plans and lines as leased item topics (workers/topics/planTopic.ts) — rules RT1-RT2, IT6. */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { Frame } from '../../../workers/engineProtocol.ts';
import { createHarness, lastItem, type TabRecorder } from '../../support/engine/engineHarness.ts';

const P = HUB_METHODS.pv;

function lastError(tab: TabRecorder, kind: string, key: string): string | undefined {
  return tab
    .frames()
    .flatMap((f: Frame) => f.itemErrors ?? [])
    .filter(([k, itemKey]) => k === kind && itemKey === key)
    .at(-1)?.[2];
}

const line = (station: number, nr: number, faulty: boolean) => ({
  station: { stationNumber: station },
  lineNumber: nr,
  busy: false,
  faulty,
  connectionType: 'Gsm',
});

const plan = (station: number, nr: number, active: boolean) => ({
  station: { stationNumber: station },
  planNumber: nr,
  active,
  recipients: [],
});

describe('remote alarm topics', () => {
  it('RT1: a plan and a line leased by two tabs are subscribed once on the pv hub and reach both', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    await h.engine.lease('a', 'line', ['1_1']);
    await h.engine.lease('b', 'line', ['1_1']);
    await h.engine.lease('a', 'plan', ['1_2']);
    await h.timers.advance(100);
    const hub = h.hubs.hub('pv');
    expect(hub.keysSent(P.subscribeToLines)).toEqual(['1_1']);
    expect(hub.keysSent(P.subscribeToPlans)).toEqual(['1_2']);
    hub.emit(HUB_MESSAGES.newLineInfo, line(1, 1, true));
    hub.emit(HUB_MESSAGES.newLineInfo, { lineNumber: 'x' }); // ignored
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(1, 2, true));
    await h.timers.advance(50);
    expect(lastItem(a, 'line', '1_1')).toMatchObject({ faulty: true });
    expect(lastItem(b, 'line', '1_1')).toMatchObject({ faulty: true });
    expect(lastItem(a, 'plan', '1_2')).toMatchObject({ active: true });
  });

  it('RT2: after a reconnect leased plans and lines are subscribed again', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'plan', ['3_1', '3_2']);
    await h.engine.lease('a', 'line', ['3_1']);
    await h.timers.advance(100);
    const hub = h.hubs.hub('pv');
    await h.reconnect(hub);
    expect(hub.keysSent(P.subscribeToPlans).sort()).toEqual(['3_1', '3_2']);
    expect(hub.keysSent(P.subscribeToLines)).toEqual(['3_1']);
  });
  it('IT6: a plan whose subscribe failed says so (error, not loading) until its item arrives', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const hub = h.hubs.hub('pv');
    hub.answers.set(P.subscribeToPlans, () => {
      throw new Error('Plan 4_1 unbekannt');
    });
    await h.engine.lease('a', 'plan', ['4_1']);
    await h.timers.advance(100);
    expect(h.errors).toHaveLength(1);
    expect(lastError(a, 'plan', '4_1')).toBe('Plan 4_1 unbekannt');
    expect(lastItem(a, 'plan', '4_1')).toBeUndefined();
    // A failed line subscribe names only its own keys.
    expect(lastError(a, 'line', '4_1')).toBeUndefined();

    const framesBefore = a.frames().length;
    hub.emit(HUB_MESSAGES.newPlanInfo, plan(4, 1, false));
    await h.timers.advance(50);
    const after = a.frames().slice(framesBefore);
    expect(after.flatMap((f) => f.items).map(([, key]) => key)).toContain('4_1');
    expect(after.flatMap((f) => f.itemErrors ?? [])).toEqual([]);
  });
});
