/**
 * One clock for every age a tab shows ('vor 12 s'). Each age is an element the clock writes in
 * place (its text, or an attribute), not a component React renders again per tick: only while
 * the element is on screen (IntersectionObserver) and the page is visible, and only when its
 * text changes. The clock sleeps until the next age on screen changes its text (formatAge's
 * steps, domain/format.ts: each second under a minute, then each minute, hour, day), at most
 * once a second: a page whose ages are all in minutes wakes once a minute, not every second,
 * and an age not due is not even formatted. A hidden tab, or one whose ages are all scrolled
 * away, runs no timer at all; an element coming into view or a page shown again is written
 * at once, so no age is ever more than a second behind.
 */
import { nextAgeStepMs } from '../domain/format.ts';

/** Writes an age's text into its element. */
export type AgeWriter = (el: Element, text: string) => void;

/** Ends an age's watch; `retime` moves it to a newer time stamp, written at once if shown. */
export type AgeWatch = (() => void) & { retime(timestamp: number): void };

interface AgeEntry {
  timestamp: number;
  /** Changes only at formatAge's steps (seconds under a minute, then minutes, hours, days). */
  text: (ageMs: number) => string;
  write: AgeWriter;
  shown: string | null;
  /** When its text next changes (ms since the epoch). */
  dueAt: number;
}

interface Watched {
  onScreen: boolean;
  ages: AgeEntry[];
}

export const AGE_TICK_MS = 1_000;

/**
 * Writes the text into the element's one text node where it has one: the node stays, so the
 * browser lays out its new text in place instead of removing one node and inserting another.
 */
export const writeTextContent: AgeWriter = (el, text) => {
  const node = el.firstChild;
  if (node !== null && node === el.lastChild && node.nodeType === 3) (node as Text).data = text;
  else el.textContent = text;
};

const watched = new Map<Element, Watched>();
/** Ages on screen now. */
let onScreen = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
/** When the armed timer fires, and when the clock last ticked (ms since the epoch). */
let timerAt = Number.POSITIVE_INFINITY;
let lastTickAt = Number.NEGATIVE_INFINITY;
let observer: IntersectionObserver | null | undefined;
let watchingVisibility = false;

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

function writeEntry(el: Element, entry: AgeEntry, now: number): void {
  const age = Math.max(0, now - entry.timestamp);
  entry.dueAt = entry.timestamp + nextAgeStepMs(age);
  const text = entry.text(age);
  if (text === entry.shown) return;
  entry.shown = text;
  entry.write(el, text);
}

/**
 * Writes every age on screen whose text is due to change; what the timer does when it wakes.
 * Returns when the next age on screen changes its text (Infinity: none on screen).
 */
export function tickAges(now = Date.now()): number {
  let next = Number.POSITIVE_INFINITY;
  for (const [el, w] of watched) {
    if (!w.onScreen) continue;
    for (const entry of w.ages) {
      if (entry.dueAt <= now) writeEntry(el, entry, now);
      if (entry.dueAt < next) next = entry.dueAt;
    }
  }
  return next;
}

function running(): boolean {
  return onScreen > 0 && pageVisible();
}

/** Wakes the clock at `at`, or a second after its last tick if that is later. */
function arm(at: number): void {
  if (!Number.isFinite(at)) return;
  const when = Math.max(at, lastTickAt + AGE_TICK_MS);
  if (timer !== null) {
    if (when >= timerAt) return;
    clearTimeout(timer);
  }
  timerAt = when;
  timer = setTimeout(wake, Math.max(0, when - Date.now()));
}

function wake(): void {
  // A timer may fire a moment before the time it was set for: the ages due then are due.
  const now = Math.max(Date.now(), timerAt);
  timer = null;
  timerAt = Number.POSITIVE_INFINITY;
  lastTickAt = now;
  const next = tickAges(now);
  if (running()) arm(next);
}

/** Runs the timer while an age is on screen in a visible page, and only then. */
function sync(): void {
  if (!running()) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    return;
  }
  if (timer === null) arm(tickAges());
}

function setOnScreen(el: Element, visible: boolean): void {
  const w = watched.get(el);
  if (!w || w.onScreen === visible) return;
  w.onScreen = visible;
  onScreen += visible ? w.ages.length : -w.ages.length;
  if (!visible) return;
  const now = Date.now();
  for (const entry of w.ages) {
    writeEntry(el, entry, now);
    if (timer !== null) arm(entry.dueAt);
  }
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
  const entry: AgeEntry = { timestamp, text, write, shown: null, dueAt: 0 };
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
  if (w.onScreen && timer !== null) arm(entry.dueAt);
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
    if (!held.onScreen) return;
    writeEntry(el, entry, Date.now());
    if (timer !== null && entry.dueAt < timerAt) arm(entry.dueAt);
  };
  return Object.assign(release, { retime });
}

/** Whether the clock's timer runs now (tests). */
export function ageClockRunning(): boolean {
  return timer !== null;
}
