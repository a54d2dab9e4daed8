/**
 * An idle tab (issue 44): the main thread of a tab whose values do not change, in the
 * foreground and behind another tab, for a station page and a dashboard, Pegel against its
 * floor and the naive baseline. The reference server runs in load mode at 0 updates a second:
 * the PVs keep the values they started with, so whatever the tab does is its own (age texts,
 * timers, polling, animation). Time on a core (CDP ThreadTime) per second of wall time. CPU
 * profiles of Pegel's tab over windows of their own (in front, hidden, and with ages in
 * minutes) name what woke it.
 *
 * The PVs' time stamps are their server's start, so a station page's ages read seconds for the
 * server's first minute and minutes after it: an age in seconds changes its text each second
 * (one frame a second: the worst case the issue allows), one in minutes once a minute. So each
 * side's station page with ages in seconds (Pegel, floor, naive) opens on a server of its own,
 * started just before it, and its windows in front come first: each reads the data of the same
 * age and the same ticking ages (a floor that opened a minute after Pegel on one server read
 * "vor 1 Minute" throughout, drew nothing and made the ratio ×10). A window whose first PV's age
 * did not read seconds at its start and its end, or did not tick in it, is not counted, and the
 * notes say so; each counted window's ages are in the notes. The page with ages in minutes is
 * measured on a server started at the scenario's start, once the ages are past the minute and
 * the page has been open for `minutesSettleMs` (past V8's memory reducer), in
 * windows placed so that no age steps to the next minute inside one (a step is a frame, which a
 * window of the other side might not have) and no minute of the clock begins in one (the
 * station's title); a window in which the age stepped anyway, or did not
 * read minutes, is not counted either.
 *
 * Each view has its floor (issue 58): a copy of Pegel's page, taken from Pegel's tab of this
 * run, whose texts a page without framework or engine writes with plain DOM calls, its ages
 * ticked as Pegel's age clock ticks them (bench/baseline/floor/). Pegel's idle tab is to stay
 * within 1.25 times its floor's, with the same ages ticking. Under IDLE_NOISE_MS_PER_S on both
 * sides a page does next to nothing (no script, a collection or the browser's own work in a
 * window) and the report gives no ratio; the notes give each side's script time apart.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  benchDashboardPath,
  routeBenchDashboards,
  tilesShown,
} from '../harness/benchDashboards.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import type { BenchContext, BenchServer } from '../harness/context.ts';
import type { LiveSide } from '../harness/liveWindow.ts';
import {
  FLOOR_PATH,
  loadFloorPage,
  takeFloorSnapshot,
  type FloorSnapshot,
} from '../harness/floorPage.ts';
import { requireEngineChunk, requirePvPlant } from '../harness/prerequisites.ts';
import { addSample, defineScenario, NotReady, type FigureSamples } from '../harness/scenario.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { benchDashboardKeys } from '../harness/benchDashboards.ts';
import { topSelfTimes } from '../harness/pageProfile.ts';
import { profilePage } from '../harness/workerProfile.ts';
import { serviceWorkerServes } from '../harness/serviceWorker.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';
import { agesShown, setHidden } from '../harness/pageVisibility.ts';
import { benchHubConnection } from '../harness/benchHub.ts';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import type { PvValue } from '../../src/contract/pv.ts';

interface IdleParams {
  /** Wait after the view is complete before the first window (lazy loads, first polls). */
  settleMs: number;
  /**
   * The same for the station page with ages in minutes, whose windows have no minute to keep
   * to: past V8's memory reducer, which collects what the page's start left in its first
   * ~35 s (bench/idle-windows.ts), whatever a collection through CDP did before.
   */
  minutesSettleMs: number;
  windowMs: number;
  runs: number;
  stations: number;
  pvsPerStation: number;
  /** Tiles of the bench dashboard. */
  tiles: number;
  /** Profile of Pegel's foreground tab (0: none). */
  profileMs: number;
}

type View = 'station' | 'dashboard';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Under this (ms/s), on Pegel's side and the floor's, an idle figure is noise: no ratio. */
export const IDLE_NOISE_MS_PER_S = 0.5;

const MINUTE_MS = 60_000;

