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
