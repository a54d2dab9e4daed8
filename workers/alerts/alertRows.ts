/**
 * The rows of one alert list (the current alerts, or one archive query), without any sorted
 * view: what the alarm banner, the horn and the PV alarm states need, loaded with the engine.
 * Sorting, filtering and paging (`alertStore.ts`) attach as an observer once a tab opens an
 * alert list, so the worker's start stays small (DESIGN.md worker budget).
 */
import type { AckedAlert, Alert } from '../../src/contract/alerts.ts';
import type { AlertCounts } from '../engineProtocol.ts';

/** Above this many rows changed at once, views re-sort instead of placing each row. */
export const BULK_THRESHOLD_ROWS = 256;

export interface AlertEntry {
  alert: Alert;
  /** Insertion sequence: the stable tie-break. Map order of the rows is ascending seq. */
  seq: number;
  /**
   * The alert's text by number within this list (FilterField.textId), given by the sorted
   * views once a tab opens the list (`alertStore.ts`); -1 until then or without one.
   */
  textId: number;
}

/** Told of every change, in order (the sorted views of `alertStore.ts`). */
export interface AlertRowsObserver {
  /** Everything changed (replaceAll, clear, a bulk change); told once the rows are in. */
  reset(): void;
  /** One row was put; `old` is the entry it replaced. */
  put(entry: AlertEntry, old: AlertEntry | undefined): void;
  /** Rows left; `bulk` when more than BULK_THRESHOLD_ROWS at once. */
  removed(entries: readonly AlertEntry[], bulk: boolean): void;
}

/**
 * The rows keep the alert objects they are given and hand the same objects out: callers treat
 * them as immutable (a change is a new object through upsert/patch/ack).
 */
export class AlertRows {
  private readonly entries = new Map<number, AlertEntry>();
  private nextSeq = 0;
  private versionNumber = 0;
  private observer: AlertRowsObserver | null = null;

  get size(): number {
    return this.entries.size;
  }

  /** Increases with every change; a tab compares it to know its window is outdated. */
  get version(): number {
    return this.versionNumber;
  }

  /** The one observer (the sorted views); it starts from the rows held now. */
  observe(observer: AlertRowsObserver): void {
    this.observer = observer;
  }

  get(id: number): Alert | undefined {
    return this.entries.get(id)?.alert;
  }

  entry(id: number): AlertEntry | undefined {
    return this.entries.get(id);
  }

  /** Every row in insertion order (ascending seq). */
  allEntries(): IterableIterator<AlertEntry> {
    return this.entries.values();
  }

  /** Every alert, in insertion order. */
  *alerts(): IterableIterator<Alert> {
    for (const e of this.entries.values()) yield e.alert;
  }

  /** Inserts a new alert or replaces the row with the same id. */
  upsert(alert: Alert): void {
    this.applyChanges([alert]);
  }

  upsertMany(alerts: readonly Alert[]): void {
    this.applyChanges(alerts);
  }

  /** Replaces the whole content, e.g. after loading a new date range. */
  replaceAll(alerts: readonly Alert[]): void {
    this.entries.clear();
    this.applyChanges(alerts, true);
  }

  /** Changes some fields of one alert (e.g. cleared); false when the id is unknown. */
  patch(id: number, changes: Partial<Omit<Alert, 'id'>>): boolean {
    const current = this.entries.get(id)?.alert;
    if (!current) return false;
    this.applyChanges([{ ...current, ...changes, id }]);
    return true;
  }

  /** Marks alerts acknowledged (ackAlert / ackAlerts / ack result); unknown ids are skipped. */
  ack(acked: readonly AckedAlert[]): number {
    const changed: Alert[] = [];
    for (const a of acked) {
      const current = this.entries.get(a.id)?.alert;
      if (!current) continue;
      changed.push({
        ...current,
        state: 'acknowledged',
        acknowledgedBy: a.acknowledgedBy,
        acknowledgedAt: a.acknowledgedAt,
      });
    }
    this.applyChanges(changed);
    return changed.length;
  }

  /** Removes alerts by id (deletedAlerts / delete result); returns how many existed. */
  remove(ids: readonly number[]): number {
    const removed: AlertEntry[] = [];
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue;
      this.entries.delete(id);
      removed.push(e);
    }
    if (removed.length === 0) return 0;
    this.versionNumber++;
    this.observer?.removed(removed, removed.length > BULK_THRESHOLD_ROWS);
    return removed.length;
  }

  clear(): void {
    this.replaceAll([]);
  }

  /** `bulk`: the views re-sort once (reset) instead of placing each row; replaceAll always. */
  private applyChanges(alerts: readonly Alert[], bulk = alerts.length > BULK_THRESHOLD_ROWS): void {
    if (alerts.length === 0 && !bulk) return;
    this.versionNumber++;
    for (const alert of alerts) {
      const old = this.entries.get(alert.id);
      // An update keeps the row's place among equal sort values (stable).
      const entry: AlertEntry = { alert, seq: old ? old.seq : this.nextSeq++, textId: -1 };
      this.entries.set(alert.id, entry);
      if (!bulk) this.observer?.put(entry, old);
    }
    if (bulk) this.observer?.reset();
  }
}

/** The counts last taken of a list, while its version holds (every tab's banner asks). */
const counted = new WeakMap<AlertRows, { version: number; counts: AlertCounts }>();

/**
 * The banner's counts (AL2): in one pass over the rows, without sorting. Newest first with
 * ties in insertion order, as the default sort of the list shows them. Taken once per change
 * of the list, not once per tab: in a flood every tab's banner asked on every frame.
 */
export function alertCounts(rows: AlertRows, ready: boolean): AlertCounts {
  const last = counted.get(rows);
  if (last && last.version === rows.version && last.counts.ready === ready) return last.counts;
  let pending = 0;
  let active = 0;
  let top: Alert | null = null;
  let latest: Alert | null = null;
  for (const { alert: a } of rows.allEntries()) {
    if (!a.cleared) active++;
    if (a.state !== 'pending') continue;
    pending++;
    // Rows come in insertion order: on equal time the earlier one stays.
    if (!latest || a.timestamp > latest.timestamp) latest = a;
    // The newest of the highest priority (0 highest).
    if (
      !top ||
      a.priority < top.priority ||
      (a.priority === top.priority && a.timestamp > top.timestamp)
    )
      top = a;
  }
  const counts = { pending, active, top, latest, ready };
  counted.set(rows, { version: rows.version, counts });
  return counts;
}
