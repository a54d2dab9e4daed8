/**
 * Chart annotations (SPEC §4 "Annotations") with the REST calls injected.
 *
 * AN1 A change marks the annotation save-pending until it is saved.
 * AN2 While the store is busy (a create, save, delete or load in flight), create, save and
 *     delete requests are ignored and answer 'ignored'.
 * AN3 Saving needs a real id; a draft without one fails with
 *     'cannot update unsaved update annotation'.
 * AN4 New annotations take the SPEC §3 defaults (visible true, report flags false).
 * AN5 A failed call leaves the entries as they were and answers 'error' with the message
 *     (a create from fields leaves no draft behind).
 */
import {
  ANNOTATION_DEFAULTS,
  type Annotation,
  type NewAnnotation,
} from '../../src/contract/charts.ts';

export const UNSAVED_ANNOTATION_ERROR = 'cannot update unsaved update annotation';

export interface AnnotationApi {
  list(): Promise<Annotation[]>;
  /** POST /api/charts/annotations; answers the stored annotation with its id. */
  create(annotation: NewAnnotation): Promise<Annotation>;
  /** PATCH /api/charts/annotations. */
  save(annotation: Annotation): Promise<void>;
  /** POST /api/charts/delete-annotations. */
  delete(ids: number[]): Promise<void>;
}

/** An entry: a stored annotation (id set) or a local draft (id null). */
export interface AnnotationEntry {
  key: string;
  annotation: Omit<Annotation, 'id'> & { id: number | null };
  savePending: boolean;
}

export type AnnotationResult =
  { status: 'ok' } | { status: 'ignored' } | { status: 'error'; message: string };

export type AnnotationDraftInput = Pick<Annotation, 'timestamp' | 'pv' | 'dataSource' | 'text'> &
  Partial<Pick<Annotation, keyof typeof ANNOTATION_DEFAULTS>>;

const OK: AnnotationResult = { status: 'ok' };
const IGNORED: AnnotationResult = { status: 'ignored' };

function keyOfId(id: number): string {
  return `id:${id}`;
}

export class AnnotationStore {
  private entries: AnnotationEntry[] = [];
  private busyCount = 0;
  private draftCounter = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly api: AnnotationApi) {}

  get busy(): boolean {
    return this.busyCount > 0;
  }

  /** Current entries; the array is replaced on each change (fit for useSyncExternalStore). */
  get all(): readonly AnnotationEntry[] {
    return this.entries;
  }

  entry(key: string): AnnotationEntry | undefined {
    return this.entries.find((e) => e.key === key);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Replaces the entries with the server's list; drafts are kept. */
  async load(): Promise<AnnotationResult> {
    return this.run(async () => {
      const list = await this.api.list();
      const drafts = this.entries.filter((e) => e.annotation.id === null);
      this.commit([
        ...list.map((a) => ({ key: keyOfId(a.id), annotation: a, savePending: false })),
        ...drafts,
      ]);
    });
  }

  /** A local draft (AN4), not yet sent; returns its key. */
  addDraft(input: AnnotationDraftInput): string {
    const key = `draft:${++this.draftCounter}`;
    const annotation = { ...ANNOTATION_DEFAULTS, ...input, id: null };
    this.commit([...this.entries, { key, annotation, savePending: true }]);
    return key;
  }

  /** AN1: applies a change locally and marks the entry save-pending. */
  change(key: string, patch: Partial<Omit<Annotation, 'id'>>): boolean {
    const e = this.entry(key);
    if (!e) return false;
    this.replace(key, { ...e, annotation: { ...e.annotation, ...patch }, savePending: true });
    return true;
  }

  /** AN2, AN4: sends a draft (by key) or new fields to the server. */
  create(source: string | AnnotationDraftInput): Promise<AnnotationResult> {
    if (this.busy) return Promise.resolve(IGNORED);
    const key = typeof source === 'string' ? source : this.addDraft(source);
    const e = this.entry(key);
    if (!e) return Promise.resolve({ status: 'error', message: `unknown annotation ${key}` });
    const { id, ...fields } = e.annotation;
    if (id !== null) return Promise.resolve({ status: 'error', message: `${key} is stored` });
    const result = this.run(async () => {
      const stored = await this.api.create(fields);
      this.replace(key, { key: keyOfId(stored.id), annotation: stored, savePending: false });
    });
    if (typeof source === 'string') return result;
    // AN5: created from fields, a failed call leaves no draft behind (the dialog that holds the
    // fields sends them again; a kept draft would show twice once that succeeds).
    return result.then((r) => {
      if (r.status === 'error') this.commit(this.entries.filter((e) => e.key !== key));
      return r;
    });
  }

  /** AN2, AN3: sends a changed annotation. */
  save(key: string): Promise<AnnotationResult> {
    if (this.busy) return Promise.resolve(IGNORED);
    const e = this.entry(key);
    if (!e) return Promise.resolve({ status: 'error', message: `unknown annotation ${key}` });
    const { id, ...fields } = e.annotation;
    if (id === null) return Promise.reject(new Error(UNSAVED_ANNOTATION_ERROR));
    const annotation: Annotation = { ...fields, id };
    return this.run(async () => {
      await this.api.save(annotation);
      const now = this.entry(key);
      // A change made while saving stays pending.
      if (now && now.annotation === e.annotation) this.replace(key, { ...now, savePending: false });
    });
  }

  /** AN2: deletes entries; drafts are dropped locally, stored ones on the server. */
  delete(keys: readonly string[]): Promise<AnnotationResult> {
    if (this.busy) return Promise.resolve(IGNORED);
    const chosen = this.entries.filter((e) => keys.includes(e.key));
    const ids = chosen.flatMap((e) => (e.annotation.id === null ? [] : [e.annotation.id]));
    const drop = (): void => this.commit(this.entries.filter((e) => !keys.includes(e.key)));
    if (ids.length === 0) {
      drop();
      return Promise.resolve(OK);
    }
    return this.run(async () => {
      await this.api.delete(ids);
      drop();
    });
  }

  private async run(call: () => Promise<void>): Promise<AnnotationResult> {
    this.busyCount++;
    this.emit();
    try {
      await call();
      return OK;
    } catch (error) {
      return { status: 'error', message: error instanceof Error ? error.message : String(error) };
    } finally {
      this.busyCount--;
      this.emit();
    }
  }

  private replace(key: string, next: AnnotationEntry): void {
    this.commit(this.entries.map((e) => (e.key === key ? next : e)));
  }

  private commit(entries: AnnotationEntry[]): void {
    this.entries = entries;
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
