/**
 * Page expressions of the idle-tab measurements (scenarios/idleTab.ts, trace-station.ts): a
 * tab told it is hidden or visible, and the age the station page shows.
 */

/**
 * In the page: tells it that it is hidden (`hidden`) or visible again, as a browser does when
 * its tab goes behind another. Headless Chromium never hides a tab (every page reads
 * "visible", a minimised window too), so the page is told; the browser's own throttling of
 * hidden tabs (no animation frames, timers once a second) does not happen, and the figure is
 * the app's own work when hidden, an upper bound of what a real browser runs.
 */
export const setHidden = (hidden: boolean) => `(() => {
  if (${hidden}) {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  } else {
    delete document.visibilityState;
    delete document.hidden;
  }
  document.dispatchEvent(new Event('visibilitychange'));
  return document.visibilityState;
})()`;

/** The age the station page's first PV shows ('vor 12 Sekunden'), for the notes. */
export const agesShown = `document.querySelector('.pv-scroll .pv-age')?.textContent ?? 'no age'`;
