/** FW: the per-frame writer of process images (issue 13, the dense view). */
import { describe, expect, it } from 'vitest';
import {
  FrameWriter,
  visibleArea,
  type Box,
} from '../../../src/features/process-images/frameWriter.ts';
import { parseColor } from '../../../src/features/process-images/glyphAtlas.ts';

function harness(
  options: { budgetMs?: number; cost?: number; boxes?: Record<string, Box[]> } = {},
) {
  let clock = 0;
  const frames: (() => void)[] = [];
  const written: string[] = [];
  const after: boolean[] = [];
  const writer = new FrameWriter({
    write: (key) => {
      written.push(key);
      clock += options.cost ?? 0;
    },
    boxes: (key) => options.boxes?.[key] ?? [],
    afterFrame: (more) => after.push(more),
    budgetMs: options.budgetMs,
    now: () => clock,
    requestFrame: (cb) => frames.push(cb),
    cancelFrame: () => undefined,
  });
  const frame = () => frames.shift()?.();
  return { writer, written, after, frames, frame };
}

describe('FrameWriter', () => {
  it('FW1: a change is written in the next frame, not at once; many changes of a PV write it once', () => {
    const h = harness();
    h.writer.markDirty('a');
    h.writer.markDirty('a');
    h.writer.markDirty('b');
    expect(h.written).toEqual([]);
    expect(h.frames).toHaveLength(1);
    h.frame();
    expect(h.written).toEqual(['a', 'b']);
    expect(h.after).toEqual([false]);
    expect(h.frames).toHaveLength(0);
  });

  it('FW2: a burst is spread over frames within the budget; the rest waits, nothing is lost', () => {
    const h = harness({ budgetMs: 6, cost: 0.1 });
    for (let i = 0; i < 1000; i++) h.writer.markDirty(`k${i}`);
    h.frame();
    // 6 ms at 0.1 ms a write, checked every 16 writes: 64 written, the rest waits.
    expect(h.written.length).toBe(64);
    expect(h.after).toEqual([true]);
    let frames = 1;
    while (h.frames.length > 0) {
      h.frame();
      frames++;
    }
    expect(new Set(h.written).size).toBe(1000);
    expect(h.written.length).toBe(1000);
    expect(frames).toBe(16);
    expect(h.after.at(-1)).toBe(false);
  });

  it('FW3: PVs out of view wait for the view; in view again they are written', () => {
    const h = harness({
      boxes: {
        near: [{ x: 10, y: 10, width: 20, height: 10 }],
        far: [{ x: 5000, y: 10, width: 20, height: 10 }],
      },
    });
    h.writer.setVisibleArea({ x: 0, y: 0, width: 800, height: 600 });
    h.writer.markDirty('near');
    h.writer.markDirty('far');
    h.writer.markDirty('unplaced');
    h.frame();
    expect(h.written).toEqual(['near', 'unplaced']);
    expect(h.writer.pending).toBe(1);
    h.writer.setVisibleArea({ x: 4800, y: 0, width: 800, height: 600 });
    h.frame();
    expect(h.written).toEqual(['near', 'unplaced', 'far']);
    expect(h.writer.pending).toBe(0);
  });

  it('FW4: flushAll writes everything pending now, in view or not; dispose stops all', () => {
    const h = harness({ boxes: { far: [{ x: 5000, y: 0, width: 1, height: 1 }] } });
    h.writer.setVisibleArea({ x: 0, y: 0, width: 100, height: 100 });
    h.writer.markDirty('far');
    h.frame();
    expect(h.written).toEqual([]);
    h.writer.flushAll();
    expect(h.written).toEqual(['far']);
    h.writer.dispose();
    h.writer.markDirty('x');
    expect(h.frames).toHaveLength(0);
  });

  it('FW5: the visible area of a view; null when the whole image is on screen', () => {
    expect(
      visibleArea(
        { x: 0, y: 0, scale: 0.5 },
        { width: 1000, height: 800 },
        { width: 2000, height: 1000 },
      ),
    ).toBeNull();
    expect(
      visibleArea(
        { x: -200, y: -100, scale: 2 },
        { width: 1000, height: 800 },
        { width: 2000, height: 1000 },
      ),
    ).toEqual({
      x: 100,
      y: 50,
      width: 500,
      height: 400,
    });
  });

  it('FW6: colours of the dense layer parse from what computed styles give', () => {
    expect(parseColor('rgb(176, 0, 32)').packed).toBe((32 << 16) | (0 << 8) | 176);
    expect(parseColor('#b00020').packed).toBe((32 << 16) | 176);
    expect(parseColor('#fff').packed).toBe(0xffffff);
    expect(parseColor('currentcolor').packed).toBe((0x27 << 16) | (0x23 << 8) | 0x1e);
  });
});