export interface IdleReading {
  /** Main-thread CPU, ms per second (CDP ThreadTime). */
  msPerSec: number;
  /** What the page did over the window, per second: script ms, style recalcs, layouts. */
  scriptMsPerSec: number;
  stylesPerSec: number;
  layoutsPerSec: number;
  /** Wall time of the window's start and end (ms since the epoch). */
  startAt: number;
  endAt: number;
  /** The first PV's age at the window's start and end (a station page with ages). */
  ages: { start: string; end: string } | null;
  /** How far the page's JS heap fell over the window (MB; > 0: a collection ran in it). */
  heapFellMb: number;
}

/**
 * The main thread of `page` over `ms` (CDP Performance.getMetrics before and after), with the
 * first PV's age read just before and just after (outside the window) when `ages`.
 */
export async function readIdle(
  ctx: BenchContext,
  page: Page,
  ms: number,
  ages: boolean,
): Promise<IdleReading> {
  const session = await ctx.probes.metricsSession(page);
  try {
    const agesBefore = ages ? String(await page.evaluate(agesShown)) : null;
    const before = await session.read();
    const t0 = Date.now();
    await sleep(ms);
    const after = await session.read();
    const t1 = Date.now();
    const wall = t1 - t0;
    const agesAfter = ages ? String(await page.evaluate(agesShown)) : null;
    const perSec = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / wall;
    return {
      msPerSec: idleMsPerSec(before.ThreadTime ?? 0, after.ThreadTime ?? 0, wall),
      scriptMsPerSec: idleMsPerSec(before.ScriptDuration ?? 0, after.ScriptDuration ?? 0, wall),
      stylesPerSec: perSec('RecalcStyleCount'),
      layoutsPerSec: perSec('LayoutCount'),
      startAt: t0,
      endAt: t1,
      ages:
        agesBefore !== null && agesAfter !== null ? { start: agesBefore, end: agesAfter } : null,
      heapFellMb: ((before.JSHeapUsedSize ?? 0) - (after.JSHeapUsedSize ?? 0)) / 1e6,
    };
  } finally {
    await session.close();
  }
}

export const describeIdle = (r: IdleReading) =>
  `${r.msPerSec.toFixed(2)} ms/s (script ${r.scriptMsPerSec.toFixed(2)} ms/s, ${r.stylesPerSec.toFixed(1)} style recalcs/s, ${r.layoutsPerSec.toFixed(1)} layouts/s${r.heapFellMb > 0.1 ? `; the JS heap fell by ${r.heapFellMb.toFixed(1)} MB: a collection` : ''})`;

/** ThreadTime seconds before and after a window of `wallMs`: ms of CPU per second. */
export function idleMsPerSec(beforeS: number, afterS: number, wallMs: number): number {
  return wallMs > 0 ? ((afterS - beforeS) * 1000 * 1000) / wallMs : 0;
}

export type AgeUnit = 'now' | 'seconds' | 'minutes' | 'hours' | 'days';

/** The unit of an age as the station page words it in German or English ('vor 12 Sekunden'). */
export function ageUnit(text: string): AgeUnit | null {
  const t = text.trim().toLowerCase();
  if (/sekunde|second/.test(t)) return 'seconds';
  if (/minute/.test(t)) return 'minutes';
  if (/stunde|hour/.test(t)) return 'hours';
  if (/\btag|\bday/.test(t)) return 'days';
  if (t === 'jetzt' || t === 'now') return 'now';
  return null;
}

/**
 * Why a window does not count, or null. With ages in seconds the first PV's age read seconds
 * at the window's start and at its end, and changed in it (it ticked); with ages in minutes it
 * read minutes at both and the same text (no step to the next minute inside the window).
 */
export function agesFault(
  expected: 'seconds' | 'minutes',
  ages: { start: string; end: string },
): string | null {
  const { start, end } = ages;
  if (ageUnit(start) !== expected || ageUnit(end) !== expected)
    return `the first PV's age read ${start} … ${end}, not ${expected}`;
  if (expected === 'seconds' && start === end)
    return `the first PV's age read ${start} at the start and the end: it did not tick`;
  if (expected === 'minutes' && start !== end)
    return `the first PV's age stepped from ${start} to ${end} inside the window`;
  return null;
}

/**
 * A server of the scenario's and when its PVs got their time stamps (its start): between
 * `from` and `to`, both the time stamp the server sends for a PV when it is read from the hub.
 */
interface Stamped {
  server: BenchServer;
  from: number;
  to: number;
}

