/**
 * The page's steps while it draws (the chart, the tables' rows): each runs in a task of its own
 * after the page painted what the step before added, so no frame lays out the work of several
 * steps (timers alone ran several steps before a frame on a loaded machine, and that frame was
 * long). A tab that draws no frames (in the background) goes on by a timer.
 */

/** How long a step waits for a frame before it runs anyway (a tab hidden meanwhile). */
const FRAME_WAIT_MS = 1_000;

/** Runs `step` after the next frame; the returned function cancels it if it has not run. */
export function afterNextFrame(step: () => void): () => void {
  if (document.visibilityState === 'hidden') {
    const timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }
  let after: ReturnType<typeof setTimeout> | undefined;
  // A frame's callbacks run before it is laid out and painted; the timer after them.
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    after = setTimeout(step, 0);
  });
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    step();
  }, FRAME_WAIT_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(after);
  };
}
