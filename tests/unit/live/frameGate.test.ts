import { describe, expect, it } from 'vitest';
import {
  FrameGate,
  type FrameGateOptions,
  type RequestFrame,
} from '../../../src/live/frameGate.ts';
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

function setup(requestFrame: RequestFrame | null, options: FrameGateOptions = {}) {
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
    options,
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

  it('FR7c-5: frames held without an animation frame are applied after the fallback', async () => {
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

  it('FR7c-9: frames held for an animation frame are applied inside the draw scope (React renders them in that frame); a frame applied on arrival is not', async () => {
    const frames = manualFrames();
    const scopes: number[][] = [];
    const { gate, applied, timers } = setup(frames.request, {
      inDraw: (run) => {
        const before = applied.length;
        run();
        scopes.push(applied.slice(before));
      },
    });
    gate.push(1);
    expect(scopes).toEqual([]);
    gate.push(2);
    gate.push(3);
    frames.run();
    expect(scopes).toEqual([[2, 3]]);
    // The fallback (no animation frame came) is no draw either.
    gate.push(4);
    await timers.advance(2_000);
    expect(applied).toEqual([1, 2, 3, 4]);
    expect(scopes).toEqual([[2, 3]]);
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
