/**
 * DESIGN.md "Alarm states" (after ISA-18.2) in the engine's current list, its sort and the
 * horn: rules AL2, AF1, HS1, HS2, and WCAG contrast of every priority (PC1).
 */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES } from '../../../src/contract/hubs.ts';
import { argbToRgba } from '../../../src/contract/alerts.ts';
import { urgencyOf } from '../../../src/domain/alertFields.ts';
import { contrastRatio, readableTextOn } from '../../../src/domain/contrast.ts';
import { hornState, shouldRearm } from '../../../src/features/alerts/hornState.ts';
import { PRIORITIES } from '../../../server/alerts/priorities.ts';
import type { AlertsMessage } from '../../../workers/engineProtocol.ts';
import { createHarness } from '../../support/engine/engineHarness.ts';
import { makeAlert } from './alertFixtures.ts';

const lastCounts = (messages: { type: string }[]) =>
  messages.filter((m): m is AlertsMessage => m.type === 'alerts').at(-1)?.counts;
const lastRows = (messages: { type: string }[]) =>
  messages.filter((m): m is AlertsMessage => m.type === 'alerts').at(-1)?.views[0]?.[1].rows;
/** The ids of the rows the last frame showed, in ascending order. */
const shownIds = (messages: { type: string }[]) =>
  lastRows(messages)!
    .map((r) => r.id)
    .sort();

describe('the current list', () => {
  it('AL2: acknowledged and active stays; cleared after the ack leaves; cleared and unacknowledged stays until acknowledged', async () => {
    const h = createHarness();
    const hub = h.pendingAlerts([
      makeAlert(1),
      makeAlert(2),
      // Acknowledged and active (the server's current list carries it).
      makeAlert(3, { state: 'acknowledged', acknowledgedBy: 'op', acknowledgedAt: 1 }),
    ]);
    const a = await h.tab('a');
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.engine.setAlertCounts('a', true);
    await h.timers.advance(100);
    expect(shownIds(a.messages)).toEqual([1, 2, 3]);
    expect(lastCounts(a.messages)).toMatchObject({ pending: 2, active: 3 });

    hub.emit(HUB_MESSAGES.ackAlert, { id: 1, acknowledgedBy: 'op', acknowledgedAt: 5 });
    await h.timers.advance(100);
    expect(shownIds(a.messages)).toEqual([1, 2, 3]);
    expect(lastCounts(a.messages)).toMatchObject({ pending: 1, active: 3 });

    // Alert 1 returns to normal after its ack: it leaves. Alert 2 returns unacknowledged: stays.
    hub.emit(HUB_MESSAGES.newAlert, {
      ...makeAlert(1, { state: 'acknowledged', acknowledgedBy: 'op', acknowledgedAt: 5 }),
      cleared: true,
      clearedAt: 9,
    });
    hub.emit(HUB_MESSAGES.newAlert, { ...makeAlert(2), cleared: true, clearedAt: 9 });
    await h.timers.advance(100);
    expect(shownIds(a.messages)).toEqual([2, 3]);
    expect(lastCounts(a.messages)).toMatchObject({ pending: 1, active: 1 });

    hub.emit(HUB_MESSAGES.ackAlerts, [{ id: 2, acknowledgedBy: 'op', acknowledgedAt: 10 }]);
    await h.timers.advance(100);
    expect(lastRows(a.messages)!.map((r) => r.id)).toEqual([3]);
    expect(lastCounts(a.messages)).toMatchObject({ pending: 0, active: 1 });
  });

  it('AF1: urgency sorts unacknowledged first, then priority (0 first), then newest', () => {
    const rows = [
      makeAlert(1, { priority: 4, timestamp: 500 }),
      makeAlert(2, { priority: 1, timestamp: 100, state: 'acknowledged' }),
      makeAlert(3, { priority: 1, timestamp: 200 }),
      makeAlert(4, { priority: 1, timestamp: 300 }),
      makeAlert(5, { priority: 0, timestamp: 50, state: 'acknowledged' }),
    ];
    const order = [...rows].sort((x, y) => urgencyOf(x) - urgencyOf(y)).map((a) => a.id);
    expect(order).toEqual([4, 3, 1, 5, 2]);
  });
});

describe('the horn', () => {
  const base = { mutedAt: null, rearmPriority: 2 };
  it('HS1: one state from the mute, the browser and the alarms', () => {
    expect(hornState({ settings: base, audioAllowed: false, topPriority: 1 })).toBe('blocked');
    expect(hornState({ settings: base, audioAllowed: true, topPriority: 1 })).toBe('sounding');
    // Priorities below 4 have no tone: nothing sounds, the horn stays armed.
    expect(hornState({ settings: base, audioAllowed: true, topPriority: 7 })).toBe('armed');
    expect(hornState({ settings: base, audioAllowed: true, topPriority: null })).toBe('armed');
    expect(
      hornState({ settings: { ...base, mutedAt: 10 }, audioAllowed: false, topPriority: 1 }),
    ).toBe('muted');
  });

  it('HS2: a new alarm of the chosen priority or higher re-arms a muted horn; older or lower ones do not', () => {
    const muted = { mutedAt: 1_000, rearmPriority: 2 };
    expect(shouldRearm(muted, { timestamp: 2_000, priority: 1 })).toBe(true);
    expect(shouldRearm(muted, { timestamp: 2_000, priority: 2 })).toBe(true);
    expect(shouldRearm(muted, { timestamp: 2_000, priority: 3 })).toBe(false);
    expect(shouldRearm(muted, { timestamp: 900, priority: 0 })).toBe(false);
    expect(shouldRearm(muted, null)).toBe(false);
    expect(shouldRearm(base, { timestamp: 2_000, priority: 0 })).toBe(false);
  });
});

describe('priority colours', () => {
  it('PC1: every priority reads at 4.5:1 or more with the ink chosen for it (WCAG 1.4.3)', () => {
    expect(PRIORITIES).toHaveLength(10);
    for (const p of PRIORITIES) {
      const fill = argbToRgba(p.color);
      const ink =
        readableTextOn(fill) === '#000000' ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
      expect(contrastRatio(fill, ink), `priority ${p.level}`).toBeGreaterThanOrEqual(4.5);
    }
    // The edge drawn round chips and marks (55 % black) separates even the lightest fill
    // from a white row by 3:1 (WCAG 1.4.11).
    const edge = { r: 115, g: 115, b: 115 };
    expect(contrastRatio(edge, { r: 255, g: 255, b: 255 })).toBeGreaterThanOrEqual(3);
  });
});
