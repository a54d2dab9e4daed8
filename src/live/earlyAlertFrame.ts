/**
 * AV3i on the tab's side: the first frame of the archive view that a page opened directly
 * will show, answered by the engine while the page's code still loads (main.tsx asks at
 * boot). The view's first render takes it (useAlertWindow), so the rows are in the page's
 * first commit instead of one engine round trip and one more render after it. An answer that
 * comes after that render goes to the view while it has no rows of its own (AV3l).
 */
import type { AlertView } from '../../workers/engineApi.ts';
import type { AlertViewFrame } from '../../workers/engineProtocol.ts';

/** A frame older than this is not shown: the page opened later (after a sign-in). */
const EARLY_FRAME_MAX_AGE_MS = 10_000;

let early: { key: string; frame: AlertViewFrame; at: number } | null = null;
/** Counts the views that began to watch: an answer asked for before one of them is too late. */
let watched = 0;
/** Views that watch and have no rows yet, by the key of the frame they would take (AV3l). */
const waiting = new Map<string, Set<(frame: AlertViewFrame) => void>>();

/** What decides a frame's rows: the list, its order and filter, and the window. */
export function alertFrameKey(view: AlertView): string {
  return JSON.stringify([
    view.source,
    view.sort ?? null,
    view.filter ?? null,
    view.start,
    view.count,
  ]);
}

/**
 * Where the engine's answer for the view asked at boot goes (null: it had no rows to give).
 * A view of it that waits gets it (AV3l). An answer that comes after a view began to watch is
 * not kept for later views: the watching one has its own frames.
 */
export function earlyAlertFrameKeeper(): (view: AlertView, frame: AlertViewFrame | null) => void {
  const asked = watched;
  return (view, frame) => {
    const key = alertFrameKey(view);
    if (frame) for (const take of [...(waiting.get(key) ?? [])]) take(frame);
    if (asked === watched) early = frame ? { key, frame, at: Date.now() } : null;
  };
}

/**
 * AV3l: a view that rendered without rows takes the boot's answer for it when it comes after
 * that render: at once if it is kept already (it came between the render and the watch), else
 * when it arrives. The returned function stops waiting (own rows came, or the view went).
 */
export function awaitEarlyAlertFrame(
  view: AlertView,
  take: (frame: AlertViewFrame) => void,
): () => void {
  const kept = earlyAlertFrame(view);
  if (kept) {
    take(kept);
    return () => undefined;
  }
  const key = alertFrameKey(view);
  const takers = waiting.get(key) ?? new Set();
  waiting.set(key, takers.add(take));
  return () => {
    takers.delete(take);
    if (takers.size === 0 && waiting.get(key) === takers) waiting.delete(key);
  };
}

/** The kept frame when it is of this very view and fresh; otherwise null. */
export function earlyAlertFrame(view: AlertView): AlertViewFrame | null {
  if (!early || Date.now() - early.at > EARLY_FRAME_MAX_AGE_MS) return null;
  return early.key === alertFrameKey(view) ? early.frame : null;
}

/** A view watches now and gets its own frames: the kept one is never shown again. */
export function dropEarlyAlertFrame(): void {
  early = null;
  watched++;
}
