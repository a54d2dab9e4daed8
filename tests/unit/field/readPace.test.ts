/**
 * The field plant's pace for its connectors' socket reads (server/field/readPace.ts): after a
 * batch the reads are held, and every hold ends by its own timer, however often batches go out
 * meanwhile; a reader that leaves is released; an event loop behind stops the holds a while.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MS,
  MAX_HOLD_MS,
  ReadPace,
  type PacedReads,
} from '../../../server/field/readPace.ts';

function reader() {
  const calls: string[] = [];
  const reads: PacedReads = {
    hold: () => calls.push('hold'),
    release: () => calls.push('release'),
  };
  return { reads, calls };
}

describe('read pace', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('RP1 holds every reader and releases them after the time asked, never later than MAX_HOLD_MS', () => {
    const pace = new ReadPace();
    const a = reader();
    const b = reader();
    pace.add(a.reads);
    pace.add(b.reads);
    pace.hold(45);
    expect(pace.holding).toBe(true);
    expect(a.calls).toEqual(['hold']);
    expect(b.calls).toEqual(['hold']);
    vi.advanceTimersByTime(44);
    expect(a.calls).toEqual(['hold']);
    vi.advanceTimersByTime(1);
    expect(a.calls).toEqual(['hold', 'release']);
    expect(b.calls).toEqual(['hold', 'release']);
    expect(pace.holding).toBe(false);

    // A plant that sends a batch a minute still reads its sockets after MAX_HOLD_MS.
    pace.hold(60_000);
    vi.advanceTimersByTime(MAX_HOLD_MS);
    expect(a.calls).toEqual(['hold', 'release', 'hold', 'release']);
    // Too short a hold to be worth it (PEGEL_FIELD_FLUSH_MS 0): none.
    pace.hold(1);
    pace.hold(Number.NaN);
    expect(pace.holding).toBe(false);
    expect(a.calls).toHaveLength(4);
  });

  it('RP2 a hold running is not made longer by the next batches; a reader that leaves is released, one that comes is held from the next hold', () => {
    const pace = new ReadPace();
    const a = reader();
    const leave = pace.add(a.reads);
    pace.hold(45);
    vi.advanceTimersByTime(30);
    pace.hold(45);
    pace.hold(45);
    vi.advanceTimersByTime(15);
    expect(a.calls).toEqual(['hold', 'release']);

    pace.hold(45);
    const b = reader();
    pace.add(b.reads);
    leave();
    expect(a.calls).toEqual(['hold', 'release', 'hold', 'release']);
    vi.advanceTimersByTime(45);
    expect(a.calls).toHaveLength(4);
    expect(b.calls).toEqual(['release']);
    leave();
    expect(a.calls).toHaveLength(4);

    // The plant closing releases at once.
    pace.hold(45);
    pace.release();
    expect(b.calls).toEqual(['release', 'hold', 'release']);
    expect(pace.holding).toBe(false);
  });

  it('RP3 a hold whose timer fires late (the event loop behind) stops the holds for BACKOFF_MS', () => {
    let clock = 1000;
    const pace = new ReadPace(() => clock);
    const a = reader();
    pace.add(a.reads);
    // On time, or late by less than the hold itself: holds go on.
    pace.hold(45);
    clock += 80;
    vi.advanceTimersByTime(45);
    pace.hold(45);
    expect(a.calls).toEqual(['hold', 'release', 'hold']);
    // Late by more than the hold: none for BACKOFF_MS.
    clock += 91;
    vi.advanceTimersByTime(45);
    pace.hold(45);
    expect(pace.holding).toBe(false);
    clock += BACKOFF_MS - 1;
    pace.hold(45);
    expect(pace.holding).toBe(false);
    clock += 1;
    pace.hold(45);
    expect(pace.holding).toBe(true);
    expect(a.calls).toEqual(['hold', 'release', 'hold', 'release', 'hold']);
    pace.release();
  });
});
