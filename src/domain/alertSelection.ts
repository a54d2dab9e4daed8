/** Request bodies for acting on selected alerts (SPEC §4 "Alerts: pending, acknowledged", §7). */
import type { Alert, AlertAckRequest, AlertDeleteRequest } from '../contract/alerts.ts';

/** AL1: acknowledge only what is still pending; null when nothing selected is pending. */
export function alertAckRequest(selected: readonly Alert[]): AlertAckRequest | null {
  const ids = [...new Set(selected.filter((a) => a.state === 'pending').map((a) => a.id))];
  return ids.length > 0 ? { ids } : null;
}

/** AL2: the DELETE /api/alerts body: each selected alert once, as {id}. */
export function alertDeleteRequest(selected: readonly Alert[]): AlertDeleteRequest {
  return [...new Set(selected.map((a) => a.id))].map((id) => ({ id }));
}

/**
 * AL3: what "acknowledge the shown alerts" acknowledges (ISA-18.2, EEMUA 191: no blind
 * acknowledgement). Of the rows the list shows (its filter), only the unacknowledged ones;
 * counted per priority for the confirm. A returned alert (gone back to normal, still
 * unacknowledged) that never stood on screen is kept apart: acknowledging it takes it out of
 * the current list unread, so it is included only when the operator chooses so.
 */
export interface ShownAckPlan {
  /** Unacknowledged shown alerts that are acknowledged on confirm. */
  ids: number[];
  /** Of `ids`, how many per priority (ascending priority). */
  byPriority: [priority: number, count: number][];
  /** Returned, unacknowledged alerts that never stood on screen: only by explicit choice. */
  unseenReturned: number[];
  /** Of `unseenReturned`, how many per priority. */
  unseenByPriority: [priority: number, count: number][];
}

function countByPriority(rows: readonly Alert[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const a of rows) counts.set(a.priority, (counts.get(a.priority) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]);
}

export function shownAckPlan(
  shown: readonly Alert[],
  seen: { has(id: number): boolean },
): ShownAckPlan {
  const sure: Alert[] = [];
  const unseen: Alert[] = [];
  for (const a of shown) {
    if (a.state !== 'pending') continue;
    (a.cleared && !seen.has(a.id) ? unseen : sure).push(a);
  }
  return {
    ids: sure.map((a) => a.id),
    byPriority: countByPriority(sure),
    unseenReturned: unseen.map((a) => a.id),
    unseenByPriority: countByPriority(unseen),
  };
}