/**
 * The time stamp the server's PVs carry (load mode at 0 updates/s: its start), as a subscriber
 * of the bench's own gets it with the first PV's current value. The server's start takes 2-15 s
 * on a loaded machine, so the clock around `startServer` says little.
 */
async function pvTimestamp(ctx: BenchContext, server: BenchServer): Promise<number> {
  const connection = benchHubConnection(server.url, HUBS.pv, await ctx.cookieHeader(server));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const first = new Promise<number>((resolve, reject) => {
      const take = (values: PvValue[]) => {
        const t = values[0]?.timestamp;
        if (typeof t === 'number' && t > 0) resolve(t);
      };
      connection.on(HUB_MESSAGES.newValues, take);
      connection.on(HUB_MESSAGES.newValue, (v: PvValue) => take([v]));
      timer = setTimeout(() => reject(new Error('no PV value from the hub in 15 s')), 15_000);
    });
    await connection.start();
    await connection.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001']);
    return await first;
  } finally {
    clearTimeout(timer);
    await connection.stop();
  }
}

/** The age of the stamped data over a window, in whole seconds: '7–12 s'. */
export function dataAge(
  stamped: Pick<Stamped, 'from' | 'to'>,
  startAt: number,
  endAt: number,
): string {
  const s = (ms: number) => Math.max(0, Math.floor(ms / 1000));
  return `${s(startAt - stamped.to)}–${s(endAt - stamped.from)} s`;
}

/** How long after a minute of the clock the station's time stamp of that minute may come. */
export const STATION_MINUTE_LAG_MS = 2_000;

/**
 * The first start at `start` or later of a window of `spanMs` that holds no step of a series
 * a minute apart whose steps are at `phase` + whole minutes and take `lagMs` to show.
 */
function clearOf(start: number, spanMs: number, phase: number, lagMs: number): number {
  const lo = start - phase - lagMs;
  const hi = start + spanMs - phase;
  if (Math.floor(lo / MINUTE_MS) === Math.floor(hi / MINUTE_MS)) return start;
  return (Math.floor(lo / MINUTE_MS) + 1) * MINUTE_MS + phase + lagMs;
}

/**
 * When a window of `windowMs` can start, `now` or later, so that the ages of data stamped at
 * any time in [from, to] are past the minute throughout it and none steps to the next minute
 * inside it, and no minute of the clock begins in it: then a connected station's time stamp
 * of the new minute comes at once (FR8) and changes its age's title (its time to the minute),
 * on every side, at a moment of the clock and not of the data (`marginMs` of slack at each end
 * for the clocks and the reads around the window).
 */
export function minutesWindowStart(
  now: number,
  from: number,
  to: number,
  windowMs: number,
  marginMs = 1_500,
): number {
  const span = windowMs + 2 * marginMs;
  if (span + (to - from) + span + STATION_MINUTE_LAG_MS >= MINUTE_MS)
    throw new Error(`a window of ${windowMs} ms does not fit between the minute steps`);
  let start = Math.max(now, to + MINUTE_MS + marginMs);
  // The ages step at `from`..`to` + whole minutes, the station's title at whole minutes of the
  // clock (and up to STATION_MINUTE_LAG_MS after); the window with its margins holds neither.
  for (let i = 0; i < 6; i++) {
    const next = clearOf(
      clearOf(start - marginMs, span, from, to - from),
      span,
      0,
      STATION_MINUTE_LAG_MS,
    );
    if (next === start - marginMs) return start;
    start = next + marginMs;
  }
  throw new Error('no window clear of the minute steps');
}

/** Pegel first: its tab leaves the copy of its page the floor starts from. */
const SIDES = ['pegel', 'floor', 'baseline'] as const;

