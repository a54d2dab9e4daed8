/**
 * A floor page starts from a copy of Pegel's page: its body as HTML, its style sheets and the
 * attributes of its root elements, taken from a Pegel tab of the same run showing the same
 * view (`FLOOR_SNAPSHOT`). What the floor writes into that copy, and how it writes numbers
 * into texts that looked like Pegel's, is here; the page itself is main.ts.
 */
import type { Alert } from '../../../src/contract/alerts.ts';
import { STATION_AGE_GRACE_MS } from '../../../src/contract/station.ts';

export type FloorView = 'station' | 'dashboard' | 'alerts';

export interface FloorSnapshot {
  lang: string;
  /** The page's path on the server (`/stations/1`). */
  path: string;
  htmlAttributes: [string, string][];
  bodyAttributes: [string, string][];
  /**
   * In document order: a linked sheet by its path on the server (the floor page is on the
   * same origin, a later server of the run on another port), any other by its rules' text.
   */
  styleSheets: ({ href: string; media: string } | { css: string; media: string })[];
  body: string;
}

/**
 * In the page (a string: the bench's TypeScript loader names inner functions with a helper
 * the page does not have): the snapshot of what the page shows now.
 */
export const FLOOR_SNAPSHOT = `(() => {
  const attrs = (el) => Array.from(el.attributes, (a) => [a.name, a.value]);
  const styleSheets = [];
  for (const s of Array.from(document.styleSheets)) {
    if (s.disabled) continue;
    const media = s.media.mediaText;
    if (s.href) {
      const u = new URL(s.href);
      styleSheets.push({ href: u.origin === location.origin ? u.pathname + u.search : s.href, media });
      continue;
    }
    let css = '';
    for (const r of Array.from(s.cssRules)) css += r.cssText + '\\n';
    styleSheets.push({ css, media });
  }
  return {
    lang: document.documentElement.lang,
    path: location.pathname,
    htmlAttributes: attrs(document.documentElement),
    bodyAttributes: attrs(document.body),
    styleSheets,
    body: document.body.innerHTML,
  };
})()`;

/** A number in a text as Pegel wrote it: `12,34 m³/h`, `-1.234,5`, `1,234.5 bar`. */
const NUMBER = /-?\d[\d.,\u00a0\u202f]*/;

/**
 * Writes numbers as the text `shown` did: the same text before and after the number and as
 * many digits after the decimal separator of `lang`. A text without a number: two decimals
 * and nothing around them.
 */
