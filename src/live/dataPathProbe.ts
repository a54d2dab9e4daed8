/**
 * What the bench reads from a tab (bench/harness/appProbe.ts): values applied, main-thread
 * time per frame, server-to-screen latency from the plant's timestamps and the time to the
 * first live value. Cheap enough to stay on: two clock reads per frame and a few samples.
 *
 * The time per frame is wall time: on a machine with more busy threads than cores it counts
 * the time the tab waited for a core in the middle of a frame. While the bench asks for them
 * (`markFrames`), each frame's data path is also marked (User Timing, FRAME_MARKS), so a trace
 * reads its time on a core from the marks' thread clock (bench/harness/frameThreadTime.ts).
 */
import type { PvValue } from '../contract/pv.ts';
import type { PvValueColumns } from '../../workers/pvColumns.ts';

/** A frame's values: its objects and its columns (workers/pvColumns.ts). */
export interface FrameValues {
  pvValues: readonly PvValue[];
  pvColumns?: PvValueColumns;
}

const MAX_SAMPLES = 5000;

/** The User Timing marks around a frame's data path while `markFrames` is on. */
export const FRAME_MARKS = { start: 'pegel-frame-start', end: 'pegel-frame-end' } as const;
const LATENCY_SAMPLES_PER_FRAME = 8;

export interface DataPathSnapshot {
  valuesApplied: number;
  frames: number;
  dataPathMsPerFrame: number[];
  latenciesMs: number[];
  windowMs: number;
  firstValueMs: number | null;
  /**
   * Navigation start to the first rendering opportunity after the first value was applied:
   * the frame it applied in when that was an animation frame (FR7c), else the next one.
   */
  firstValueDrawnMs: number | null;
  /** Navigation start to the first PV value leased (a value component mounted), ms. */
  firstLeaseMs: number | null;
}

/** A mark for a trace to read; dropped from the page's timeline at once, so none pile up. */
function mark(name: string): void {
  performance.mark(name);
  performance.clearMarks(name);
}

function push(list: number[], value: number): void {
  if (list.length >= MAX_SAMPLES) list.shift();
  list.push(value);
}

export class DataPathProbe {
  private valuesApplied = 0;
  private frames = 0;
  private frameMs: number[] = [];
  private latencies: number[] = [];
  private since = performance.now();
  private firstValueMs: number | null = null;
  private firstValueDrawnMs: number | null = null;
  private firstLeaseMs: number | null = null;
  private marks = false;

  /** Marks each frame's data path from now on (or no longer); off until the bench asks. */
  markFrames(on: boolean): void {
    this.marks = on;
  }

  /** A frame's data path starts: its start time for `record`. */
  begin(): number {
    if (this.marks) mark(FRAME_MARKS.start);
    return performance.now();
  }

  /** A component leased the tab's first PV value: the start of "mount to first value". */
  markLease(): void {
    this.firstLeaseMs ??= performance.now();
  }

  /** `inDraw`: the frame was applied in an animation frame, so it is painted in this one. */
  record(startedAt: number, frame: readonly PvValue[] | FrameValues, inDraw = false): void {
    const end = performance.now();
    if (this.marks) mark(FRAME_MARKS.end);
    const objects = Array.isArray(frame)
      ? (frame as readonly PvValue[])
      : (frame as FrameValues).pvValues;
    const columns = Array.isArray(frame) ? undefined : (frame as FrameValues).pvColumns;
    const count = objects.length + (columns?.length ?? 0);
    this.frames += 1;
    this.valuesApplied += count;
    push(this.frameMs, end - startedAt);
    if (count > 0) {
      if (this.firstValueMs === null) {
        this.firstValueMs = end;
        if (inDraw || typeof requestAnimationFrame !== 'function') this.firstValueDrawnMs = end;
        else requestAnimationFrame(() => (this.firstValueDrawnMs = performance.now()));
      }
      const now = Date.now();
      const step = Math.max(1, Math.floor(count / LATENCY_SAMPLES_PER_FRAME));
      // Time stamps of the objects, then of the columns (every third number from the third).
      for (let i = 0; i < count; i += step) {
        const timestamp =
          i < objects.length ? objects[i]!.timestamp : columns!.nums[3 * (i - objects.length) + 2]!;
        push(this.latencies, now - timestamp);
      }
    }
  }

  snapshot(): DataPathSnapshot {
    return {
      valuesApplied: this.valuesApplied,
      frames: this.frames,
      dataPathMsPerFrame: [...this.frameMs],
      latenciesMs: [...this.latencies],
      windowMs: performance.now() - this.since,
      firstValueMs: this.firstValueMs,
      firstValueDrawnMs: this.firstValueDrawnMs,
      firstLeaseMs: this.firstLeaseMs,
    };
  }

  reset(): void {
    this.valuesApplied = 0;
    this.frames = 0;
    this.frameMs = [];
    this.latencies = [];
    this.since = performance.now();
  }
}
