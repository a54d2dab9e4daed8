/**
 * Page data that arrives while chart data drawn on its arrival waits for the frame that shows
 * it is applied after that frame (issue 58, the one-year trend's data to drawn): the PV
 * configs, annotations and data extent of the chart page load beside its chart data, and
 * their renders of the whole view (legend, toolbar, annotation list) otherwise ran between
 * the draw and its frame. Nothing is dropped or reordered: each waits only for that frame, in
 * the order it came. useChartData holds the gate from the early draw until its own state
 * follows the frame.
 */

let holds = 0;
let waiting: (() => void)[] = [];

/** Holds page data back until the returned release is called (once; later calls do nothing). */
export function holdForDrawnFrame(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds > 0) return;
    const due = waiting;
    waiting = [];
    for (const run of due) run();
  };
}

/** Runs `apply` now, or after the frame that shows chart data drawn on its arrival. */
export function afterDrawnFrame(apply: () => void): void {
  if (holds > 0) waiting.push(apply);
  else apply();
}
