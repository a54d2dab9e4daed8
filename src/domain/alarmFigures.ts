/**
 * The ISA-18.2 / EEMUA 191 figures of one period (definitions in `alarmPerformance.ts`),
 * computed from alert rows in one pass plus a grouping pass. Pure: the engine worker calls it
 * on the archive pages it holds, unit tests on hand-computed histories.
 *
 * AF1 Rate windows are wall-clock windows of the request's zone: 10-minute and hour windows
 *     start where the wall clock shows a multiple of the step, and an offset change starts a
 *     window of its own, so a spring day has 23 hour windows and an autumn day 25. A window
 *     is half-open: an alarm at exactly hh:10:00.000 is in the window from hh:10.
 * AF2 Only alarms raised in [start, end) are counted; rows before the start (a lookback) only
 *     feed standing alarms, which may have been raised long before the period.
 * AF3 Flood: more than FLOOD_THRESHOLD alarms in a 10-minute window; adjacent flooded windows
 *     are one flood. The flood share is flooded windows / all windows of the period.
 * AF4 Chattering: CHATTER_COUNT alarms of one source with the last at most CHATTER_WINDOW_MS
 *     after the first (3 in exactly 60 s chatter, 3 in 60.001 s do not).
 * AF5 Fleeting: cleared before the end and less than FLEETING_MS after it was raised.
 * AF6 Standing: raised before the end, not cleared before the start, and active more than
 *     STANDING_MS until it cleared or until the end.
 * AF7 Acknowledge times count acknowledgements before the end; the rest is never acknowledged.
 *     Median and 90th percentile are interpolated between ranks (as Excel's PERCENTILE.INC):
 *     one value is its own median and p90; of [a, b] the p90 is a + 0.9 (b - a).
 * AF13 The flood, chattering, fleeting, standing and never-acknowledged lists hold their first
 *     `listMax` rows in their order (ALARM_LIST_MAX unless asked otherwise) and a count of all;
 *     every figure is computed from all of them, whatever `listMax`.
 */
import { alertBindingKey, type Alert } from '../contract/alerts.ts';
import {
  ALARM_BENCHMARKS,
  ALARM_LIST_MAX,
  CHATTER_COUNT,
  CHATTER_WINDOW_MS,
  FLEETING_MS,
  FLOOD_THRESHOLD,
  STANDING_MS,
  priorityBand,
  type AckTimes,
  type AlarmCount,
  type AlarmIdentity,
  type AlarmPerformance,
  type AlarmPerformanceRequest,
  type ChatteringAlarm,
  type FleetingAlarm,
  type FloodPeriod,
  type NeverAcknowledged,
  type PriorityBand,
  type StandingAlarm,
} from './alarmPerformance.ts';
import { zoneOffsetMs } from './clock.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const BANDS: readonly PriorityBand[] = ['high', 'medium', 'low'];
const BAND_INDEX: Record<PriorityBand, number> = { high: 0, medium: 1, low: 2 };

export interface AlarmFigureOptions {
  /** The archive held more alarms than were read (SPEC §8 limit). */
  truncated?: boolean;
  /** Epoch ms stamped on the result. */
  computedAt?: number;
  /** Rows kept of each per-alarm list (AF13); Infinity keeps all (the export). */
  listMax?: number;
}

/** The zone's offset is assumed constant between probes this far apart (real zones change twice a year, Morocco's a month apart). */
const OFFSET_PROBE_MS = 6 * HOUR_MS;

/** [from, offset] pieces of [start, end) over which the zone's offset does not change. */
function offsetSegments(start: number, end: number, zone: string): [number, number][] {
  let offset = zoneOffsetMs(start, zone);
  const segments: [number, number][] = [[start, offset]];
  for (let t = start; t < end;) {
    const probe = Math.min(t + OFFSET_PROBE_MS, end);
    if (zoneOffsetMs(probe, zone) === offset) {
      t = probe;
      continue;
    }
    t = offsetChange(t, probe, zone);
    offset = zoneOffsetMs(t, zone);
    segments.push([t, offset]);
  }
  return segments;
}

/**
 * AF1: starts of the wall-clock windows of `stepMs` (a divisor of a day) in `zone` that
 * cover [start, end); the first may start before `start`. About 4 offset look-ups a day,
 * whatever the step.
 */
