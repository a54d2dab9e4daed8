/**
 * External documents of a machine's data sheet (SPEC §3 "External document"): metadata in
 * SQLite, files under PEGEL_DATA_DIR/documents (outside the web root) under generated names.
 * The stored content type is the one the file's bytes show, never the one the browser sent
 * (rules MA6-MA8 of SPEC.md beside this file).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasheetDocument, DocType } from '../../src/contract/maintenance.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Db } from '../store/db.ts';

interface Row {
  id: number;
  pv_type: string;
  pv_nr: number;
  description: string;
  doc_type: string;
  target: string | null;
  file_name: string | null;
  stored_name: string | null;
  content_type: string | null;
  size: number | null;
  uploaded_by: string;
  uploaded_at: number;
}

const docOf = (r: Row): DatasheetDocument => ({
  id: r.id,
  description: r.description,
  docType: r.doc_type as DocType,
  target: r.target,
  fileName: r.file_name,
  contentType: r.content_type,
  size: r.size,
  uploadedBy: r.uploaded_by,
  uploadedAt: r.uploaded_at,
});

/** The content type the bytes show, or null when the file is none of the accepted kinds. */
export function sniffContentType(bytes: Buffer): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  // Plain text: valid UTF-8 without control characters other than tab and line breaks.
  const text = bytes.toString('utf8');
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!text.includes('\uFFFD') && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text))
    return 'text/plain';
  return null;
}

/** A file name as the user gave it, refused when it holds a path or control characters. */
export function safeFileName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[/\\\u0000-\u001F\u007F]/.test(trimmed) || trimmed === '.' || trimmed.includes('..'))
    return null;
  return trimmed;
}

export interface NewDocument {
  description: string;
  docType: DocType;
  target: string | null;
  file: { name: string; bytes: Buffer; contentType: string } | null;
}

export class DocumentStore {
  private readonly dir: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.dir = join(dataDir, 'documents');
    mkdirSync(this.dir, { recursive: true });
  }

  list(ref: PvRef): DatasheetDocument[] {
    return (
      this.db
        .prepare(
          'SELECT * FROM datasheet_documents WHERE pv_type = ? AND pv_nr = ? ORDER BY uploaded_at DESC, id DESC',
        )
        .all(ref.type, ref.nr) as Row[]
    ).map(docOf);
  }

  get(id: number): (DatasheetDocument & { pvRef: PvRef }) | null {
    const row = this.db.prepare('SELECT * FROM datasheet_documents WHERE id = ?').get(id) as
      Row | undefined;
    return row ? { ...docOf(row), pvRef: { type: row.pv_type, nr: row.pv_nr } as PvRef } : null;
  }

  /** The file's bytes; null for a link or a file that went missing. */
  read(id: number): Buffer | null {
    const row = this.db
      .prepare('SELECT stored_name FROM datasheet_documents WHERE id = ?')
      .get(id) as { stored_name: string | null } | undefined;
    if (!row?.stored_name) return null;
    try {
      return readFileSync(join(this.dir, row.stored_name));
    } catch {
      return null;
    }
  }

  /** Writes the file, then the row; a failed insert removes the file again. */
  add(ref: PvRef, doc: NewDocument, user: string): DatasheetDocument {
    const stored = doc.file ? randomUUID() : null;
    if (doc.file && stored) writeFileSync(join(this.dir, stored), doc.file.bytes, { flag: 'wx' });
    try {
      const info = this.db
        .prepare(
          'INSERT INTO datasheet_documents (pv_type, pv_nr, description, doc_type, target, file_name, stored_name, content_type, size, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          ref.type,
          ref.nr,
          doc.description,
          doc.docType,
          doc.target,
          doc.file?.name ?? null,
          stored,
          doc.file?.contentType ?? null,
          doc.file?.bytes.length ?? null,
          user,
          this.now(),
        );
      return this.get(Number(info.lastInsertRowid))!;
    } catch (err) {
      if (stored) rmSync(join(this.dir, stored), { force: true });
      throw err;
    }
  }

  /** Removes row and file; false when there is no such document. */
  remove(id: number): boolean {
    const row = this.db
      .prepare('SELECT stored_name FROM datasheet_documents WHERE id = ?')
      .get(id) as { stored_name: string | null } | undefined;
    if (!row) return false;
    this.db.prepare('DELETE FROM datasheet_documents WHERE id = ?').run(id);
    if (row.stored_name) rmSync(join(this.dir, row.stored_name), { force: true });
    return true;
  }

  /** Number of stored files (tests: nothing stored after a refused upload). */
  fileCount(): number {
    return (
      this.db
        .prepare('SELECT COUNT(*) AS n FROM datasheet_documents WHERE stored_name IS NOT NULL')
        .get() as { n: number }
    ).n;
  }
}
