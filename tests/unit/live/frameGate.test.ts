import { describe, expect, it } from 'vitest';
import { drawTogether, FrameGate, type RequestFrame } from '../../../src/live/frameGate.ts';
import { FakeTimers } from '../../support/engine/FakeTimers.ts';

/** Animation frames the test runs by hand. */
function manualFrames(): { request: RequestFrame; run(): void; requested(): number } {
  let callbacks: (() => void)[] = [];
  return {
    request(callback) {
      callbacks.push(callback);
      return () => {
        callbacks = callbacks.filter((c) => c !== callback);
      };
    },
    run() {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback();
    },
    requested: () => callbacks.length,
  };
}

function setup(requestFrame: RequestFrame | null) {
  const timers = new FakeTimers();
  const applied: number[] = [];
  let acks = 0;
  const gate = new FrameGate<number>(
    (frame) => {
      if (frame < 0) throw new Error(`frame ${frame} is broken`);
      applied.push(frame);
      // Frames of 1000 and more change nothing on screen (no listener woke).
      return frame < 1000;
    },
    () => acks++,
    requestFrame,
    timers,
  );
  return { gate, timers, applied, acks: () => acks };
}

describe('a tab applies frames no faster than it draws (FR7c)', () => {
  it('FR7c-5: a frame that changed nothing on screen asks for no animation frame; the next is applied on arrival', () => {
    const frames = manualFrames();
    const { gate, applied, acks } = setup(frames.request);
    gate.push(1000);
    gate.push(1001);
    expect(applied).toEqual([1000, 1001]);
    expect(acks()).toBe(2);
    expect(frames.requested()).toBe(0);
    // A frame that shows something still waits for its draw before the next is applied.
    gate.push(1);
    gate.push(2);
    expect(applied).toEqual([1000, 1001, 1]);
    expect(frames.requested()).toBe(1);
    frames.run();
    expect(applied).toEqual([1000, 1001, 1, 2]);
  });

  it('FR7c-1: a frame before the tab drew the last one waits for the next animation frame', () => {
    const frames = manualFrames();
    const { gate, applied, acks } = setup(frames.request);
    gate.push(1);
    // Nothing was waiting: applied and acknowledged on arrival.
    expect(applied).toEqual([1]);
    expect(acks()).toBe(1);
    gate.push(2);
    expect(applied).toEqual([1]);
    expect(acks()).toBe(1);
    frames.run();
    expect(applied).toEqual([1, 2]);
    expect(acks()).toBe(2);
  });

  it('FR7c-2: frames held for one animation frame are applied oldest first with one ack', () => {
    const frames = manualFrames();
    const { gate, applied, acks } = setup(frames.request);
    gate.push(1);
    gate.push(2);
    gate.push(3);
    expect(frames.requested()).toBe(1);
    frames.run();
    expect(applied).toEqual([1, 2, 3]);
    expect(acks()).toBe(2);
  });

  it('FR7c-3: a frame applied on arrival asks for no animation frame (what it changed draws itself); the next within the idle spell waits for one, a later one is applied on arrival', async () => {
    const frames = manualFrames();
    const { gate, timers, applied } = setup(frames.request);
    gate.push(1);
    expect(applied).toEqual([1]);
    // A connected station's time stamp each second, whose age still reads just now, drew a
    // frame of its own when the gate asked for one to learn that the tab drew.
    expect(frames.requested()).toBe(0);
    gate.push(2);
    expect(applied).toEqual([1]);
    expect(frames.requested()).toBe(1);
    frames.run();
    expect(applied).toEqual([1, 2]);
    expect(frames.requested()).toBe(0);
    await timers.advance(100);
    gate.push(3);
    expect(applied).toEqual([1, 2, 3]);
    expect(frames.requested()).toBe(0);
  });

  it('FR7c-4: a frame after a quiet spell is applied on arrival, drawn or not', async () => {
    const frames = manualFrames();
    const { gate, timers, applied } = setup(frames.request);
    gate.push(1);
    await timers.advance(99);
    gate.push(2);
    expect(applied).toEqual([1]);
    frames.run();
    await timers.advance(100);
    gate.push(3);
    expect(applied).toEqual([1, 2, 3]);
  });

  it('FR7c-12: frames held without an animation frame are applied after the fallback', async () => {
    const frames = manualFrames();
    const { gate, timers, applied, acks } = setup(frames.request);
    gate.push(1);
    gate.push(2);
    await timers.advance(999);
    expect(applied).toEqual([1]);
    await timers.advance(1);
    expect(applied).toEqual([1, 2]);
    expect(acks()).toBe(2);
    // The animation frame that comes late finds nothing to apply twice.
    frames.run();
    expect(applied).toEqual([1, 2]);
  });

  it('FR7c-6: without animation frames (no browser) each frame is applied as it arrives', () => {
    const { gate, applied, acks } = setup(null);
    gate.push(1);
    gate.push(2);
    expect(applied).toEqual([1, 2]);
    expect(acks()).toBe(2);
  });

  it('FR7c-7: a frame that fails to apply keeps neither the later frames nor the ack back', async () => {
    const frames = manualFrames();
    const { gate, applied, acks } = setup(frames.request);
    const uncaught: unknown[] = [];
    const onError = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onError);
    try {
      gate.push(0);
      gate.push(-1);
      gate.push(2);
      frames.run();
      expect(applied).toEqual([0, 2]);
      expect(acks()).toBe(2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(String(uncaught[0])).toContain('frame -1 is broken');
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  it('FR7c-9: the gates of a tab share one animation frame and apply what they held in one draw scope (React renders it in that frame); frames applied on arrival or by the fallback are outside it', async () => {
    const frames = manualFrames();
    // What each run of the scope applied, across the gates.
    const scopes: number[][] = [];
    const gates: ReturnType<typeof setup>[] = [];
    const all = () => gates.flatMap((g) => g.applied);
    const together = drawTogether(frames.request, (run) => {
      const before = all();
      run();
      scopes.push(all().filter((n) => !before.includes(n)));
    });
    const a = setup(together);
    const b = setup(together);
    gates.push(a, b);
    a.gate.push(1);
    b.gate.push(10);
    expect(scopes).toEqual([]);
    a.gate.push(2);
    b.gate.push(11);
    // One animation frame of the source for both gates.
    expect(frames.requested()).toBe(1);
    frames.run();
    expect(a.applied).toEqual([1, 2]);
    expect(b.applied).toEqual([10, 11]);
    expect(scopes).toEqual([[2, 11]]);
    // A gate that goes takes only its own callback; the other's frame still comes.
    a.gate.push(3);
    b.gate.push(12);
    a.gate.dispose();
    expect(frames.requested()).toBe(1);
    frames.run();
    expect(b.applied).toEqual([10, 11, 12]);
    expect(a.applied).toEqual([1, 2]);
    expect(scopes).toEqual([[2, 11], [12]]);
    // The last callback cancelled cancels the source's frame.
    b.gate.push(13);
    b.gate.dispose();
    expect(frames.requested()).toBe(0);
    // The fallback (no animation frame came) is no draw either.
    const c = setup(together);
    gates.push(c);
    c.gate.push(20);
    c.gate.push(21);
    await c.timers.advance(2_000);
    expect(c.applied).toEqual([20, 21]);
    expect(scopes).toEqual([[2, 11], [12]]);
  });

  it('FR7c-8: a disposed gate applies nothing it held', async () => {
    const frames = manualFrames();
    const { gate, timers, applied, acks } = setup(frames.request);
    gate.push(1);
    gate.push(2);
    gate.dispose();
    frames.run();
    await timers.advance(2_000);
    expect(applied).toEqual([1]);
    expect(acks()).toBe(1);
  });
});
