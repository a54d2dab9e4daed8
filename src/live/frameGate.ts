/**
 * A tab on a port applies the engine's frames no faster than it draws, and acknowledges a
 * frame when it applied it (workers/SPEC.md FR7c). A frame that arrives within `idleMs` of the
 * last one applied waits for the next animation frame; the engine keeps one frame in flight
 * (FR7), holding the newest values meanwhile. So a tab drawn at 60 Hz applies at most one
 * frame per display frame, and a tab the browser draws less often (a window it throttles, a
 * page behind the front one in headless Chromium, about once a second) no longer renders
 * 60 frames a second that never reach the screen. A frame after a quiet spell (sparse
 * changes, a new tab's first values) is applied on arrival, and one held without an
 * animation frame for `fallbackMs` is applied anyway, so values never stall behind a
 * paused renderer.
 *
 * Hot path: every frame of values and of alert views passes the gate on the tab's main thread.
 * It keeps a tab at one applied frame per drawn frame and one render per animation frame
 * (FR7c): the current list at 10 alerts/s 202 → 176 ms/s of main thread with flushSync in the
 * frame, 157 → 153 with both gates in one frame; at the ingest peak (250,000/s, 20 tabs) the
 * tabs' busy share 41-51 → 24-35 % and the engine worker 22-30 → 8-19 % of a core (2026-11-25,
 * bench/README.md "Ingest and the cost sweep"). Taken with `npm run bench -- --quick --only
 * ingest` and `npx tsx bench/alert-idle-trace.ts 10 6 cost`. Do not add here: work per value
 * (the gate only holds a frame and calls back), a timer per frame (one fallback timer is
 * armed only while a frame waits), or a second animation frame request per tab.
 */
import type { TimerHandle, Timers } from '../domain/timers.ts';

/** Requests one callback before the next paint; returns its cancel. */
export type RequestFrame = (callback: () => void) => () => void;

/** The browser's requestAnimationFrame, or null where there is none (node, tests). */
export function animationFrames(): RequestFrame | null {
  if (typeof globalThis.requestAnimationFrame !== 'function') return null;
  return (callback) => {
    const id = globalThis.requestAnimationFrame(() => callback());
    return () => globalThis.cancelAnimationFrame(id);
  };
}

/**
 * Longest a frame waits for an animation frame: the engine's ack timeout (ACK_TIMEOUT_MS),
 * after which it would send the next frame anyway.
 */
export const FRAME_GATE_FALLBACK_MS = 1_000;

/**
 * A frame that comes this long after the last one applied is applied on arrival: sparse
 * changes (and a new tab's first values) are not held for a draw, only a stream of them.
 */
export const FRAME_GATE_IDLE_MS = 100;

/**
 * Runs what an animation frame applies. The tab passes React's `flushSync`: a view that renders
 * what a frame changed (the alert list, counts, marks) then renders inside this animation
 * frame, and the browser paints it in this frame. Left to React's scheduler, the render ran in
 * a task after the frame and took a second main frame of its own (issue 44: the current list
 * at 10 alerts a second drew two main frames of 7-8 ms for each new alert).
 */
export type DrawScope = (run: () => void) => void;

/**
 * One animation frame for every gate of a tab, its callbacks run together inside `scope`: the
 * PV frames and the alert views a tab applies in the same frame render in one pass (one
 * `flushSync`), not one per gate.
 */
export function drawTogether(requestFrame: RequestFrame, scope: DrawScope): RequestFrame {
  let due: (() => void)[] = [];
  let cancelFrame: (() => void) | null = null;
  const draw = () => {
    cancelFrame = null;
    const callbacks = due;
    due = [];
    scope(() => {
      for (const callback of callbacks) callback();
    });
  };
  return (callback) => {
    due.push(callback);
    cancelFrame ??= requestFrame(draw);
    return () => {
      due = due.filter((c) => c !== callback);
      if (!due.length && cancelFrame) {
        cancelFrame();
        cancelFrame = null;
      }
    };
  };
}

export class FrameGate<F> {
  private pending: F[] = [];
  private cancelFrame: (() => void) | null = null;
  private fallback: TimerHandle | null = null;
  /** The tab drew since the last frame was applied (true before the first). */
  private drawn = true;
  private lastApplyAt = Number.NEGATIVE_INFINITY;

  constructor(
    /**
     * `inDraw`: applied in an animation frame, so painted in this one. Returns false (only
     * false) when the frame changed nothing on screen (no listener woke): then no draw is
     * waited for.
     */
    private readonly apply: (frame: F, inDraw: boolean) => unknown,
    /** Called once per flush, after the frames were applied (the tab's ack). */
    private readonly applied: () => void,
    private readonly requestFrame: RequestFrame | null,
    private readonly timers: Timers,
    private readonly fallbackMs = FRAME_GATE_FALLBACK_MS,
    private readonly idleMs = FRAME_GATE_IDLE_MS,
  ) {}

  push(frame: F): void {
    this.pending.push(frame);
    const behind = !this.drawn && this.timers.now() - this.lastApplyAt < this.idleMs;
    if (!this.requestFrame || (this.pending.length === 1 && !behind)) {
      this.flush();
      return;
    }
    // Held for the next draw, or at most the fallback.
    this.fallback ??= this.timers.setTimeout(() => this.flush(), this.fallbackMs);
    this.watchDraw();
  }

  /** Applies every frame held, oldest first (the newest value wins), then acknowledges. */
  flush(inDraw = false): void {
    if (this.fallback !== null) this.timers.clearTimeout(this.fallback);
    this.fallback = null;
    const frames = this.pending;
    if (!frames.length) return;
    this.pending = [];
    let shown = false;
    try {
      for (const frame of frames) {
        try {
          if (this.apply(frame, inDraw) !== false) shown = true;
        } catch (error) {
          shown = true;
          // One frame that fails to apply must not keep the later ones or the ack back; the
          // error still surfaces as an uncaught one, as it did from the port's handler.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    } finally {
      this.applied();
    }
    // Values no view shows (leased for a later scroll, a chart's buffer) need no draw: the
    // next frame is taken on arrival.
    if (!shown) return;
    this.drawn = false;
    this.lastApplyAt = this.timers.now();
    // No animation frame is asked for here: what the views changed draws itself, and one
    // asked for a frame that changed nothing on screen (a connected station's time stamp
    // each second, whose age still reads just now) drew a frame of its own each second. A
    // frame that comes within idleMs waits for the next animation frame (push).
  }

  dispose(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
    if (this.fallback !== null) this.timers.clearTimeout(this.fallback);
    this.fallback = null;
    this.pending = [];
  }

  private watchDraw(): void {
    if (this.cancelFrame || !this.requestFrame) return;
    this.cancelFrame = this.requestFrame(() => {
      this.cancelFrame = null;
      if (this.pending.length) this.flush(true);
      else this.drawn = true;
    });
  }
}