export function wallWindows(start: number, end: number, stepMs: number, zone: string): number[] {
  const starts: number[] = [];
  if (!(end > start)) return starts;
  const segments = offsetSegments(start, end, zone);
  for (let k = 0; k < segments.length; k++) {
    const [from, offset] = segments[k]!;
    const to = k + 1 < segments.length ? segments[k + 1]![0] : end;
    let t = from;
    if (k === 0) {
      // The window holding the start, unless an offset change lies between its wall start and the start.
      const aligned = Math.floor((start + offset) / stepMs) * stepMs - offset;
      t = zoneOffsetMs(aligned, zone) === offset ? aligned : offsetChange(aligned, start, zone);
    }
    while (t < to) {
      starts.push(t);
      t = Math.floor((t + offset) / stepMs) * stepMs + stepMs - offset;
    }
  }
  return starts;
}

/** The first instant in (from, to] whose offset differs from the one at `from`. */
function offsetChange(from: number, to: number, zone: string): number {
  const before = zoneOffsetMs(from, zone);
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffsetMs(mid, zone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** AF7: the q-quantile (0..1) of the first `n` values of `sorted` (ascending), interpolated. */
export function quantileSorted(sorted: ArrayLike<number>, n: number, q: number): number | null {
  if (n <= 0) return null;
  const rank = (n - 1) * q;
  const lo = Math.floor(rank);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** One source's running figures, indexed by its number. */
class Sources {
  readonly keys: string[] = [];
  /** The alert row that names the source (its most recent in the period, else any). */
  readonly named: Alert[] = [];
  count = new Int32Array(64);
  fleeting = new Int32Array(64);
  shortest = new Float64Array(64);
  private readonly pv = new Map<string, Map<number, Map<string, number>>>();
  private readonly other = new Map<string, number>();

  get size(): number {
    return this.keys.length;
  }

  /** The source number of `a`; no string is built for a PV alarm already seen. */
  of(a: Alert): number {
    if (a.pvRef) {
      let byNr = this.pv.get(a.pvRef.type);
      if (!byNr) this.pv.set(a.pvRef.type, (byNr = new Map()));
      let byText = byNr.get(a.pvRef.nr);
      if (!byText) byNr.set(a.pvRef.nr, (byText = new Map()));
      let i = byText.get(a.text);
      if (i === undefined) {
        i = this.add(`pv:${a.pvRef.type}:${a.pvRef.nr}:${a.text}`, a);
        byText.set(a.text, i);
      }
      return i;
    }
    const key = a.source
      ? `src:${alertBindingKey(a.source)}:${a.text}`
      : `src:${a.stationNumber ?? ''}:${a.sourceName}:${a.text}`;
    let i = this.other.get(key);
    if (i === undefined) {
      i = this.add(key, a);
      this.other.set(key, i);
    }
    return i;
  }

  private add(key: string, a: Alert): number {
    const i = this.keys.length;
    this.keys.push(key);
    this.named.push(a);
    if (i >= this.count.length) {
      this.count = grow(this.count);
      this.fleeting = grow(this.fleeting);
      this.shortest = grow(this.shortest);
    }
    this.shortest[i] = Infinity;
    return i;
  }
}

function grow<T extends Int32Array | Float64Array>(a: T): T {
  const bigger = new (a.constructor as new (n: number) => T)(a.length * 2);
  bigger.set(a);
  return bigger;
}

function isAscending(alerts: readonly Alert[]): boolean {
  for (let i = 1; i < alerts.length; i++)
    if (alerts[i]!.timestamp < alerts[i - 1]!.timestamp) return false;
  return true;
}

/**
 * The figures of `request` from `alerts`: every row the archive holds for the period and
 * any lookback before it (AF2), in any order, of every station (filtered here).
 */
export function computeAlarmFigures(
  request: AlarmPerformanceRequest,
  alerts: readonly Alert[],
  options: AlarmFigureOptions = {},
): AlarmPerformance {
  const { start, end, stationNumber } = request;
  const listMax = Math.max(0, options.listMax ?? ALARM_LIST_MAX);
  const rows = isAscending(alerts)
    ? alerts
    : [...alerts].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  const span = Math.max(0, end - start);
  const hours = span / HOUR_MS;
  const tenStarts = wallWindows(start, end, 10 * MINUTE_MS, request.timeZone);
  const hourStarts = wallWindows(start, end, HOUR_MS, request.timeZone);
  const tenCounts = new Int32Array(tenStarts.length);
  const tenFirst = new Int32Array(tenStarts.length).fill(-1);
  const hourCounts = new Int32Array(hourStarts.length);
  const perPriority = new Array<number>(10).fill(0);
  const bandCounts = [0, 0, 0];
  const ackDurations = [new Float64Array(16), new Float64Array(16), new Float64Array(16)];
  const ackCount = [0, 0, 0];
  const sources = new Sources();
  /** Source number of each counted alarm, in time order (for chattering). */
  let counted = new Int32Array(Math.min(rows.length, 1 << 16) || 1);
  let countedTimes = new Float64Array(counted.length);
  let total = 0;
  const neverAcked: number[] = [];
  let neverAckedCount = 0;
  const standingRows: number[] = [];
  let w10 = 0;
  let wh = 0;

  for (let i = 0; i < rows.length; i++) {
    const a = rows[i]!;
    const ts = a.timestamp;
    if (ts >= end) break;
    if (stationNumber !== null && a.stationNumber !== stationNumber) continue;
    // AF6: standing, from the lookback too.
    const clearedBeforeEnd = a.clearedAt !== null && a.clearedAt < end;
    if (!(clearedBeforeEnd && a.clearedAt! < start)) {
      const activeMs = (clearedBeforeEnd ? a.clearedAt! : end) - ts;
      if (activeMs > STANDING_MS) standingRows.push(i);
    }
    if (ts < start) continue;
    const src = sources.of(a);
    sources.named[src] = a;
    sources.count[src]!++;
    if (total >= counted.length) {
      counted = grow(counted);
      countedTimes = grow(countedTimes);
    }
    counted[total] = src;
    countedTimes[total] = ts;
    total++;
    while (w10 + 1 < tenStarts.length && ts >= tenStarts[w10 + 1]!) w10++;
    while (wh + 1 < hourStarts.length && ts >= hourStarts[wh + 1]!) wh++;
    if (tenCounts[w10] === 0) tenFirst[w10] = i;
    tenCounts[w10]!++;
    hourCounts[wh]!++;
    const priority = Math.min(9, Math.max(0, Math.round(a.priority)));
    perPriority[priority]!++;
    const band = BAND_INDEX[priorityBand(priority)];
    bandCounts[band]!++;
    if (a.acknowledgedAt !== null && a.acknowledgedAt < end) {
      let list = ackDurations[band]!;
      if (ackCount[band]! >= list.length) ackDurations[band] = list = grow(list);
      list[ackCount[band]!++] = a.acknowledgedAt - ts;
    } else {
      neverAckedCount++;
      neverAcked.push(i);
    }
    if (clearedBeforeEnd) {
      const activeMs = a.clearedAt! - ts;
      if (activeMs < FLEETING_MS) {
        sources.fleeting[src]!++;
        if (activeMs < sources.shortest[src]!) sources.shortest[src] = activeMs;
      }
    }
  }

  const identities = new Map<number, AlarmIdentity>();
  const identity = (src: number): AlarmIdentity => {
    let id = identities.get(src);
    if (!id) {
      const a = sources.named[src]!;
      id = {
        key: sources.keys[src]!,
        pvRef: a.pvRef,
        source: a.source,
        stationNumber: a.stationNumber,
        stationName: a.stationName,
        sourceName: a.sourceName,
        text: a.text,
        priority: a.priority,
      };
      identities.set(src, id);
    }
    return id;
  };

  // AF3: floods, the first `listMax` listed (AF13), all counted; only the listed are named.
  const floods: FloodPeriod[] = [];
  let floodCount = 0;
  let floodEnd = -Infinity;
  let flooded = 0;
  let peak: { start: number; count: number } | null = null;
  for (let w = 0; w < tenStarts.length; w++) {
    const count = tenCounts[w]!;
    if (count > 0 && (!peak || count > peak.count)) peak = { start: tenStarts[w]!, count };
    if (count <= FLOOD_THRESHOLD) continue;
    flooded++;
    const windowEnd = w + 1 < tenStarts.length ? tenStarts[w + 1]! : end;
    const joins = floodEnd === tenStarts[w];
    floodEnd = windowEnd;
    if (!joins) floodCount++;
    if (floodCount > listMax) continue;
    if (joins) {
      const last = floods[floods.length - 1]!;
      last.end = windowEnd;
      last.count += count;
      continue;
    }
    const first = rows[tenFirst[w]!]!;
    floods.push({
      start: tenStarts[w]!,
      end: windowEnd,
      count,
      first: identity(sources.of(first)),
      firstAt: first.timestamp,
    });
  }

  // Top 10 (bad actors).
  const order: number[] = [];
  for (let s = 0; s < sources.size; s++) if (sources.count[s]! > 0) order.push(s);
  order.sort(
    (x, y) =>
      sources.count[y]! - sources.count[x]! ||
      (sources.keys[x]! < sources.keys[y]! ? -1 : sources.keys[x]! > sources.keys[y]! ? 1 : 0),
  );
  const top10: AlarmCount[] = order.slice(0, 10).map((s) => ({
    alarm: identity(s),
    count: sources.count[s]!,
    share: sources.count[s]! / total,
  }));
  const top10Count = top10.reduce((sum, t) => sum + t.count, 0);

  // AF4: chattering, per source over its alarms in time order (grouped by counting sort).
  const offsets = new Int32Array(sources.size + 1);
  for (let k = 0; k < total; k++) offsets[counted[k]! + 1]!++;
  for (let s = 0; s < sources.size; s++) offsets[s + 1]! += offsets[s]!;
  const fill = offsets.slice(0, sources.size);
  const grouped = new Float64Array(total);
  for (let k = 0; k < total; k++) grouped[fill[counted[k]!]!++] = countedTimes[k]!;
  const chattering: ChatteringAlarm[] = [];
  for (const s of order) {
    const from = offsets[s]!;
    const to = offsets[s + 1]!;
    if (to - from < CHATTER_COUNT) continue;
    let most = 0;
    let lo = from;
    for (let hi = from; hi < to; hi++) {
      while (grouped[hi]! - grouped[lo]! > CHATTER_WINDOW_MS) lo++;
      if (hi - lo + 1 > most) most = hi - lo + 1;
    }
    if (most >= CHATTER_COUNT)
      chattering.push({ alarm: identity(s), count: to - from, maxPerMinute: most });
  }
  chattering.sort((x, y) => y.maxPerMinute - x.maxPerMinute || y.count - x.count);
  const chatteringCount = chattering.length;
  if (chatteringCount > listMax) chattering.length = listMax;

  // AF5: fleeting.
  const fleeting: FleetingAlarm[] = [];
  for (const s of order) {
    if (sources.fleeting[s]! > 0)
      fleeting.push({
        alarm: identity(s),
        count: sources.fleeting[s]!,
        shortestMs: sources.shortest[s]!,
      });
  }
  fleeting.sort((x, y) => y.count - x.count || x.shortestMs - y.shortestMs);
  const fleetingCount = fleeting.length;
  if (fleetingCount > listMax) fleeting.length = listMax;

  // AF6: standing, one entry per alarm row (still active first, then longest); only the rows
  // listed are named.
  const ranked = standingRows.map((i) => {
    const a = rows[i]!;
    const active = !(a.clearedAt !== null && a.clearedAt < end);
    return { i, active, activeMs: (active ? end : a.clearedAt!) - a.timestamp };
  });
  ranked.sort((x, y) => Number(y.active) - Number(x.active) || y.activeMs - x.activeMs);
  const standing: StandingAlarm[] = ranked.slice(0, listMax).map(({ i, active, activeMs }) => {
    const a = rows[i]!;
    return { alarm: identity(sources.of(a)), since: a.timestamp, activeMs, active };
  });

  // AF7: acknowledge times and the never acknowledged (newest first).
  const ackTimes: AckTimes[] = BANDS.map((band, b) => {
    const n = ackCount[b]!;
    const sorted = ackDurations[b]!.subarray(0, n).sort();
    return {
      band,
      acknowledged: n,
      medianMs: quantileSorted(sorted, n, 0.5),
      p90Ms: quantileSorted(sorted, n, 0.9),
    };
  });
  const neverAcknowledged: NeverAcknowledged[] = [];
  for (let k = neverAcked.length - 1; k >= 0; k--) {
    if (neverAcknowledged.length >= listMax) break;
    const a = rows[neverAcked[k]!]!;
    neverAcknowledged.push({
      alarm: identity(sources.of(a)),
      id: a.id,
      timestamp: a.timestamp,
      priority: a.priority,
    });
  }

  return {
    request,
    computedAt: options.computedAt ?? Date.now(),
    total,
    hours,
    averagePerHour: hours > 0 ? total / hours : 0,
    averagePer10Min: hours > 0 ? total / (hours * 6) : 0,
    averagePerDay: hours > 0 ? total / (hours / 24) : 0,
    peak10Min: peak,
    per10Min: { starts: tenStarts, counts: Array.from(tenCounts) },
    perHour: { starts: hourStarts, counts: Array.from(hourCounts) },
    floodShare: tenStarts.length > 0 ? flooded / tenStarts.length : 0,
    floods,
    floodCount,
    top10,
    top10Share: total > 0 ? top10Count / total : 0,
    chattering,
    chatteringCount,
    fleeting,
    fleetingCount,
    standing,
    standingCount: ranked.length,
    priorities: BANDS.map((band, b) => ({
      band,
      count: bandCounts[b]!,
      share: total > 0 ? bandCounts[b]! / total : 0,
      recommended: ALARM_BENCHMARKS.priorityShare[band],
    })),
    perPriority,
    ackTimes,
    neverAcknowledged,
    neverAcknowledgedCount: neverAckedCount,
    truncated: options.truncated === true,
  };
}
