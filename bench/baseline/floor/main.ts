/**
 * A floor page (issue 58): the least a page can do to show what Pegel's view shows. It is
 * Pegel's own page, copied from a Pegel tab of the same run (snapshot.ts), with Pegel's built
 * style sheets, and it writes the same texts into the same elements with plain DOM calls: no
 * framework, no engine, no cache. Its values come from the official SignalR client in a
 * worker of its own (pvWorker.ts), so its main thread, like Pegel's, does not parse the hub's
 * messages; it asks the worker for the latest values once a frame and writes them in the
 * next animation frame. Values count as Pegel's do: those written (the latest per PV).
 *
 * - `dashboard`: each value tile's number, its gauge's fill or arc and their accessible
 *   names and values, as Pegel's `writeGauge` does.
 * - `station`: each PV row's value, and the ages of the rows on screen, ticked as Pegel's age
 *   clock ticks them: a timer for the next age whose text changes (each second under a
 *   minute, then each minute), none while the page is hidden.
 *
 * The bench opens floor.html, then calls `window.__floorLoad(view, snapshot)`; counters as a
 * baseline tab's (`window.__baseline`).
 */
import { parsePvUrlId, pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { formatAge, nextAgeStepMs, type FormatLocale } from '../../../src/domain/format.ts';
import { createBaselineStats, LATENCY_SAMPLE_CAP } from '../baselineStats.ts';
import type { FloorPageMessage, FloorWorkerMessage } from './pvWorker.ts';
import {
  numberTemplate,
  readNumber,
  scaleFraction,
  type FloorSnapshot,
  type FloorView,
} from './snapshot.ts';

declare global {
  interface Window {
    __floorLoad?: (view: FloorView, snapshot: FloorSnapshot) => Promise<number>;
  }
}

const stats = createBaselineStats();
window.__baseline = stats;

/** Writes the element's one text node in place (as Pegel's writers do), else its text. */
function writeText(el: Element, value: string): void {
  const node = el.firstChild;
  if (node !== null && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
    const text = node as Text;
    if (text.data !== value) text.data = value;
  } else if (el.textContent !== value) el.textContent = value;
}

function setAttr(el: Element | null, name: string, value: string): void {
  if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Pegel's style sheets, in order; resolves when every linked one has loaded. */
async function adoptStyles(sheets: FloorSnapshot['styleSheets']): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const s of sheets) {
    if ('href' in s) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = s.href;
      if (s.media) link.media = s.media;
      loads.push(new Promise((r) => link.addEventListener('load', r, { once: true })));
      document.head.append(link);
    } else {
      const style = document.createElement('style');
      if (s.media) style.media = s.media;
      style.textContent = s.css;
      document.head.append(style);
    }
  }
  await Promise.all(loads);
}

function copyPage(snapshot: FloorSnapshot): void {
  for (const [name, value] of snapshot.htmlAttributes)
    document.documentElement.setAttribute(name, value);
  for (const [name, value] of snapshot.bodyAttributes) document.body.setAttribute(name, value);
  document.body.innerHTML = snapshot.body;
  for (const el of document.body.querySelectorAll('script, iframe')) el.remove();
}

type Writer = (v: PvValue) => void;

/** A value tile: what Pegel's writeGauge changes for a new value. */
function tileWriter(tile: Element, lang: string): Writer | null {
  const number = tile.querySelector('.gauge-number');
  if (!number) return null;
  const text = numberTemplate(number.textContent ?? '', lang);
  const unit = tile.querySelector('.gauge-unit')?.textContent ?? '';
  const track = tile.querySelector('.gauge-track-box');
  const ticks = tile.querySelectorAll('.gauge-tick');
  const bound = (name: string, tick: Element | undefined) =>
    track ? readNumber(track.getAttribute(name), 'en') : readNumber(tick?.textContent, lang);
  const min = bound('aria-valuemin', ticks[0]);
  const max = bound('aria-valuemax', ticks[1]);
  const fill = tile.querySelector<HTMLElement>('.gauge-fill');
  const vertical = tile.querySelector('.gauge-vertical') !== null;
  const svg = tile.querySelector('.gauge-circular svg');
  const bar = tile.querySelector('path.gauge-bar');
  return (v) => {
    if (v.doubleValue === undefined) return;
    const shown = text(v.doubleValue);
    writeText(number, shown);
    const withUnit = `${shown} ${unit}`.trim();
    const f = scaleFraction(v.doubleValue, min, max);
    if (track && f !== null && min !== null && max !== null) {
      setAttr(track, 'aria-valuenow', String(min + f * (max - min)));
      setAttr(track, 'aria-valuetext', withUnit);
    }
    if (fill) {
      const transform = `${vertical ? 'scaleY' : 'scaleX'}(${f ?? 0})`;
      if (fill.style.transform !== transform) fill.style.transform = transform;
    }
    setAttr(svg, 'aria-label', withUnit);
    setAttr(bar, 'stroke-dasharray', `${f ?? 0} 2`);
  };
}

