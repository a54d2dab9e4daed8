/** DESIGN.md "Frames, not messages" — rules FR1-FR6 of workers/SPEC.md. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame, TabMessage } from '../../../workers/engineProtocol.ts';
import { framePvValues } from '../../../workers/pvColumns.ts';
import { STATION_AGE_GRACE_MS } from '../../../src/contract/station.ts';
import { ACK_TIMEOUT_MS, STATION_TIMESTAMP_LEAD_MS } from '../../../workers/TabCoalescer.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** A real channel: the engine sends to port2, port1 records the frames that arrive. */
function recordingPort() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const frames: Frame[] = [];
  port1.onmessage = (event: MessageEvent<TabMessage>) => {
    if (event.data.type === 'frame') frames.push(event.data);
  };
  return { port1, port2, frames };
}

/** A tab on a real port that acknowledges frames only when told to. */
async function ackingTab(keys: number[]) {
  const h = createHarness();
  const { port1, port2, frames } = recordingPort();
  await h.engine.connect('a', port2, { acksFrames: true });
  await h.engine.lease('a', 'pvValue', keys.map(aiKey));
  // Port messages travel in real time, the engine's clock is fake: let both move.
  const settle = async (ms: number) => {
    await h.timers.advance(ms);
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const ack = async () => {
    port1.postMessage({ type: 'frameAck' });
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await settle(100);
  await ack();
  frames.length = 0;
  const values = () => frames.flatMap((f) => framePvValues(f));
  return { h, pv: h.hubs.hub('pv'), frames, values, settle, ack };
}

async function connected(keysA: number[], keysB: number[] = []) {
  const h = createHarness();
  const a = await h.tab('a');
  const b = await h.tab('b');
  await h.engine.lease('a', 'pvValue', keysA.map(aiKey));
  if (keysB.length) await h.engine.lease('b', 'pvValue', keysB.map(aiKey));
  await h.timers.advance(100);
  a.messages.length = 0;
  b.messages.length = 0;
  return { h, a, b, pv: h.hubs.hub('pv') };
}

describe('frames', () => {
  it('FR1: many updates within a flush interval reach the tab as at most one frame per interval', async () => {
    const { h, a, pv } = await connected([1, 2, 3]);
    await h.engine.setFlushInterval('a', 50);
    const counts: number[] = [];
    for (let i = 0; i < 25; i++) {
      pv.emit('newValues', [doubleValue(1, i), doubleValue(2, i)]);
      pv.emit('newValue', doubleValue(3, i));
      await h.timers.advance(4);
      counts.push(a.frames().length);
    }
    await h.timers.advance(50);
    // 100 ms of updates: the leading frame, one at 50 ms, one trailing with the rest.
    expect(a.frames().length).toBeLessThanOrEqual(3);
    for (let i = 0; i + 12 < counts.length; i++)
      expect(
        counts[i + 12]! - counts[i]!,
        `frames between ${i * 4} and ${i * 4 + 48} ms`,
      ).toBeLessThanOrEqual(1);
    expect(a.frames().at(-1)!.pvValues).toEqual([
      doubleValue(1, 24),
      doubleValue(2, 24),
      doubleValue(3, 24),
    ]);
  });

  it('FR1b: an update after a quiet interval goes out at once, not after the interval', async () => {
    const { h, a, pv } = await connected([1]);
    await h.timers.advance(200);
    pv.emit('newValue', doubleValue(1, 7));
    await h.timers.advance(1);
    expect(a.frames().flatMap((f) => f.pvValues)).toEqual([doubleValue(1, 7)]);
  });

  it('FR2: the latest value of a key wins', async () => {
    const { h, a, pv } = await connected([1]);
    pv.emit('newValues', [doubleValue(1, 10, 1)]);
    pv.emit('newValues', [doubleValue(1, 11, 2)]);
    pv.emit('newValue', doubleValue(1, 12, 3));
    await h.timers.advance(50);
    expect(a.frames().flatMap((f) => f.pvValues)).toEqual([doubleValue(1, 12, 3)]);
  });

  it('FR3: a tab gets only the keys it leases', async () => {
    const { h, a, b, pv } = await connected([1, 2], [2, 3]);
    pv.emit('newValues', [
      doubleValue(1, 1),
      doubleValue(2, 2),
      doubleValue(3, 3),
      doubleValue(4, 4),
    ]);
    await h.timers.advance(50);
    const keys = (frames: typeof a) =>
      frames
        .frames()
        .flatMap((f) => f.pvValues.map((v) => v.pvRef.nr))
        .sort();
    expect(keys(a)).toEqual([1, 2]);
    expect(keys(b)).toEqual([2, 3]);
    // A value for a key nobody leases is not kept.
    expect(h.engine.storeStats.pvValues).toBe(3);
  });

  it('FR3: after a release the tab gets no more values of that key', async () => {
    const { h, a, pv } = await connected([1, 2]);
    await h.engine.release('a', 'pvValue', [aiKey(2)]);
    pv.emit('newValues', [doubleValue(1, 1), doubleValue(2, 2)]);
    await h.timers.advance(50);
    expect(a.frames().flatMap((f) => f.pvValues.map((v) => v.pvRef.nr))).toEqual([1]);
  });

  it('FR4: a hidden tab gets no frames, then one full frame of its keys when visible', async () => {
    const { h, a, b, pv } = await connected([1, 2], [1]);
    await h.engine.setVisible('a', false);
    pv.emit('newValues', [doubleValue(1, 1), doubleValue(2, 2)]);
    await h.timers.advance(1_000);
    pv.emit('newValues', [doubleValue(1, 5)]);
    await h.timers.advance(1_000);
    expect(a.frames()).toHaveLength(0);
    expect(b.frames()).toHaveLength(2);
    await h.engine.setVisible('a', true);
    await h.timers.advance(1_000);
    expect(a.frames()).toHaveLength(1);
    const frame = a.frames()[0]!;
    expect(frame.full).toBe(true);
    expect(frame.status?.display).toBeDefined();
    expect(frame.pvValues.sort((x, y) => x.pvRef.nr - y.pvRef.nr)).toEqual([
      doubleValue(1, 5),
      doubleValue(2, 2),
    ]);
  });

  it('FR5: the flush interval is set per tab', async () => {
    const { h, a, b, pv } = await connected([1], [1]);
    await h.engine.setFlushInterval('a', 500);
    await h.engine.setFlushInterval('b', 50);
    for (let i = 0; i < 100; i++) {
      pv.emit('newValue', doubleValue(1, i));
      await h.timers.advance(10);
    }
    // 1000 ms of updates: tab b (50 ms) gets one frame per 50 ms, tab a one per 500 ms.
    expect(a.frames().length).toBeLessThanOrEqual(3);
    expect(a.frames().length).toBeGreaterThanOrEqual(2);
    expect(b.frames().length).toBeGreaterThanOrEqual(18);
    expect(b.frames().length).toBeLessThanOrEqual(21);
  });

  it('FR5b: by default a tab gets at most one frame per display frame (16 ms)', async () => {
    const { h, a, pv } = await connected([1]);
    for (let i = 0; i < 100; i++) {
      pv.emit('newValue', doubleValue(1, i));
      await h.timers.advance(4);
    }
    // 400 ms of updates every 4 ms: 25 frames at most, and never more than one per 16 ms.
    expect(a.frames().length).toBeLessThanOrEqual(26);
    expect(a.frames().length).toBeGreaterThanOrEqual(20);
  });

  it('FR6: a tab leasing a key others already lease gets its current value in the next frame', async () => {
    const { h, b, pv } = await connected([7]);
    pv.emit('newValue', doubleValue(7, 70));
    await h.timers.advance(50);
    await h.engine.lease('b', 'pvValue', [aiKey(7)]);
    await h.timers.advance(50);
    expect(b.frames().flatMap((f) => f.pvValues)).toEqual([doubleValue(7, 70)]);
  });

  it('TB4 (FR7): what a tab leases in one changeLeases call reaches it in one frame, none held behind another', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    await h.engine.lease('a', 'station', ['st1']);
    await h.engine.lease('a', 'pvValue', [aiKey(7)]);
    await h.timers.advance(50);
    h.hubs.hub('station').emit('newDialState', { stationNumber: 1, dialState: 'Connected' });
    h.hubs.hub('pv').emit('newValue', doubleValue(7, 70));
    await h.timers.advance(50);
    expect(a.frames().length).toBeGreaterThan(0);
    // A second tab on a port that takes no frame after its first (FR7: one in flight).
    const { port1, port2, frames } = recordingPort();
    await h.engine.connect('b', port2, { acksFrames: true });
    await h.timers.advance(50);
    await new Promise((resolve) => setTimeout(resolve, 10));
    port1.postMessage({ type: 'frameAck' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    frames.length = 0;
    const change = h.engine.changeLeases(
      'b',
      [],
      [
        ['station', ['st1']],
        ['pvValue', [aiKey(7)]],
      ],
    );
    await h.timers.advance(50);
    await change;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(frames).toHaveLength(1);
    expect(frames[0]!.stations.map((st) => st.dialState)).toEqual(['Connected']);
    expect(framePvValues(frames[0]!)).toEqual([doubleValue(7, 70)]);
  });

  it('FR1: a tab with nothing changed gets no frame', async () => {
    const { h, a } = await connected([1]);
    await h.timers.advance(5_000);
    expect(a.frames()).toHaveLength(0);
  });

  it('FR7: a tab that acknowledges frames has one in flight; changes wait for its ack, newest winning', async () => {
    const { pv, frames, values, settle, ack } = await ackingTab([1, 2]);
    pv.emit('newValue', doubleValue(1, 10));
    await settle(20);
    expect(frames).toHaveLength(1);
    // The tab has not taken the frame yet: nothing more goes out, however long the interval.
    for (let i = 11; i <= 15; i++) {
      pv.emit('newValues', [doubleValue(1, i), doubleValue(2, i)]);
      await settle(20);
    }
    expect(frames).toHaveLength(1);
    await ack();
    await settle(20);
    expect(frames).toHaveLength(2);
    expect(values()).toEqual([doubleValue(1, 10), doubleValue(1, 15), doubleValue(2, 15)]);
  });

  it('FR7b: without an ack the next frame still goes out after the ack timeout', async () => {
    const { pv, frames, values, settle } = await ackingTab([1]);
    pv.emit('newValue', doubleValue(1, 1));
    await settle(20);
    pv.emit('newValue', doubleValue(1, 2));
    await settle(ACK_TIMEOUT_MS - 100);
    expect(frames).toHaveLength(1);
    await settle(200);
    expect(values()).toEqual([doubleValue(1, 1), doubleValue(1, 2)]);
  });

  it('FR8: a station whose time stamp alone moves reaches the tab at most once a second, its newest time stamp last', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    await h.engine.lease('a', 'station', ['st1']);
    await h.engine.lease('a', 'stationTime', ['st1']);
    const station = h.hubs.hub('station');
    station.emit('newTimestamp', { stationNumber: 1, timestamp: 1_000 });
    await h.timers.advance(100);
    a.messages.length = 0;
    const sent = () => a.frames().flatMap((f) => f.stations.map((s) => s.timestamp));
    // Ten time stamps a second, as a plant sends them with its values.
    for (let i = 1; i <= 25; i++) {
      station.emit('newTimestamp', { stationNumber: 1, timestamp: 1_000 + 100 * i });
      await h.timers.advance(100);
    }
    expect(sent().length).toBeLessThanOrEqual(3);
    await h.timers.advance(1_000);
    expect(sent().at(-1)).toBe(3_500);
    // Anything else about the station goes out at once.
    a.messages.length = 0;
    station.emit('newDialState', { stationNumber: 1, dialState: 'Connected' });
    await h.timers.advance(20);
    expect(a.frames().flatMap((f) => f.stations.map((s) => s.dialState))).toEqual(['Connected']);
  });

  it('FR8: a connected station sending each second wakes a tab showing its age only shortly before that age would leave just now, and a station gone quiet reaches it in time', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    await h.engine.lease('a', 'station', ['st1']);
    await h.engine.lease('a', 'stationTime', ['st1']);
    const station = h.hubs.hub('station');
    // Time stamps of the tab's own clock, each second, from the start of a minute.
    const start = Math.ceil(h.timers.now() / 60_000) * 60_000;
    await h.timers.advance(start - h.timers.now());
    station.emit('newTimestamp', { stationNumber: 1, timestamp: start });
    await h.timers.advance(100);
    a.messages.length = 0;
    const sent = () => a.frames().flatMap((f) => f.stations.map((s) => s.timestamp!));
    for (let i = 1; i <= 30; i++) {
      await h.timers.advance(1_000 - 100);
      station.emit('newTimestamp', { stationNumber: 1, timestamp: start + 1_000 * i });
      await h.timers.advance(100);
    }
    // Each second before: 30 frames. Now one each GRACE - LEAD (8.5 s) of the tab's time stamp.
    const lead = STATION_AGE_GRACE_MS - STATION_TIMESTAMP_LEAD_MS;
    expect(sent().length).toBeGreaterThanOrEqual(3);
    expect(sent().length).toBeLessThanOrEqual(4);
    // The tab's time stamp never reads as old as the grace: its age stays just now.
    let held = start;
    for (const f of a.frames()) {
      const at = f.stations[0]!.timestamp!;
      expect(at - held).toBeLessThanOrEqual(lead + 1_000);
      held = at;
    }
    // Gone quiet: its last time stamp reaches the tab before the one it has leaves just now.
    const last = start + 30_000;
    a.messages.length = 0;
    await h.timers.advance(held + lead + 50 - h.timers.now());
    expect(sent().at(-1) ?? held).toBe(last);
    // A new minute goes out at once (the age's title is the date and time to the minute).
    a.messages.length = 0;
    await h.timers.advance(2_000);
    station.emit('newTimestamp', { stationNumber: 1, timestamp: start + 60_000 });
    await h.timers.advance(100);
    expect(sent()).toEqual([start + 60_000]);
  });

  it('FR9: a tab without the time stamp lease gets the station state with no time stamp, and no frame for a newer time stamp alone; with the lease it gets them, its release stops them', async () => {
    const h = createHarness();
    const ages = await h.tab('ages');
    const states = await h.tab('states');
    for (const tab of ['ages', 'states']) await h.engine.lease(tab, 'station', ['st1']);
    await h.engine.lease('ages', 'stationTime', ['st1']);
    const station = h.hubs.hub('station');
    station.emit('newDialState', { stationNumber: 1, dialState: 'Connected' });
    station.emit('newTimestamp', { stationNumber: 1, timestamp: 1_000 });
    await h.timers.advance(100);
    const stamps = (tab: typeof ages) =>
      tab.frames().flatMap((f) => f.stations.map((s) => s.timestamp));
    expect(stamps(ages).at(-1)).toBe(1_000);
    expect(stamps(states)).toEqual([null]);
    expect(states.frames().at(-1)!.stations[0]!.dialState).toBe('Connected');
    // A second of time stamps: the age tab follows them, the state tab hears nothing.
    ages.messages.length = 0;
    states.messages.length = 0;
    for (let i = 1; i <= 30; i++) {
      station.emit('newTimestamp', { stationNumber: 1, timestamp: 1_000 + 100 * i });
      await h.timers.advance(100);
    }
    await h.timers.advance(1_000); // FR8: the newest when its second is up
    expect(stamps(ages).at(-1)).toBe(4_000);
    expect(states.frames()).toEqual([]);
    // The state still reaches both, each as it follows the station.
    station.emit('newDialState', { stationNumber: 1, dialState: 'HangingUp' });
    await h.timers.advance(20);
    expect(states.frames().flatMap((f) => f.stations)).toEqual([
      expect.objectContaining({ dialState: 'HangingUp', timestamp: null }),
    ]);
    expect(ages.frames().at(-1)!.stations).toEqual([
      expect.objectContaining({ dialState: 'HangingUp', timestamp: 4_000 }),
    ]);
    // Leased later, the time stamp comes in the next frame; released, the tab gets the state
    // without it once and then no time stamp again.
    states.messages.length = 0;
    await h.engine.lease('states', 'stationTime', ['st1']);
    await h.timers.advance(20);
    expect(stamps(states)).toEqual([4_000]);
    ages.messages.length = 0;
    await h.engine.release('ages', 'stationTime', ['st1']);
    await h.timers.advance(20);
    expect(stamps(ages)).toEqual([null]);
    ages.messages.length = 0;
    for (let i = 1; i <= 20; i++) {
      station.emit('newTimestamp', { stationNumber: 1, timestamp: 4_000 + 100 * i });
      await h.timers.advance(100);
    }
    await h.timers.advance(1_000);
    expect(ages.frames()).toEqual([]);
    expect(stamps(states).at(-1)).toBe(6_000);
  });

  it('FR9: a full frame after hidden carries the time stamp only with the lease', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    await h.engine.lease('a', 'station', ['st1', 'st2']);
    await h.engine.lease('a', 'stationTime', ['st2']);
    const station = h.hubs.hub('station');
    for (const stationNumber of [1, 2])
      station.emit('newTimestamp', { stationNumber, timestamp: 1_000 * stationNumber });
    await h.timers.advance(100);
    await h.engine.setVisible('a', false);
    a.messages.length = 0;
    await h.engine.setVisible('a', true);
    await h.timers.advance(20);
    const full = a.frames().find((f) => f.full)!;
    expect(full.stations.map((s) => [s.stationNumber, s.timestamp])).toEqual([
      [1, null],
      [2, 2_000],
    ]);
  });
});