async function openView(
  ctx: BenchContext,
  context: BrowserContext,
  side: LiveSide,
  view: View,
  p: IdleParams,
  copies: Map<View, FloorSnapshot>,
): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  const station = 1;
  if (side === 'floor') {
    const copy = copies.get(view);
    if (!copy) throw new Error(`no copy of Pegel's ${label[view]} for the floor page`);
    await page.goto(FLOOR_PATH);
    await loadFloorPage(page, view, copy);
  } else if (side === 'pegel') {
    await page.goto(view === 'station' ? `/stations/${station}` : benchDashboardPath(station));
    await waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`);
    if (view === 'dashboard') await waitForExpression(page, tilesShown(p.tiles));
    else
      await waitForExpression(page, `window.__pegelBench.snapshot().firstValueMs != null`, {
        timeout: 30_000,
      });
    // The first tab of a fresh browser profile installs the service worker, whose precache
    // fetches and stores the whole build (a few hundred requests, seconds in a routed context
    // without HTTP cache), and every store costs the page's main thread a task. An operator's
    // tab opens on an installed app: the windows start once the worker serves the page.
    await serviceWorkerServes(page);
    copies.set(view, await takeFloorSnapshot(page));
  } else {
    const keys =
      view === 'station'
        ? Array.from({ length: p.pvsPerStation }, (_, i) => `ai${station * 100_000 + i + 1}`)
        : benchDashboardKeys(station, p.tiles);
    await page.goto(
      view === 'station'
        ? ctx.baselinePath({ keys: formatKeyList(keys), chartKey: keys[0]! })
        : ctx.baselinePath({ view: 'dashboard', station, tiles: p.tiles }),
    );
    await waitBaselineConnected([page]);
    if (view === 'dashboard') await waitForExpression(page, tilesShown(p.tiles));
  }
  return page;
}

const label = { station: 'station page', dashboard: 'dashboard' } as const;
const cap = { station: 'Station', dashboard: 'Dashboard' } as const;
const sideName = { pegel: 'Pegel', floor: 'floor', baseline: 'naive' } as const;

/**
 * One window's note: `<side> idle <view>, <kind> window <n>: <reading>`, with the station page's
 * ages, the age of its data and why the window was not counted where they apply.
 */
function windowNote(
  side: LiveSide,
  view: View,
  kind: 'foreground' | 'hidden',
  r: number,
  reading: IdleReading,
  station?: { read: string; age: string; fault: string | null },
): string {
  const data = station ? `${station.read} (its data ${station.age} old), ` : '';
  const fault = station?.fault ? `; not counted: ${station.fault}` : '';
  return `${sideName[side]} idle ${label[view]}, ${kind} window ${r + 1}: ${data}${describeIdle(reading)}${fault}`;
}

/**
 * The settle after a view is complete: its lazy loads and first polls, then a collection of
 * what the page's start left (CDP HeapProfiler.collectGarbage, every side alike), so that V8
 * does not collect it inside a window: an idle tab an operator left open did that long ago,
 * and in the run of 4dd5cc6 such collections read 1.6-3 ms/s in windows with no script at all.
 * A page that makes garbage while idle still collects it in its windows.
 */
async function settle(
  ctx: BenchContext,
  page: Page,
  p: IdleParams,
  ms = p.settleMs,
): Promise<void> {
  await sleep(ms);
  await ctx.probes.pageHeap(page, true);
  await sleep(1_000);
}

/** Runs `during` with `page` behind `other` and told it is hidden; shown again after. */
async function whileHidden<T>(page: Page, other: Page, during: () => Promise<T>): Promise<T> {
  await other.bringToFront();
  const state = (await page.evaluate(setHidden(true))) as string;
  if (state !== 'hidden') throw new Error(`the page still reads visibilityState ${state}`);
  try {
    return await during();
  } finally {
    await page.evaluate(setHidden(false));
  }
}

/** A CPU profile of an idle page for the notes: its busy time and the top self times. */
async function profileIdle(page: Page, what: string, p: IdleParams): Promise<string> {
  const { cpu } = await profilePage(page, () => sleep(p.profileMs), 1000);
  const top = topSelfTimes(cpu, 'ms');
  return (
    `${what}, profiled ${p.profileMs / 1000} s (1 ms sampling): ${cpu.busyMs.toFixed(1)} ms busy; ${top || 'no sample outside idle'} ` +
    '("(program)" is work outside JavaScript: the browser\'s style, layout and paint, and on an idle page mostly the sampling itself, which the ThreadTime windows do not have; a function of the app names script that woke the page)'
  );
}

/** What one run of the scenario collects: samples, notes, and each counted window's script. */
class Collected {
  readonly figures: Record<string, FigureSamples> = {};
  readonly notes: string[] = [];
  /** Script ms/s of the counted windows, by figure and side. */
  readonly script = new Map<string, Map<LiveSide, number[]>>();
  /** Windows not counted, by figure: why. */
  readonly dropped = new Map<string, string[]>();

  add(side: LiveSide, id: string, r: IdleReading): void {
    addSample(this.figures, side, id, r.msPerSec);
    const bySide = this.script.get(id) ?? new Map<LiveSide, number[]>();
    bySide.set(side, [...(bySide.get(side) ?? []), r.scriptMsPerSec]);
    this.script.set(id, bySide);
  }

  drop(id: string, why: string): void {
    this.dropped.set(id, [...(this.dropped.get(id) ?? []), why]);
  }
}

/**
 * One side's view: opened on `stamped`'s server, settled, `runs` windows in front, then `runs`
 * told hidden behind a blank tab, then (Pegel) profiled. A station page's windows in front
 * count only with its ages in seconds, ticking (the naive page shows none: its data's age
 * under a minute then).
 */
async function measureSide(
  ctx: BenchContext,
  side: LiveSide,
  view: View,
  stamped: Stamped,
  p: IdleParams,
  copies: Map<View, FloorSnapshot>,
  out: Collected,
): Promise<void> {
  const context = await ctx.newContext({ server: stamped.server, baseline: side !== 'pegel' });
  try {
    if (side === 'pegel' && view === 'dashboard') await routeBenchDashboards(context, [1], p.tiles);
    const page = await openView(ctx, context, side, view, p, copies);
    await settle(ctx, page, p);
    const other = await context.newPage();
    const fgId = `fg${cap[view]}MsPerSec`;
    const withAges = view === 'station' && side !== 'baseline';
    await page.bringToFront();
    for (let r = 0; r < p.runs; r++) {
      const fg = await readIdle(ctx, page, p.windowMs, withAges);
      if (view === 'station') {
        const age = dataAge(stamped, fg.startAt, fg.endAt);
        const fault = fg.ages
          ? agesFault('seconds', fg.ages)
          : fg.endAt - stamped.from >= MINUTE_MS
            ? `its data were ${age} old, past the minute`
            : null;
        const read = fg.ages
          ? `the first PV's age read ${fg.ages.start} … ${fg.ages.end}`
          : 'no ages shown';
        out.notes.push(windowNote(side, view, 'foreground', r, fg, { read, age, fault }));
        if (fault) {
          out.drop(fgId, `${sideName[side]} window ${r + 1}: ${fault}`);
          continue;
        }
      } else {
        out.notes.push(windowNote(side, view, 'foreground', r, fg));
      }
      out.add(side, fgId, fg);
    }
    // Every hidden window on its own: a median of three hides which of them a collection fell in.
    for (let r = 0; r < p.runs; r++) {
      const bg = await whileHidden(page, other, () => readIdle(ctx, page, p.windowMs, false));
      out.notes.push(windowNote(side, view, 'hidden', r, bg));
      out.add(side, `bg${cap[view]}MsPerSec`, bg);
    }
    if (side === 'pegel' && p.profileMs > 0) {
      await page.bringToFront();
      out.notes.push(await profileIdle(page, `Pegel idle ${label[view]}, foreground`, p));
      // Hidden as in the background windows: what the app itself still runs then.
      out.notes.push(
        await whileHidden(page, other, () =>
          profileIdle(page, `Pegel idle ${label[view]}, hidden`, p),
        ),
      );
    }
  } finally {
    await context.close();
  }
}