export function numberTemplate(shown: string, lang: string): (value: number) => string {
  const decimal =
    new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const m = NUMBER.exec(shown);
  const number = m?.[0].replace(/[.,\u00a0\u202f]+$/, '') ?? '';
  const at = number.lastIndexOf(decimal);
  const digits = !m ? 2 : at >= 0 ? number.length - at - 1 : 0;
  const format = new Intl.NumberFormat(lang, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const before = m ? shown.slice(0, m.index) : '';
  const after = m ? shown.slice(m.index + number.length) : '';
  return (value) => `${before}${format.format(value)}${after}`;
}

/** A number Pegel wrote in `lang` (a gauge's scale: `1.000`), or null. */
export function readNumber(text: string | null | undefined, lang: string): number | null {
  if (!text) return null;
  const parts = new Intl.NumberFormat(lang).formatToParts(1000.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const m = NUMBER.exec(text);
  if (!m) return null;
  const n = Number(m[0].split(group).join('').replace(decimal, '.').replace(/\s/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Share of [min, max] the value stands at, within [0, 1]; null without a scale. */
export function scaleFraction(value: number, min: number | null, max: number | null) {
  if (min === null || max === null || max <= min) return null;
  return Math.max(0, Math.min(1, (value - min) / (max - min)));
}

/** The station a copy of a station page shows (`/stations/3` → 3), or null. */
export function stationOfPath(path: string): number | null {
  const m = /^\/stations\/(\d+)(?:[/?#]|$)/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * Under this age Pegel's station age still reads just now (shownAge.ts); from the contract,
 * which brings no React.
 */
export { STATION_AGE_GRACE_MS };

/**
 * A station's time stamp reaches a tab at most once this often (the engine's FR8 step,
 * STATION_TIMESTAMP_STEP_MS in workers/TabCoalescer.ts); the load plant sends one each tick.
 */
export const STATION_TIME_STEP_MS = 1_000;

/**
 * A dashboard's floor writes values at most this often, ms: Pegel's dashboard asks its engine
 * for a frame at most every 250 ms (DASHBOARD_FLUSH_INTERVAL_MS in
 * src/features/dashboard/DashboardPage.tsx, which brings React). A floor that wrote in every
 * animation frame drew up to 60 frames a second where Pegel draws 4: more work than the view
 * shows, no floor of it.
 */
export const DASHBOARD_FRAME_MS = 250;

/**
 * How long the floor's worker holds its values before the next message to the page: none
 * before `intervalMs` has passed since the last one went (0: no hold, the next frame's pull).
 */
export function holdFor(lastSentAt: number, intervalMs: number, now: number): number {
  return Math.max(0, lastSentAt + intervalMs - now);
}

/** A station's age in words, as Pegel's stationAgeWords has them: just now under the grace. */
export function stationAgeText(words: (ageMs: number) => string): (ageMs: number) => string {
  return (ageMs) => words(ageMs < STATION_AGE_GRACE_MS ? 0 : ageMs);
}

/**
 * The age at which a station's age text next changes, given the steps of its words (`step`:
 * formatAge's): not before the grace ends, since under it the text does not change.
 */
export function stationAgeStep(step: (ageMs: number) => number): (ageMs: number) => number {
  return (ageMs) => (ageMs < STATION_AGE_GRACE_MS ? STATION_AGE_GRACE_MS : step(ageMs));
}

/** Where a row of the alert list's floor comes from: a row kept (moved) or one rewritten. */
export interface RowMove {
  /** The row (its place in the list before) that shows the alert now. */
  from: number;
  /** It showed another alert: its texts are to be written. */
  write: boolean;
}

/**
 * How the alert list's floor shows the newest alerts `top` (ids, in order) in rows that show
 * `shown` now (ids in order, null: none yet): a row that shows an alert of `top` keeps it and
 * only moves; a new alert takes a row whose alert left, the last first (a new alert at the
 * top: the last row goes out and comes in at the top), so only its texts are written. At most
 * as many rows as there are.
 */
export function planRows(shown: readonly (number | null)[], top: readonly number[]): RowMove[] {
  const at = new Map<number, number>();
  shown.forEach((id, i) => {
    if (id !== null) at.set(id, i);
  });
  const shownTop = top.slice(0, shown.length);
  const wanted = new Set(shownTop);
  const free = shown.flatMap((id, i) => (id === null || !wanted.has(id) ? [i] : []));
  const moves: RowMove[] = [];
  for (const id of shownTop) {
    const kept = at.get(id);
    moves.push(
      kept !== undefined ? { from: kept, write: false } : { from: free.pop()!, write: true },
    );
  }
  return moves;
}

/** What Pegel's alarm banner shows of the alerts: how many are pending, and which one it names. */
export interface BannerCounts {
  /** Unacknowledged alerts. */
  pending: number;
  /** The newest unacknowledged alert of the most important priority (0 highest). */
  top: Alert | null;
}

/**
 * The banner's counts as Pegel's engine takes them (`alertCounts` in
 * workers/alerts/alertRows.ts): one pass, no sort; on equal priority and time the one met
 * first stays. The floor's worker takes them over the alerts it holds.
 */
export function bannerCounts(alerts: Iterable<Alert>): BannerCounts {
  let pending = 0;
  let top: Alert | null = null;
  for (const a of alerts) {
    if (a.state !== 'pending') continue;
    pending++;
    if (
      !top ||
      a.priority < top.priority ||
      (a.priority === top.priority && a.timestamp > top.timestamp)
    )
      top = a;
  }
  return { pending, top };
}

/**
 * A count of the banner as Pegel writes it, in the shape the copy had: its text around the
 * number kept, the number without grouping (`⚠ ${pending}`, and i18next's `{{count}}` in
 * "12 unquittierte Meldungen"). The words do not follow the plural's form: the floor is
 * measured with a screenful of alarms and more, where it stays. A text without a number stays
 * as it is.
 */
export function bannerCountTemplate(shown: string): (count: number) => string {
  const m = /\d+/.exec(shown);
  if (!m) return () => shown;
  const before = shown.slice(0, m.index);
  const after = shown.slice(m.index + m[0].length);
  return (count) => `${before}${count}${after}`;
}
