/**
 * A floor page (issue 58): the least a page can do to show what Pegel's view shows. It is
 * Pegel's own page, copied from a Pegel tab of the same run (snapshot.ts), with Pegel's built
 * style sheets, and it writes the same texts into the same elements with plain DOM calls: no
 * framework, no engine, no cache. Its values come from the official SignalR client in a
 * worker of its own (pvWorker.ts), so its main thread, like Pegel's, does not parse the hub's
 * messages; it asks the worker for the latest values once a frame and writes them in the
 * next animation frame. Values count as Pegel's do: those written (the latest per PV).
 * A dashboard's floor takes values at most every DASHBOARD_FRAME_MS, as Pegel's dashboard
 * takes its engine's frames.
 *
 * - `dashboard`: each value tile's number, its gauge's fill or arc and their accessible
 *   names and values, as Pegel's `writeGauge` does.
 * - `station`: each PV row's value, and the ages of the rows on screen, ticked as Pegel's age
 *   clock ticks them: a timer for the next age whose text changes (each second under a
 *   minute, then each minute), none while the page is hidden; and the station's own age from
 *   its time stamp (at most once a second, from the worker), written as Pegel's is.
 * - `alerts`: the current alert list's rows (as many as Pegel's copy holds), moved as Pegel's
 *   list moves them: a row whose alert stays keeps its texts, a new alert takes the row of one
 *   that left (the last, in again at the top) and only its texts are written; then the rows'
 *   height and the counts, and the header banner's count, short count and top alarm's text
 *   (as Pegel's AlarmBanner writes them with each new alert). The worker (alertWorker.ts) keeps and sorts the alerts. The words
 *   of a state and of "cleared" are taken from the copy's rows, the time is written by Intl, a
 *   cut name splits at its last word (Pegel's splits by length). A text is cut (and clipped)
 *   only where it does not fit its cell, as Pegel's rows decide it (cellFit.ts, the widths
 *   from the copy's ruler row).
 *
 * The bench opens floor.html, then calls `window.__floorLoad(view, snapshot)`; counters as a
 * baseline tab's (`window.__baseline`).
 */
import { parsePvUrlId, pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import {
  formatAge,
  formatDateTime,
  nextAgeStepMs,
  type FormatLocale,
} from '../../../src/domain/format.ts';
import { createBaselineStats, LATENCY_SAMPLE_CAP } from '../baselineStats.ts';
import type { Alert } from '../../../src/contract/alerts.ts';
import {
  FIT_COLUMNS,
  NO_FIT,
  canvasMeasure,
  cellFit,
  cellFontOf,
  type CellFit,
  type FitColumn,
  type TextLook,
} from '../../../src/features/alerts/cellFit.ts';
import type { AlertPageMessage, AlertWorkerMessage } from './alertWorker.ts';
import type { FloorPageMessage, FloorWorkerMessage } from './pvWorker.ts';
import {
  DASHBOARD_FRAME_MS,
  bannerCountTemplate,
  numberTemplate,
  planRows,
  readNumber,
  scaleFraction,
  stationAgeStep,
  stationAgeText,
  stationOfPath,
  type BannerCounts,
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
  /** When its text next changes (ms since the epoch). */
  dueAt: number;
  /** Its words for an age (formatAge's, or the station's with its grace). */
  text: (ageMs: number) => string;
  /** The age at which `text` next changes (formatAge's steps, or later). */
  step: (ageMs: number) => number;
}

/**
 * The ages on screen, written when their text changes, as Pegel's age clock does: one timer
 * for the next age due, none while hidden, and an age not due not even formatted. A new time
 * stamp (`retime`) writes its age at once and, like Pegel's beat, the ages due with it.
 */
function ageClock(locale: FormatLocale) {
  const ages: Age[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  const write = (a: Age, now: number) => {
    if (a.timestamp === null) return;
    const age = Math.max(0, now - a.timestamp);
    a.dueAt = a.timestamp + a.step(age);
    const text = a.text(age);
    if (text !== a.shown) writeText(a.el, (a.shown = text));
  };
  const tick = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    if (document.visibilityState === 'hidden') return;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const a of ages) {
      if (a.timestamp === null) continue;
      if (a.dueAt <= now) write(a, now);
      next = Math.min(next, a.dueAt);
    }
    if (next < Number.POSITIVE_INFINITY) {
      timerAt = next;
      timer = setTimeout(tick, Math.max(0, next - Date.now()));
    }
  };
  document.addEventListener('visibilitychange', tick);
  return {
    add: (el: Element, text = (ms: number) => formatAge(ms, locale), step = nextAgeStepMs) => {
      const a: Age = { el, timestamp: null, shown: el.textContent ?? '', dueAt: 0, text, step };
      ages.push(a);
      return a;
    },
    /**
     * A new time stamp for `a`: its age written now; the ages due by now with it, else the
     * timer moved to the next one due (earlier or later), so it does not wake for an age whose
     * time stamp moved on.
     */
    retime: (a: Age, timestamp: number) => {
      if (a.timestamp === timestamp) return;
      a.timestamp = timestamp;
      const now = Date.now();
      write(a, now);
      if (document.visibilityState === 'hidden') return;
      let next = Number.POSITIVE_INFINITY;
      for (const x of ages) if (x.timestamp !== null && x.dueAt < next) next = x.dueAt;
      if (next <= now) tick();
      else if (next !== timerAt) {
        if (timer !== undefined) clearTimeout(timer);
        timerAt = next;
        timer = setTimeout(tick, next - now);
      }
    },
  };
}