/**
 * The station page with ages in minutes on `stamped`'s server (past its first minute): each
 * window placed clear of a minute step, and counted only if the first PV's age read the same
 * minutes at its start and end.
 */
async function measureMinutes(
  ctx: BenchContext,
  side: 'pegel' | 'floor',
  stamped: Stamped,
  p: IdleParams,
  copies: Map<View, FloorSnapshot>,
  out: Collected,
): Promise<void> {
  const id = 'fgStationMinutesMsPerSec';
  const context = await ctx.newContext({ server: stamped.server, baseline: side === 'floor' });
  try {
    const page = await openView(ctx, context, side, 'station', p, copies);
    await settle(ctx, page, p, p.minutesSettleMs);
    for (let r = 0; r < p.runs; r++) {
      const at = minutesWindowStart(Date.now(), stamped.from, stamped.to, p.windowMs);
      await sleep(at - Date.now());
      const fg = await readIdle(ctx, page, p.windowMs, true);
      const fault = agesFault('minutes', fg.ages!);
      out.notes.push(
        `${sideName[side]} idle station page, ages in minutes, window ${r + 1}: the first PV's age read ${fg.ages!.start} … ${fg.ages!.end} (its data ${dataAge(stamped, fg.startAt, fg.endAt)} old), foreground ${describeIdle(fg)}${fault ? `; not counted: ${fault}` : ''}`,
      );
      if (fault) out.drop(id, `${sideName[side]} window ${r + 1}: ${fault}`);
      else out.add(side, id, fg);
    }
    if (side === 'pegel' && p.profileMs > 0)
      out.notes.push(
        await profileIdle(page, 'Pegel idle station page, ages in minutes, foreground', p),
      );
  } finally {
    await context.close();
  }
}

