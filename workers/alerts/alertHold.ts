/**
 * AH1-AH3 (workers/SPEC.md "Held alert list"): while the operator points at the current list,
 * has a row focused or selected, the rows already shown keep their positions. The view's
 * order is frozen when the hold starts; held rows still update in place from the store, rows
 * that left the list stay where they were (marked gone), and alerts that arrived since are
 * counted, not inserted, until the hold is released or renewed.
 */
import type { Alert } from '../../src/contract/alerts.ts';
import { rowRange } from './rowWindow.ts';

export interface HeldOrder {
  /** Identifies the hold: the tab's token with the sort and filter it froze. */
  key: string;
  /** The rows' ids in the order shown when the hold started. */
  ids: number[];
  /** Each held row as last seen, shown (as gone) once it left the list. */
  last: Map<number, Alert>;
}

export interface HeldWindow {
  from: number;
  rows: Alert[];
  /** Held rows (the frozen list's length). */
  total: number;
  /** Rows of the current list not shown because the list is held. */
  held: number;
  /** Ids of shown rows that left the current list while held. */
  gone: number[];
}

/** AH1: freezes the order of the rows shown now. */
export function holdOrder(key: string, rows: readonly Alert[]): HeldOrder {
  return { key, ids: rows.map((a) => a.id), last: new Map(rows.map((a) => [a.id, a])) };
}

/**
 * AH2: one window of a held list: held rows in their frozen positions with their current
 * content (`current`: the sorted, filtered list now), and how many new rows wait.
 */
export function heldWindow(
  order: HeldOrder,
  current: readonly Alert[],
  start: number,
  count: number,
  margin: number,
): HeldWindow {
  const now = new Map<number, Alert>();
  for (const a of current) now.set(a.id, a);
  let present = 0;
  for (const id of order.ids) if (now.has(id)) present++;
  const range = rowRange(start, count, margin, order.ids.length);
  const rows: Alert[] = [];
  const gone: number[] = [];
  for (let i = range.from; i < range.to; i++) {
    const id = order.ids[i]!;
    const alert = now.get(id);
    if (alert) {
      order.last.set(id, alert);
      rows.push(alert);
    } else {
      rows.push(order.last.get(id)!);
      gone.push(id);
    }
  }
  return {
    from: range.from,
    rows,
    total: order.ids.length,
    held: current.length - present,
    gone,
  };
}
