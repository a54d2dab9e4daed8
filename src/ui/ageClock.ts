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
 *
 * One phase a tab: a newer time stamp coming in (`retime`: a connected station's, each second)
 * is a beat. The tab draws a frame for it anyway, so the ages due by then are written in the
 * same task, and while beats come the clock's own timer waits for the next expected beat (at
 * most AGE_BEAT_WAIT_MS after an age is due) instead of drawing a frame of its own a moment
 * before or after it: one frame a second, not two.
 *
 * A live age (a station's, whose time stamps reach a visible tab only, workers/SPEC.md FR4)
 * is not written from the time stamp a hidden page kept: shown again, it keeps its text until
 * the engine's frame brings the current one (`retime`, the same time stamp too), at most
 * AGE_BEAT_WAIT_MS, so a station that was sending all along never reads as half a minute old.
 */
import { nextAgeStepMs } from '../domain/format.ts';

/** Writes an age's text into its element. */
export type AgeWriter = (el: Element, text: string) => void;

/**
 * Ends an age's watch; `retime` moves it to a newer time stamp (or confirms a live age's), written
 * at once if shown.
 */
export type AgeWatch = (() => void) & { retime(timestamp: number): void };

interface AgeEntry {
  timestamp: number;
  /** Changes only at formatAge's steps (seconds under a minute, then minutes, hours, days). */
  text: (ageMs: number) => string;
  write: AgeWriter;
  shown: string | null;
  /** When its text next changes (ms since the epoch). */
  dueAt: number;
  /** Its time stamp reaches the tab only while the page is visible (a station's). */
  live: boolean;
  /** Shown again: not written from the time stamp kept while hidden before this (0: not held). */
  heldUntil: number;
  /** Its text is the same at every age under this (a station's just now): no step under it. */
  steadyMs: number;
}

interface Watched {
  onScreen: boolean;
  ages: AgeEntry[];
}

export const AGE_TICK_MS = 1_000;
/** Beats count while the last came at most this long ago (a missed one or two tolerated). */
export const AGE_BEAT_FRESH_MS = 2_500;
/** How late an expected beat may be before the timer writes the ages due itself. */
export const AGE_BEAT_SLACK_MS = 250;
/** An age due waits at most this long for a beat: it is never a second behind. */
export const AGE_BEAT_WAIT_MS = 900;
/** A beat moves the armed timer only by more than this (not for each beat's few ms of drift). */
const AGE_BEAT_DRIFT_MS = 50;

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
/** The earliest an age on screen is due (the time the armed timer is for, or sooner). */
let nextDueAt = Number.POSITIVE_INFINITY;
/** When a newer time stamp last came in (a beat; ms since the epoch). */
let lastBeatAt = Number.NEGATIVE_INFINITY;
let observer: IntersectionObserver | null | undefined;
let watchingVisibility = false;
/** The page was hidden since the clock last saw it visible. */
let wasHidden = false;
/** Live ages wait for the engine's frame after the page was shown again. */
let holding = false;

function readVisibility(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * The page's visibility as its last visibilitychange left it (read when the clock starts
 * listening): a PV's new value asks it twice (`retime`), and at the ingest peak a frame
 * brings a value for every row.
 */
let visibleNow = readVisibility();

function pageVisible(): boolean {
  return visibleNow;
}

function writeEntry(el: Element, entry: AgeEntry, now: number): void {
  if (entry.heldUntil > now) {
    entry.dueAt = entry.heldUntil;
    return;
  }
  entry.heldUntil = 0;
  const age = Math.max(0, now - entry.timestamp);
  entry.dueAt = entry.timestamp + (age < entry.steadyMs ? entry.steadyMs : nextAgeStepMs(age));
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

/**
 * When the clock wakes for ages due at `at`: not within a second of its last tick, and while
 * beats come, at the next one expected (plus its slack), at most AGE_BEAT_WAIT_MS late.
 */
function wakeAt(at: number, now: number): number {
  const when = Math.max(at, lastTickAt + AGE_TICK_MS);
  if (now - lastBeatAt > AGE_BEAT_FRESH_MS) return when;
  const nextBeat = lastBeatAt + Math.ceil((when - lastBeatAt) / AGE_TICK_MS) * AGE_TICK_MS;
  return Math.max(when, Math.min(nextBeat + AGE_BEAT_SLACK_MS, at + AGE_BEAT_WAIT_MS));
}

/** Wakes the clock for the ages due at `at` (see wakeAt); `now` if the caller has read it. */
function arm(at: number, now = Date.now()): void {
  if (!Number.isFinite(at)) return;
  if (at < nextDueAt) nextDueAt = at;
  const when = wakeAt(at, now);
  if (timer !== null) {
    if (when >= timerAt) return;
    clearTimeout(timer);
  }
  timerAt = when;
  timer = setTimeout(wake, Math.max(0, when - now));
}

/** Writes the ages due at `now` and arms the timer for the next. */
function tick(now: number): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  timerAt = Number.POSITIVE_INFINITY;
  nextDueAt = Number.POSITIVE_INFINITY;
  lastTickAt = now;
  const next = tickAges(now);
  if (running()) arm(next);
}

function wake(): void {
  // A timer may fire a moment before the time it was set for: the ages due then are due.
  tick(Math.max(Date.now(), timerAt));
}

/** A newer time stamp came in: the ages due are written now, in the frame it draws. */
function beat(now: number): void {
  lastBeatAt = now;
  if (!running()) return;
  // The first frame after the page was shown again is the engine's full frame, with every
  // live time stamp the tab leases: once it is applied, no live age waits any longer.
  if (holding) {
    holding = false;
    queueMicrotask(endHolds);
  }
  if (nextDueAt <= now) {
    tick(now);
    return;
  }
  // The first beat (or one in a new phase) moves the timer to the beat after it.
  const when = wakeAt(nextDueAt, now);
  if (timer !== null && when > timerAt + AGE_BEAT_DRIFT_MS) {
    clearTimeout(timer);
    timerAt = when;
    timer = setTimeout(wake, Math.max(0, when - now));
  }
}

/**
 * The earliest an age on screen is due, found anew: after a live age's newer time stamp moved
 * its step later, the timer armed for the old step would wake the tab for nothing (issue 58: a
 * connected station's age reads just now for its grace, and its newest time stamp comes a
 * moment before the grace runs out, so the old step's timer fired once each 8.5 s).
 */
function earliestDue(): number {
  let next = Number.POSITIVE_INFINITY;
  for (const w of watched.values()) {
    if (!w.onScreen) continue;
    for (const entry of w.ages) if (entry.dueAt < next) next = entry.dueAt;
  }
  return next;
}

/** Live ages written from what they now have (after the full frame, or AGE_BEAT_WAIT_MS). */
function endHolds(): void {
  for (const w of watched.values()) for (const entry of w.ages) entry.heldUntil = 0;
  if (running()) tick(Date.now());
}

/**
 * The page turned visible or hidden. Shown again, live ages wait for their current time stamp
 * (at most AGE_BEAT_WAIT_MS); every other age on screen is written at once.
 */
function onVisibility(): void {
  visibleNow = readVisibility();
  if (!pageVisible()) wasHidden = true;
  else if (wasHidden) {
    wasHidden = false;
    const until = Date.now() + AGE_BEAT_WAIT_MS;
    for (const w of watched.values())
      for (const entry of w.ages)
        if (entry.live) {
          entry.heldUntil = until;
          holding = true;
        }
  }
  sync();
}

/** Runs the timer while an age is on screen in a visible page, and only then. */
function sync(): void {
  if (!running()) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    nextDueAt = Number.POSITIVE_INFINITY;
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
 * `steadyMs`: `text` gives the same words at every age under it (a station's just now), so the
 * clock does not wake for the steps under it (issue 58: a page of ages in minutes woke each
 * second for a station's just now).
 */
export function watchAge(
  el: Element,
  timestamp: number,
  text: (ageMs: number) => string,
  write: AgeWriter = writeTextContent,
  { live = false, steadyMs = 0 }: { live?: boolean; steadyMs?: number } = {},
): AgeWatch {
  if (!watchingVisibility && typeof document !== 'undefined') {
    watchingVisibility = true;
    visibleNow = readVisibility();
    document.addEventListener('visibilitychange', onVisibility);
  }
  const io = intersection();
  const entry: AgeEntry = {
    timestamp,
    text,
    write,
    shown: null,
    dueAt: 0,
    live,
    heldUntil: 0,
    steadyMs,
  };
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
  // A new value's time stamp: the same watch, no new observation of the element. The same
  // time stamp again ends a live age's wait after the page was hidden: it is current.
  const retime = (next: number) => {
    if (released || (next === entry.timestamp && entry.heldUntil === 0)) return;
    entry.heldUntil = 0;
    entry.timestamp = next;
    if (!held.onScreen) return;
    const now = Date.now();
    const wasDue = entry.dueAt;
    writeEntry(el, entry, now);
    // A live age's step moved later (a station's newer time stamp, rare): the beat moves the
    // timer armed for the old step on to the earliest due. A PV's new value (many a second
    // under load, each in a frame drawn anyway) leaves it, a wake at most.
    if (entry.live && entry.dueAt > wasDue && wasDue <= nextDueAt) nextDueAt = earliestDue();
    beat(now);
    if (running()) arm(entry.dueAt, now);
  };
  return Object.assign(release, { retime });
}

/** Whether the clock's timer runs now (tests). */
export function ageClockRunning(): boolean {
  return timer !== null;
}
