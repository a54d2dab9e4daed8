/**
 * Machine life-cycle entries (SPEC §3 "Maintenance lifecycle entry") in SQLite. A save is one
 * batch of creates, updates and deletes in one transaction: every entry is checked first, and
 * one that fails leaves the whole batch unapplied (rule MA5).
 */
import type {
  LifecycleEntry,
  LifecycleEntryInput,
  LifecycleKind,
  LifecycleSaveResult,
} from '../../src/contract/maintenance.ts';
import type { PvType, ServiceMessageType } from '../../src/contract/enums.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Db } from '../store/db.ts';

interface Row {
  id: number;
  pv_type: string;
  pv_nr: number;
  ts: number;
  kind: string;
  description: string;
  performed_by: string;
  service_type: string | null;
  runtime_at_entry: number | null;
  changed_by: string;
  changed_at: number;
}

const entryOf = (r: Row): LifecycleEntry => ({
  id: r.id,
  pvType: r.pv_type as PvType,
  pvNr: r.pv_nr,
  maintenanceTimestamp: r.ts,
  kind: r.kind as LifecycleKind,
  description: r.description,
  performedBy: r.performed_by,
  serviceMessageType: r.service_type as ServiceMessageType | null,
  runtimeAtEntry: r.runtime_at_entry,
  changedBy: r.changed_by,
  changedAt: r.changed_at,
});

/** A batch that cannot be applied: nothing of it is stored. */
export class BatchRefused extends Error {}

export interface BatchHooks {
  /** The machine's operating hours at the entry's date (MA10), stored with a new entry. */
  runtimeAt(ref: PvRef, at: number): number | null;
  /** Called inside the transaction for each stored entry that records a service. */
  onService(ref: PvRef, type: ServiceMessageType): void;
}

export class LifecycleStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  list(ref: PvRef): LifecycleEntry[] {
    return (
      this.db
        .prepare(
          'SELECT * FROM lifecycle_entries WHERE pv_type = ? AND pv_nr = ? ORDER BY ts DESC, id DESC',
        )
        .all(ref.type, ref.nr) as Row[]
    ).map(entryOf);
  }

  private get(id: number): Row | undefined {
    return this.db.prepare('SELECT * FROM lifecycle_entries WHERE id = ?').get(id) as
      Row | undefined;
  }

  /** Applies the batch in one transaction; throws BatchRefused and changes nothing on failure. */
  save(
    ref: PvRef,
    batch: {
      entriesToCreate: LifecycleEntryInput[];
      entriesToUpdate: (LifecycleEntryInput & { id: number })[];
      idsToDelete: number[];
    },
    user: string,
    hooks: BatchHooks,
  ): LifecycleSaveResult {
    const now = this.now();
    return this.db.transaction((): LifecycleSaveResult => {
      const owned = (id: number) => {
        const row = this.get(id);
        if (!row || row.pv_type !== ref.type || row.pv_nr !== ref.nr)
          throw new BatchRefused(`Entry ${id} does not exist for ${ref.type} ${ref.nr}`);
        return row;
      };
      const touched = new Set<number>();
      for (const id of [...batch.entriesToUpdate.map((e) => e.id), ...batch.idsToDelete]) {
        if (touched.has(id)) throw new BatchRefused(`Entry ${id} is named twice in the batch`);
        touched.add(id);
      }
      const deletedIds: number[] = [];
      for (const id of batch.idsToDelete) {
        owned(id);
        this.db.prepare('DELETE FROM lifecycle_entries WHERE id = ?').run(id);
        deletedIds.push(id);
      }
      const updated: LifecycleEntry[] = [];
      for (const e of batch.entriesToUpdate) {
        owned(e.id);
        this.db
          .prepare(
            'UPDATE lifecycle_entries SET ts = ?, kind = ?, description = ?, performed_by = ?, service_type = ?, changed_by = ?, changed_at = ? WHERE id = ?',
          )
          .run(
            e.maintenanceTimestamp,
            e.kind,
            e.description,
            e.performedBy,
            e.serviceMessageType,
            user,
            now,
            e.id,
          );
        updated.push(entryOf(this.get(e.id)!));
        if (e.serviceMessageType) hooks.onService(ref, e.serviceMessageType);
      }
      const created: LifecycleEntry[] = [];
      for (const e of batch.entriesToCreate) {
        const info = this.db
          .prepare(
            'INSERT INTO lifecycle_entries (pv_type, pv_nr, ts, kind, description, performed_by, service_type, runtime_at_entry, changed_by, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            ref.type,
            ref.nr,
            e.maintenanceTimestamp,
            e.kind,
            e.description,
            e.performedBy,
            e.serviceMessageType,
            hooks.runtimeAt(ref, e.maintenanceTimestamp),
            user,
            now,
          );
        created.push(entryOf(this.get(Number(info.lastInsertRowid))!));
        if (e.serviceMessageType) hooks.onService(ref, e.serviceMessageType);
      }
      return { status: 'Success', message: '', created, updated, deletedIds };
    })();
  }
}
