/**
 * A frame's rows arrive as new objects (structured clone from the engine), every row on every
 * frame. The rows that did not change keep their object from the frame before, so the list
 * re-renders only the rows that changed or came into view (the rows are memoised): a scroll
 * step draws the rows it brings, not the whole window again.
 */
import type { Alert } from '../contract/alerts.ts';
import type { AlertViewFrame } from '../../workers/engineProtocol.ts';

/** Equal own fields; object fields (a PV reference, a source) compared field by field. */
export function sameRow(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    const u = x[key];
    const v = y[key];
    if (u === v) continue;
    if (typeof u !== 'object' || typeof v !== 'object' || u === null || v === null) return false;
    const inner = Object.keys(u);
    if (inner.length !== Object.keys(v).length) return false;
    for (const k of inner)
      if ((u as Record<string, unknown>)[k] !== (v as Record<string, unknown>)[k]) return false;
  }
  return true;
}

/** `next` with each row equal to one of `prev` (same id) replaced by that older object. */
export function keepUnchangedRows(prev: AlertViewFrame, next: AlertViewFrame): AlertViewFrame {
  if (prev.rows.length === 0 || next.rows.length === 0) return next;
  const before = new Map<number, Alert>();
  for (const row of prev.rows) before.set(row.id, row);
  let kept = 0;
  const rows = next.rows.map((row) => {
    const old = before.get(row.id);
    if (old === undefined || !sameRow(old, row)) return row;
    kept++;
    return old;
  });
  return kept === 0 ? next : { ...next, rows };
}