/** `0.36 (0.30–0.41)`: the median and range of a few numbers, for the notes. */
export function medianRange(xs: readonly number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return s.length > 1
    ? `${m.toFixed(2)} (${s[0]!.toFixed(2)}–${s[s.length - 1]!.toFixed(2)})`
    : m.toFixed(2);
}

const FIGURE_IDS = (['station', 'dashboard'] as const).flatMap((view) => [
  `fg${cap[view]}MsPerSec`,
  ...(view === 'station' ? ['fgStationMinutesMsPerSec'] : []),
  `bg${cap[view]}MsPerSec`,
]);

export default defineScenario<IdleParams>({
  id: 'idleTab',
  title: 'Idle tab (nothing changing)',
  order: 23,
  figures: (['station', 'dashboard'] as const).flatMap((view) => [
    {
      id: `fg${cap[view]}MsPerSec`,
      label: `Idle ${label[view]}, foreground${view === 'station' ? ', ages in seconds' : ''}: main thread`,
      unit: 'ms/s',
      better: 'lower' as const,
      compare: true,
      target: { op: '<=' as const, value: 0.5 },
      floorTarget: 1.25,
      floorNoise: IDLE_NOISE_MS_PER_S,
    },
    ...(view === 'station'
      ? [
          {
            id: 'fgStationMinutesMsPerSec',
            label: 'Idle station page, foreground, ages in minutes: main thread',
            unit: 'ms/s',
            better: 'lower' as const,
            target: { op: '<=' as const, value: 0.5 },
            floorTarget: 1.25,
            floorNoise: IDLE_NOISE_MS_PER_S,
          },
        ]
      : []),
    {
      id: `bg${cap[view]}MsPerSec`,
      label: `Idle ${label[view]}, in the background (hidden, behind another tab): main thread`,
      unit: 'ms/s',
      better: 'lower' as const,
      compare: true,
      target: { op: '<=' as const, value: 0.5 },
      floorTarget: 1.25,
      floorNoise: IDLE_NOISE_MS_PER_S,
    },
  ]),
  quick: {
    settleMs: 2000,
    minutesSettleMs: 20_000,
    windowMs: 4000,
    runs: 1,
    stations: 10,
    pvsPerStation: 200,
    tiles: 32,
    profileMs: 3000,
  },
  full: {
    settleMs: 5000,
    minutesSettleMs: 40_000,
    windowMs: 6000,
    runs: 3,
    stations: 10,
    pvsPerStation: 200,
    tiles: 32,
    profileMs: 6000,
  },
  async run(ctx, p) {
    if (ctx.plant === 'fake') throw new NotReady('needs the reference server (dashboards)');
    requireEngineChunk(ctx.distDir);
    const load = { stations: p.stations, pvsPerStation: p.pvsPerStation, updatesPerSec: 0 };
    const startStamped = async (): Promise<Stamped> => {
      const server = await ctx.startServer(load);
      const at = await pvTimestamp(ctx, server);
      return { server, from: at, to: at };
    };
    // The dashboards' server, and the station page's with ages in minutes once past its first.
    const shared = await startStamped();
    await requirePvPlant(ctx, shared.server);
    const out = new Collected();
    const copies = new Map<View, FloorSnapshot>();
    // The station page with ages in seconds: each side on a server started just before it.
    for (const side of SIDES) {
      ctx.log(`  idle station page: ${side}, on a server of its own`);
      const fresh = await startStamped();
      try {
        await measureSide(ctx, side, 'station', fresh, p, copies, out);
      } finally {
        await fresh.server.handle.dispose();
      }
    }
    for (const side of SIDES) {
      ctx.log(`  idle dashboard: ${side}`);
      await measureSide(ctx, side, 'dashboard', shared, p, copies, out);
    }
    for (const side of ['pegel', 'floor'] as const) {
      ctx.log(`  idle station page, ages in minutes: ${side}`);
      await measureMinutes(ctx, side, shared, p, copies, out);
    }
    const { figures } = out;
    for (const [id, why] of out.dropped) {
      const f = (figures[id] ??= {});
      f.note = `windows not counted (${why.join('; ')})`;
    }
    // Per window, each view and side: what the tab cost in front and hidden.
    const windows = Array.from({ length: p.runs }, (_, i) => i + 1);
    const series = SIDES.flatMap((side) =>
      (['station', 'dashboard'] as const).flatMap((view) =>
        (['fg', 'bg'] as const).map((where) => {
          const f = figures[`${where}${cap[view]}MsPerSec`];
          const y = (side === 'pegel' ? f?.value : f?.[side]) ?? [];
          return {
            label: `${side}: ${label[view]}, ${where === 'fg' ? 'foreground' : 'hidden'}`,
            y: windows.map((_, i) => y[i] ?? null),
          };
        }),
      ),
    );
    const scriptNotes = FIGURE_IDS.flatMap((id) => {
      const bySide = out.script.get(id);
      if (!bySide) return [];
      const parts = SIDES.filter((s) => bySide.has(s)).map(
        (s) => `${sideName[s]} ${medianRange(bySide.get(s)!)}`,
      );
      return [`Script of the counted windows, ${id}: ${parts.join(', ')} ms/s`];
    });
    return {
      figures,
      plots: [
        {
          id: 'idle-tab-main-thread',
          title: 'Idle tab: main thread per window (target 0.5 ms/s)',
          xLabel: 'window',
          yLabel: 'ms of CPU per s',
          x: windows,
          series,
        },
      ],
      notes: [
        ...out.notes,
        ...scriptNotes,
        `Load mode at 0 updates/s (${p.stations} stations × ${p.pvsPerStation} PVs): the values never change. Station page: /stations/1 (baseline: its ${p.pvsPerStation} PVs and live chart); dashboard: the bench dashboard of ${p.tiles} value tiles (baseline: NaiveTiles).`,
        `Ages: the PVs keep the time stamp of their server's start. The station page with ages in seconds opens for each side on a server of its own, started just before it, and its windows in front come first (each second one text change and one frame: the worst case the issue allows); a window counts only if the first PV's age read seconds at its start and end and ticked in it (the naive page shows no ages: its data under a minute old). The "ages in minutes" figure is measured on the dashboards' server, past its first minute, ${p.minutesSettleMs / 1000} s after the page opened (V8's memory reducer collects what a page's start left in its first ~35 s: in Pegel's 7 MB heap 1.5-4.5 ms/s of a window with no script), in windows placed clear of a minute step of the ages and of a minute of the clock (a station's time stamp of a new minute comes at once and changes its age's title, on every side), and counts only if the age read the same minutes at the window's start and end. The station's own time stamp still comes on every side.`,
        `Pegel / floor: no ratio where both medians are under ${IDLE_NOISE_MS_PER_S} ms/s (the report says "noise"): a page that does next to nothing reads 0.03-0.35 ms/s in a window, and a window with no script of the page's at all can read 2 ms/s (a collection, the browser's own work), so the ratio of two such figures is noise. The script lines above give each side's JavaScript apart (CDP ScriptDuration).`,
        "Floor: bench/baseline/floor/, a copy of Pegel's page taken from its tab in this run (HTML and built style sheets), its values written with plain DOM calls from a hub connection in a worker of its own; on the station page the ages of the rows on screen written when their text changes (formatAge's steps, one timer for the next, none while hidden), as Pegel's age clock does. The station's own age too: its time stamp from the station hub (in the floor's worker, to a visible page only, held while its text would not change, as Pegel's engine sends it), written as Pegel's is ('just now' within the grace, then formatAge's steps) with its title to the minute, each only when its text changes. Pegel over the floor: target ≤ ×1.25.",
        'Main thread: CDP ThreadTime (time on a core) over the window; before its first window each page is settled and what its start left collected (CDP HeapProfiler.collectGarbage, every side alike), and a window in which the JS heap fell says so (a collection ran in it). Background: a blank tab of the same profile in front, and the page told it is hidden (document.visibilityState "hidden" and a visibilitychange event): headless Chromium never hides a tab, so its throttling of hidden tabs (no animation frames, timers once a second) does not apply, and the figure is what the app itself still runs when hidden.',
      ],
    };
  },
});
