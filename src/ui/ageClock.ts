/**
 * One clock for every age a tab shows ('vor 12 s'). Each age is an element the clock writes in
 * place (its text, or an attribute), not a component React renders again per tick: once a
 * second, only while the element is on screen (IntersectionObserver) and the page is visible,
 * and only when the text changes (an age in minutes changes once a minute). A hidden tab, or
 * one whose ages are all scrolled away, runs no timer at all; an element coming into view or
 * a page shown again is written at once, so no age is ever more than a second behind.
 */

/** Writes an age's text into its element. */
export type AgeWriter = (el: Element, text: string) => void;

/** Ends an age's watch; `retime` moves it to a newer time stamp, written at once if shown. */
export type AgeWatch = (() => void) & { retime(timestamp: number): void };

interface AgeEntry {
  timestamp: number;
  text: (ageMs: number) => string;
  write: AgeWriter;
  shown: string | null;
}

interface Watched {
  onScreen: boolean;
  ages: AgeEntry[];
}

export const AGE_TICK_MS = 1_000;

export const writeTextContent: AgeWriter = (el, text) => {
  el.textContent = text;
};

const watched = new Map<Element, Watched>();
/** Ages on screen now. */
let onScreen = 0;
let timer: ReturnType<typeof setInterval> | null = null;
let observer: IntersectionObserver | null | undefined;
let watchingVisibility = false;

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

function writeEntry(el: Element, entry: AgeEntry, now: number): void {
  const text = entry.text(Math.max(0, now - entry.timestamp));
  if (text === entry.shown) return;
  entry.shown = text;
  entry.write(el, text);
}

/** Writes every age on screen whose text changed; what the timer does each second. */
export function tickAges(now = Date.now()): void {
  for (const [el, w] of watched)
    if (w.onScreen) for (const entry of w.ages) writeEntry(el, entry, now);
}

/** Runs the timer while an age is on screen in a visible page, and only then. */
function sync(): void {
  const run = onScreen > 0 && pageVisible();
  if (run && timer === null) {
    tickAges();
    timer = setInterval(() => tickAges(), AGE_TICK_MS);
  } else if (!run && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
}

function setOnScreen(el: Element, visible: boolean): void {
  const w = watched.get(el);
  if (!w || w.onScreen === visible) return;
  w.onScreen = visible;
  onScreen += visible ? w.ages.length : -w.ages.length;
  if (!visible) return;
  const now = Date.now();
  for (const entry of w.ages) writeEntry(el, entry, now);
}

function intersection(): IntersectionObserver | null {
  if (observer !== undefined) return observer;
  observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((changes) => {
          for (const change of changes) setOnScreen(change.target, change.isIntersecting);
          sync();
        })
      : null;
  return observer;
}

/**
 * Shows the age of `timestamp` in `el` (its text by default) from now on, written at once
 * and then by the clock. Returns the release; the element keeps the last text written.
 */
export function watchAge(
  el: Element,
  timestamp: number,
  text: (ageMs: number) => string,
  write: AgeWriter = writeTextContent,
): AgeWatch {
  if (!watchingVisibility && typeof document !== 'undefined') {
    watchingVisibility = true;
    document.addEventListener('visibilitychange', sync);
  }
  const io = intersection();
  const entry: AgeEntry = { timestamp, text, write, shown: null };
  let w = watched.get(el);
  if (!w) {
    // Without an IntersectionObserver (tests, old engines) every age counts as on screen;
    // with one, an element is off screen until its first report says otherwise.
    watched.set(el, (w = { onScreen: io === null, ages: [] }));
    io?.observe(el);
  }
  w.ages.push(entry);
  if (w.onScreen) onScreen++;
  writeEntry(el, entry, Date.now());
  sync();
  const held = w;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const at = held.ages.indexOf(entry);
    if (at < 0) return;
    held.ages.splice(at, 1);
    if (held.onScreen) onScreen--;
    if (held.ages.length === 0 && watched.get(el) === held) {
      watched.delete(el);
      io?.unobserve(el);
    }
    sync();
  };
  // A new value's time stamp: the same watch, no new observation of the element.
  const retime = (next: number) => {
    if (released || next === entry.timestamp) return;
    entry.timestamp = next;
    if (held.onScreen) writeEntry(el, entry, Date.now());
  };
  return Object.assign(release, { retime });
}

/** Whether the clock's timer runs now (tests). */
export function ageClockRunning(): boolean {
  return timer !== null;
}
