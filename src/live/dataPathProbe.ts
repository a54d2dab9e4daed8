/**
 * What the bench reads from a tab (bench/harness/appProbe.ts): values applied, main-thread
 * time per frame, server-to-screen latency from the plant's timestamps and the time to the
 * first live value. Cheap enough to stay on: two clock reads per frame and a few samples.
 */
import type { PvValue } from '../contract/pv.ts';

const MAX_SAMPLES = 5000;
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

  /** A component leased the tab's first PV value: the start of "mount to first value". */
  markLease(): void {
    this.firstLeaseMs ??= performance.now();
  }

  /** `inDraw`: the frame was applied in an animation frame, so it is painted in this one. */
  record(startedAt: number, values: readonly PvValue[], inDraw = false): void {
    const end = performance.now();
    this.frames += 1;
    this.valuesApplied += values.length;
    push(this.frameMs, end - startedAt);
    if (values.length > 0) {
      if (this.firstValueMs === null) {
        this.firstValueMs = end;
        if (inDraw || typeof requestAnimationFrame !== 'function') this.firstValueDrawnMs = end;
        else requestAnimationFrame(() => (this.firstValueDrawnMs = performance.now()));
      }
      const now = Date.now();
      const step = Math.max(1, Math.floor(values.length / LATENCY_SAMPLES_PER_FRAME));
      for (let i = 0; i < values.length; i += step)
        push(this.latencies, now - values[i]!.timestamp);
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
