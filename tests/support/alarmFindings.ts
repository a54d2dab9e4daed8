/**
 * The findings of an alert history by the ISA-18.2 / EEMUA 191 definitions of
 * `src/domain/alarmPerformance.ts`, written out plainly for the tests of the simulated plant's
 * history (the engine computes them on its own; these tests must not depend on it).
 */
import type { Alert } from '../../src/contract/alerts.ts';
import {
  CHATTER_COUNT,
  CHATTER_WINDOW_MS,
  FLEETING_MS,
  FLOOD_THRESHOLD,
  STANDING_MS,
} from '../../src/domain/alarmPerformance.ts';

const TEN_MINUTES = 600_000;
/** Alarms of one source further apart than this belong to different bursts. */
const BURST_GAP_MS = 10 * 60_000;

/** "The same alarm": a PV's limit or failure input, or a non-PV binding, with its text. */
export function sourceKey(a: Alert): string {
  return a.pvRef
    ? `pv:${a.pvRef.type}:${a.pvRef.nr}:${a.text}`
    : `src:${JSON.stringify(a.source)}:${a.text}`;
}

function byTime(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
}

/** Alarms raised in [from, from + 10 min). */
export function inTenMinutes(alerts: readonly Alert[], from: number): Alert[] {
  return alerts.filter((a) => a.timestamp >= from && a.timestamp < from + TEN_MINUTES);
}

/** The first alarm that opens a 10-minute span of more than FLOOD_THRESHOLD alarms. */
export function floodOpener(alerts: readonly Alert[]): { first: Alert; count: number } | null {
  for (const a of byTime(alerts)) {
    const count = inTenMinutes(alerts, a.timestamp).length;
    if (count > FLOOD_THRESHOLD) return { first: a, count };
  }
  return null;
}

/** Most alarms in one wall-clock 10-minute window (aligned to :00, :10, … UTC). */
export function busiestAlignedWindow(alerts: readonly Alert[]): number {
  const counts = new Map<number, number>();
  for (const a of alerts) {
    const w = Math.floor(a.timestamp / TEN_MINUTES);
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

export interface Chattering {
  key: string;
  text: string;
  priority: number;
  /** Bursts: runs of its alarms with CHATTER_COUNT or more within CHATTER_WINDOW_MS. */
  bursts: number;
  /** Its alarms cleared within FLEETING_MS. */
  fleeting: number;
  count: number;
}

/** Sources that raised CHATTER_COUNT or more alarms within a minute, with their bursts. */
export function chattering(alerts: readonly Alert[]): Chattering[] {
  const groups = new Map<string, Alert[]>();
  for (const a of byTime(alerts)) {
    const key = sourceKey(a);
    const list = groups.get(key) ?? [];
    list.push(a);
    groups.set(key, list);
  }
  const out: Chattering[] = [];
  for (const [key, list] of groups) {
    let bursts = 0;
    let lastBurstAt = -Infinity;
    for (let i = 0; i + CHATTER_COUNT - 1 < list.length; i++) {
      const span = list[i + CHATTER_COUNT - 1]!.timestamp - list[i]!.timestamp;
      if (span > CHATTER_WINDOW_MS) continue;
      if (list[i]!.timestamp - lastBurstAt > BURST_GAP_MS) bursts++;
      lastBurstAt = list[i + CHATTER_COUNT - 1]!.timestamp;
    }
    if (bursts === 0) continue;
    const fleeting = list.filter(
      (a) => a.clearedAt !== null && a.clearedAt - a.timestamp < FLEETING_MS,
    ).length;
    out.push({
      key,
      text: list[0]!.text,
      priority: list[0]!.priority,
      bursts,
      fleeting,
      count: list.length,
    });
  }
  return out;
}

/** Alarms still active at `at` that were raised more than STANDING_MS before it. */
export function standing(alerts: readonly Alert[], at: number): Alert[] {
  return alerts.filter((a) => !a.cleared && at - a.timestamp > STANDING_MS);
}