interface Age {
  el: Element;
  timestamp: number | null;
  shown: string;
}

/** The ages on screen, written when their text changes, as Pegel's age clock does. */
function ageClock(locale: FormatLocale) {
  const ages: Age[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    clearTimeout(timer);
    timer = undefined;
    if (document.visibilityState === 'hidden') return;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const a of ages) {
      if (a.timestamp === null) continue;
      const age = now - a.timestamp;
      const text = formatAge(age, locale);
      if (text !== a.shown) writeText(a.el, (a.shown = text));
      next = Math.min(next, a.timestamp + nextAgeStepMs(age));
    }
    if (next < Number.POSITIVE_INFINITY) timer = setTimeout(tick, Math.max(0, next - Date.now()));
  };
  document.addEventListener('visibilitychange', tick);
  return {
    add: (el: Element): Age => {
      const a = { el, timestamp: null, shown: el.textContent ?? '' };
      ages.push(a);
      return a;
    },
    tick,
  };
}

/** The station page's rows: each PV's value, and its age where the row is on screen. */
function stationWriters(lang: string): Map<string, Writer> {
  const writers = new Map<string, Writer>();
  const clock = ageClock(lang as FormatLocale);
  for (const row of document.querySelectorAll('.pv-scroll .pv-row[data-pv]')) {
    const ref = parsePvUrlId(row.getAttribute('data-pv') ?? '');
    const value = row.querySelector('.pv-value-text');
    if (!ref || !value) continue;
    const text = numberTemplate(value.textContent ?? '', lang);
    const box = row.getBoundingClientRect();
    const ageEl = row.querySelector('.pv-age-text');
    const age = ageEl && box.bottom > 0 && box.top < innerHeight ? clock.add(ageEl) : null;
    writers.set(pvKey(ref), (v) => {
      if (v.doubleValue !== undefined) writeText(value, text(v.doubleValue));
      if (age && age.timestamp !== v.timestamp) {
        age.timestamp = v.timestamp;
        clock.tick();
      }
    });
  }
  return writers;
}

function dashboardWriters(lang: string): Map<string, Writer> {
  const writers = new Map<string, Writer>();
  for (const tile of document.querySelectorAll('.single-value[data-pv]')) {
    const ref = parsePvUrlId(tile.getAttribute('data-pv') ?? '');
    const write = ref && tileWriter(tile, lang);
    if (ref && write) writers.set(pvKey(ref), write);
  }
  return writers;
}

/**
 * The values the worker sent, written in the next animation frame; then the next pull.
 * Returns what takes the worker's lists.
 */
function feed(writers: Map<string, Writer>, pull: () => void): (list: PvValue[]) => void {
  let pending: PvValue[] = [];
  const flush = () => {
    const now = Date.now();
    for (const v of pending) {
      writers.get(pvKey(v.pvRef))?.(v);
      if (stats.latenciesMs.length < LATENCY_SAMPLE_CAP) stats.latenciesMs.push(now - v.timestamp);
    }
    stats.values += pending.length;
    stats.renders++;
    pending = [];
    pull();
  };
  return (list) => {
    stats.messages++;
    pending = list;
    requestAnimationFrame(flush);
  };
}

window.__floorLoad = async (view, snapshot) => {
  await adoptStyles(snapshot.styleSheets);
  copyPage(snapshot);
  const lang = snapshot.lang || 'de';
  const writers = view === 'station' ? stationWriters(lang) : dashboardWriters(lang);
  const worker = new Worker(new URL('./pvWorker.ts', import.meta.url), { type: 'module' });
  const post = (m: FloorPageMessage) => worker.postMessage(m);
  const onValues = feed(writers, () => post({ type: 'pull' }));
  worker.addEventListener('message', (e: MessageEvent<FloorWorkerMessage>) => {
    if (e.data.type === 'values') onValues(e.data.list);
    else {
      stats.state = e.data.error === null ? 'connected' : 'failed';
      stats.error = e.data.error;
    }
  });
  post({ type: 'start', keys: [...writers.keys()] });
  post({ type: 'pull' });
  return writers.size;
};
