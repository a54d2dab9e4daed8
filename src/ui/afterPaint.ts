/** A hidden tab gets no animation frames: a state update waits at most this long for one. */
export const AFTER_PAINT_FALLBACK_MS = 250;

/**
 * Runs `run` once in a task after the next frame was painted (an animation frame, then a
 * task), or after `fallbackMs` when no frame comes (hidden tab; null: it waits for the frame,
 * as a measurement of what is on screen must). Returns a cancel.
 */
export function afterPaint(
  run: () => void,
  fallbackMs: number | null = AFTER_PAINT_FALLBACK_MS,
): () => void {
  let done = false;
  let task: number | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    task = window.setTimeout(once, 0);
  });
  const fallback = fallbackMs === null ? undefined : window.setTimeout(once, fallbackMs);
  function cancel(): void {
    done = true;
    cancelAnimationFrame(frame);
    window.clearTimeout(fallback);
    if (task !== undefined) window.clearTimeout(task);
  }
  return cancel;
}