/** What the station page writes for each PV, and for the station's own time stamp. */
interface StationWriters {
  pvs: Map<string, Writer>;
  station: ((timestamp: number) => void) | null;
}

/**
 * The station's own age ('jetzt' while it sends: Pegel's STATION_AGE_GRACE_MS, as its
 * stationAgeWords has it) in `.station-age`, and its date and time to the minute in the
 * holder's title, each written only when its text changes: what Pegel's useStationAgeWriter
 * does for the time stamp that comes each second.
 */
function stationAgeWriter(
  clock: ReturnType<typeof ageClock>,
  locale: FormatLocale,
): ((timestamp: number) => void) | null {
  const el = document.querySelector('.station-facts .station-age');
  const holder = el?.parentElement;
  if (!el || !holder) return null;
  const age = clock.add(
    el,
    stationAgeText((ms) => formatAge(ms, locale)),
    stationAgeStep(nextAgeStepMs),
  );
  return (timestamp) => {
    clock.retime(age, timestamp);
    setAttr(holder, 'title', formatDateTime(timestamp, locale, { seconds: false }));
  };
}

/** The station page's rows: each PV's value, and its age where the row is on screen. */
function stationWriters(lang: string): StationWriters {
  const pvs = new Map<string, Writer>();
  const locale = lang as FormatLocale;
  const clock = ageClock(locale);
  for (const row of document.querySelectorAll('.pv-scroll .pv-row[data-pv]')) {
    const ref = parsePvUrlId(row.getAttribute('data-pv') ?? '');
    const value = row.querySelector('.pv-value-text');
    if (!ref || !value) continue;
    const text = numberTemplate(value.textContent ?? '', lang);
    const box = row.getBoundingClientRect();
    const ageEl = row.querySelector('.pv-age-text');
    const age = ageEl && box.bottom > 0 && box.top < innerHeight ? clock.add(ageEl) : null;
    pvs.set(pvKey(ref), (v) => {
      if (v.doubleValue !== undefined) writeText(value, text(v.doubleValue));
      if (age) clock.retime(age, v.timestamp);
    });
  }
  return { pvs, station: stationAgeWriter(clock, locale) };
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
 * What the worker sent, written in the next animation frame; then the next pull. Returns what
 * takes the worker's messages.
 */
function feed<T>(write: (data: T) => void, pull: () => void): (data: T) => void {
  let pending: T | null = null;
  const flush = () => {
    if (pending !== null) write(pending);
    stats.renders++;
    pending = null;
    pull();
  };
  return (data) => {
    stats.messages++;
    pending = data;
    requestAnimationFrame(flush);
  };
}

function writeValues(writers: Map<string, Writer>): (list: PvValue[]) => void {
  return (list) => {
    const now = Date.now();
    for (const v of list) {
      writers.get(pvKey(v.pvRef))?.(v);
      if (stats.latenciesMs.length < LATENCY_SAMPLE_CAP) stats.latenciesMs.push(now - v.timestamp);
    }
    stats.values += list.length;
  };
}

/** A cut name's two parts, as Pegel's MiddleText has them. */
function writeCut(cell: Element | null, text: string): void {
  const head = cell?.querySelector('.mid-head');
  if (!cell || !head) return cell ? writeText(cell, text) : undefined;
  const at = text.lastIndexOf(' ');
  writeText(head, at > 0 ? text.slice(0, at) : text);
  const tail = cell.querySelector('.mid-tail');
  if (tail) writeText(tail, at > 0 ? text.slice(at) : '');
}

/** Which texts fit the copy's cells: its ruler row's widths, read once (cellFit.ts). */
function copyFit(): CellFit {
  const ruler = document.querySelector<HTMLElement>('.alert-ruler');
  const measure = canvasMeasure();
  if (!ruler || !measure) return NO_FIT;
  const width = (c: FitColumn) =>
    ruler.querySelector(`[data-fit="${c}"]`)?.getBoundingClientRect().width ?? 0;
  const widths = Object.fromEntries(FIT_COLUMNS.map((c) => [c, width(c)]));
  return cellFit(widths as Record<FitColumn, number>, cellFontOf(getComputedStyle(ruler)), measure);
}

/** A cell's text, cut with an ellipsis and titled only where it does not fit (as Pegel's). */
function writeFitted(
  cell: Element | null,
  fit: CellFit,
  column: FitColumn,
  text: string,
  look?: TextLook,
): void {
  if (!cell) return;
  writeText(cell, text);
  const cut = !fit.fits(column, text, look);
  if (cell.classList.contains('is-cut') !== cut) cell.classList.toggle('is-cut', cut);
  if (cut) setAttr(cell, 'title', text);
  else if (cell.hasAttribute('title')) cell.removeAttribute('title');
}

/** A name whole where it fits, else cut in the middle in Pegel's parts (MiddleText). */
function writeName(
  cell: Element | null,
  fit: CellFit,
  column: FitColumn,
  text: string,
  look?: TextLook,
): void {
  if (!cell) return;
  if (fit.fits(column, text, look)) {
    if (cell.firstElementChild) cell.textContent = text;
    else writeText(cell, text);
    return;
  }
  let name = cell.querySelector('.mid-text');
  if (!name) {
    name = document.createElement('span');
    name.className = 'mid-text';
    const head = document.createElement('span');
    head.className = 'mid-head';
    const tail = document.createElement('span');
    tail.className = 'mid-tail';
    name.append(head, tail);
    cell.replaceChildren(name);
  }
  setAttr(name, 'title', text);
  writeCut(cell, text);
}

/** The words of a count in `el`'s one text node (or its text), rewritten for a new count. */
function countWriter(node: Node | null | undefined, lang: string): ((n: number) => void) | null {
  const text = node?.nodeType === Node.TEXT_NODE ? (node as Text) : null;
  const shown = text?.data ?? '';
  if (!text || !/\d/.test(shown)) return null;
  const write = numberTemplate(shown, lang);
  return (n) => {
    const next = write(n);
    if (text.data !== next) text.data = next;
  };
}

/**
 * The alert list's rows on the copy, in order, and how to show the newest alerts in them as
 * Pegel's list does: a row whose alert stays only moves (its index and row number change,
 * its texts do not), a new alert takes the row of one that left (the last row out, in again
 * at the top) and only its texts are written; then the rows' height and the counts (the
 * grid's row count, the summary's and the acknowledge button's).
 */
function alertRows(lang: string): { rows: number; write: (top: Alert[], count: number) => void } {
  const list = [...document.querySelectorAll<HTMLElement>('.alert-rows > .alert-row[data-index]')]
    .filter((row) => row.querySelector('.col-time'))
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  const holder = list[0]?.parentElement ?? null;
  const table = document.querySelector('.alert-table');
  const spacer = holder?.parentElement ?? null;
  const shownCount = Number(table?.getAttribute('aria-rowcount') ?? 1) - 1;
  const rowHeight =
    spacer && shownCount > 0 ? parseFloat(spacer.style.height) / shownCount : Number.NaN;
  const summary = countWriter(document.querySelector('.alerts-summary')?.firstChild, lang);
  const ackShown = [...document.querySelectorAll('.alerts-toolbar button')]
    .map((b) => countWriter(b.lastChild, lang))
    .find((w) => w !== null);
  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' });
  const fit = copyFit();
  // The copy's own words for a state and for cleared, by the row's classes.
  const stateWord = new Map<string, string>();
  const clearedWord = new Map<boolean, string>();
  for (const row of list) {
    const phase = [...row.classList].find((c) => c.startsWith('is-') && c !== 'is-cleared');
    const state = row.querySelector('.col-state')?.textContent ?? '';
    if (phase) stateWord.set(phase, state);
    clearedWord.set(
      row.classList.contains('is-cleared'),
      row.querySelector('.col-cleared')?.textContent ?? '',
    );
  }
  const cell = (row: Element, name: string) => row.querySelector(`.col-${name}`);
  /** What each row shows now: its alert, and that alert's state as last written. */
  const shown = list.map((row) => ({
    row,
    id: row.dataset.alertId ? Number(row.dataset.alertId) : null,
    state: '',
  }));
  const writeState = (row: HTMLElement, a: Alert) => {
    const phase = a.state === 'pending' ? 'is-pending' : 'is-acknowledged';
    const cls = ['alert-row', a.state === 'pending' && 'is-pending', a.cleared && 'is-cleared']
      .concat(phase === 'is-pending' ? [] : [phase])
      .filter(Boolean)
      .join(' ');
    if (row.className !== cls) row.className = cls;
    const state = stateWord.get(phase) ?? a.state;
    writeFitted(cell(row, 'state'), fit, 'state', state, { bold: a.state === 'pending' });
    writeFitted(cell(row, 'ackby'), fit, 'ackby', a.acknowledgedBy ?? '');
    writeFitted(
      cell(row, 'cleared'),
      fit,
      'cleared',
      clearedWord.get(a.cleared) ?? String(a.cleared),
    );
  };
  const writeAlert = (row: HTMLElement, a: Alert) => {
    row.dataset.alertId = String(a.id);
    row.id = `alert-row-${a.id}`;
    const chip = row.querySelector('.prio-chip');
    if (chip) writeText(chip, String(a.priority));
    writeFitted(cell(row, 'time'), fit, 'time', time.format(a.timestamp));
    writeName(cell(row, 'station'), fit, 'station', a.stationName);
    writeName(cell(row, 'source'), fit, 'source', a.sourceName);
    writeName(cell(row, 'text'), fit, 'text', a.text, { bold: a.state === 'pending' });
  };
  return {
    rows: list.length,
    write: (top, count) => {
      const moves = planRows(
        shown.map((s) => s.id),
        top.map((a) => a.id),
      );
      const next = moves.map((m, i) => {
        const was = shown[m.from]!;
        const a = top[i]!;
        if (m.write) writeAlert(was.row, a);
        const state = `${a.state}|${a.cleared}|${a.acknowledgedBy ?? ''}`;
        if (m.write || state !== was.state) writeState(was.row, a);
        return { row: was.row, id: a.id as number | null, state };
      });
      // Rows not needed (fewer alerts than rows) stay after the others, as they were.
      const used = new Set(moves.map((m) => m.from));
      for (const [i, s] of shown.entries()) if (!used.has(i)) next.push(s);
      next.forEach((s, i) => {
        // One DOM move a new alert: the row that left comes in again at the top.
        if (holder && holder.children[i] !== s.row)
          holder.insertBefore(s.row, holder.children[i] ?? null);
        setAttr(s.row, 'data-index', String(i));
        setAttr(s.row, 'aria-rowindex', String(i + 2));
      });
      shown.splice(0, shown.length, ...next);
      setAttr(table, 'aria-rowcount', String(count + 1));
      if (spacer && Number.isFinite(rowHeight)) {
        const height = `${count * rowHeight}px`;
        if (spacer.style.height !== height) spacer.style.height = height;
      }
      summary?.(count);
      ackShown?.(count);
    },
  };
}

/**
 * The header's alarm banner on the copy, written as Pegel's AlarmBanner writes it with each
 * new alert: the count's words, the short count and the text of the alert it names, each
 * text node in place and only when its text changes. The link's colours (the top priority's,
 * which changes only when a more important alarm comes) and a change of what the banner
 * says (none, loading, unknown) are not written: the floor runs with alarms pending.
 */
function bannerWriter(): (banner: BannerCounts) => void {
  const textOf = (selector: string) => {
    const node = document.querySelector(`.alarm-banner ${selector}`)?.firstChild;
    return node?.nodeType === Node.TEXT_NODE ? (node as Text) : null;
  };
  const countNode = textOf('.alarm-banner-count');
  const shortNode = textOf('.alarm-banner-short');
  const topNode = textOf('.alarm-banner-text');
  // A copy whose banner shows no count (none pending yet) is left as it is, as the summary.
  const template = (node: Text | null) =>
    node && /\d/.test(node.data) ? bannerCountTemplate(node.data) : null;
  const count = template(countNode);
  const short = template(shortNode);
  const write = (node: Text | null, text: string) => {
    if (node && node.data !== text) node.data = text;
  };
  return ({ pending, top }) => {
    if (count) write(countNode, count(pending));
    if (short) write(shortNode, short(pending));
    // Pegel's text translates the limit words of the plant's German text (useAlarmText): in
    // German, the language of the bench, that is the text as it comes, as the rows write it.
    if (top) write(topNode, top.text);
  };
}

/** The alert list: its worker, each frame the newest alerts written into the copy's rows. */
function startAlerts(lang: string): number {
  const { rows, write } = alertRows(lang);
  const writeBanner = bannerWriter();
  const worker = new Worker(new URL('./alertWorker.ts', import.meta.url), { type: 'module' });
  const post = (m: AlertPageMessage) => worker.postMessage(m);
  const onAlerts = feed(
    (m: { top: Alert[]; count: number; banner: BannerCounts }) => {
      write(m.top, m.count);
      writeBanner(m.banner);
    },
    () => post({ type: 'pull' }),
  );
  worker.addEventListener('message', (e: MessageEvent<AlertWorkerMessage>) => {
    if (e.data.type === 'alerts') onAlerts(e.data);
    else ready(e.data.error);
  });
  post({ type: 'start', rows });
  post({ type: 'pull' });
  return rows;
}

function ready(error: string | null): void {
  stats.state = error === null ? 'connected' : 'failed';
  stats.error = error;
}

window.__floorLoad = async (view, snapshot) => {
  await adoptStyles(snapshot.styleSheets);
  copyPage(snapshot);
  const lang = snapshot.lang || 'de';
  if (view === 'alerts') return startAlerts(lang);
  const { pvs: writers, station } =
    view === 'station' ? stationWriters(lang) : { pvs: dashboardWriters(lang), station: null };
  const worker = new Worker(new URL('./pvWorker.ts', import.meta.url), { type: 'module' });
  const post = (m: FloorPageMessage) => worker.postMessage(m);
  const values = writeValues(writers);
  const onValues = feed(
    (m: { list: PvValue[]; stationTime: number | null }) => {
      values(m.list);
      if (m.stationTime !== null) station?.(m.stationTime);
    },
    () => post({ type: 'pull' }),
  );
  worker.addEventListener('message', (e: MessageEvent<FloorWorkerMessage>) => {
    if (e.data.type === 'values') onValues(e.data);
    else ready(e.data.error);
  });
  // A station's time stamps reach a visible page only, as Pegel's engine sends them to a
  // visible tab only (workers/SPEC.md FR4).
  const visible = () => document.visibilityState !== 'hidden';
  if (station)
    document.addEventListener('visibilitychange', () =>
      post({ type: 'visible', visible: visible() }),
    );
  post({
    type: 'start',
    keys: [...writers.keys()],
    station: station ? stationOfPath(snapshot.path) : null,
    visible: visible(),
    intervalMs: view === 'dashboard' ? DASHBOARD_FRAME_MS : 0,
  });
  post({ type: 'pull' });
  return writers.size;
};
