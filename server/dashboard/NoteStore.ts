/** Dashboard notes (SPEC §3 "Other") in SQLite; a note never written reads as its default. */
import type { DashboardNote } from '../../src/contract/dashboard.ts';
import type { Db } from '../store/db.ts';

export class NoteStore {
  constructor(
    private readonly db: Db,
    /** Every note the dashboards use, with the text it has before anyone edits it. */
    private readonly defaults: ReadonlyMap<number, string>,
  ) {}

  has(id: number): boolean {
    return this.defaults.has(id);
  }

  get(id: number): DashboardNote {
    const row = this.db.prepare('SELECT note FROM dashboard_notes WHERE id = ?').get(id) as
      { note: string } | undefined;
    return { id, note: row?.note ?? this.defaults.get(id) ?? '' };
  }

  all(): DashboardNote[] {
    return [...this.defaults.keys()].map((id) => this.get(id));
  }

  save(note: DashboardNote, user: string, now: number): DashboardNote {
    this.db
      .prepare(
        `INSERT INTO dashboard_notes (id, note, updated_by, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET note = excluded.note, updated_by = excluded.updated_by,
         updated_at = excluded.updated_at`,
      )
      .run(note.id, note.note, user, now);
    return this.get(note.id);
  }
}
