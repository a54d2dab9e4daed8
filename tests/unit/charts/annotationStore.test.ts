import { describe, expect, it } from 'vitest';
import type { Annotation, NewAnnotation } from '../../../src/contract/charts.ts';
import {
  AnnotationStore,
  UNSAVED_ANNOTATION_ERROR,
  type AnnotationApi,
} from '../../../workers/charts/annotationStore.ts';

/** A fake REST side with a log of what it received; calls wait until release(). */
class FakeApi implements AnnotationApi {
  received: string[] = [];
  stored: Annotation[] = [];
  fail: string | null = null;
  private nextId = 100;
  private gates: (() => void)[] = [];

  release(): void {
    for (const g of this.gates.splice(0)) g();
  }

  private async gate(): Promise<void> {
    await new Promise<void>((resolve) => this.gates.push(resolve));
    if (this.fail) throw new Error(this.fail);
  }

  async list(): Promise<Annotation[]> {
    this.received.push('list');
    await this.gate();
    return this.stored;
  }

  async create(a: NewAnnotation): Promise<Annotation> {
    this.received.push(`create ${a.text}`);
    await this.gate();
    return { ...a, id: this.nextId++ };
  }

  async save(a: Annotation): Promise<void> {
    this.received.push(`save ${a.id} ${a.text}`);
    await this.gate();
  }

  async delete(ids: number[]): Promise<void> {
    this.received.push(`delete ${ids.join(',')}`);
    await this.gate();
  }
}

const draft = {
  timestamp: 1_767_222_000_000,
  pv: { type: 'AnaIn', nr: 100001 },
  dataSource: 'MeasurementArchive',
  text: 'Pumpe getauscht',
} as const;

async function settle(api: FakeApi, p: Promise<unknown>): Promise<void> {
  await Promise.resolve();
  api.release();
  await p;
}

/** The draft as the server stores it under `id`: visible, in no report unless `patch` says. */
function savedDraft(id: number, patch: Partial<Annotation> = {}): Annotation {
  return {
    ...draft,
    id,
    visible: true,
    showInDayReport: false,
    showInWeekReport: false,
    showInMonthReport: false,
    showInYearReport: false,
    ...patch,
  };
}

/** A store that has loaded `stored` from a fake REST side. */
async function loaded(stored: Annotation[]) {
  const api = new FakeApi();
  api.stored = stored;
  const store = new AnnotationStore(api);
  await settle(api, store.load());
  return { api, store };
}

describe('SPEC §4 annotations', () => {
  it('AN4: new annotations take the defaults; create stores them with the server id', async () => {
    const api = new FakeApi();
    const store = new AnnotationStore(api);
    const p = store.create(draft);
    expect(store.busy).toBe(true);
    await settle(api, p);
    expect(await p).toEqual({ status: 'ok' });
    expect(store.busy).toBe(false);
    expect(store.all).toHaveLength(1);
    expect(store.all[0]).toMatchObject({
      key: 'id:100',
      savePending: false,
      annotation: {
        id: 100,
        visible: true,
        showInDayReport: false,
        showInWeekReport: false,
        showInMonthReport: false,
        showInYearReport: false,
      },
    });
  });

  it('AN1: a change marks the annotation save-pending until saved', async () => {
    const { api, store } = await loaded([savedDraft(5, { showInDayReport: true })]);
    expect(store.entry('id:5')?.savePending).toBe(false);
    expect(store.change('id:5', { text: 'Neu' })).toBe(true);
    expect(store.entry('id:5')).toMatchObject({ savePending: true, annotation: { text: 'Neu' } });
    const p = store.save('id:5');
    await settle(api, p);
    expect(await p).toEqual({ status: 'ok' });
    expect(api.received).toEqual(['list', 'save 5 Neu']);
    expect(store.entry('id:5')?.savePending).toBe(false);
    expect(store.change('nope', { text: 'x' })).toBe(false);
  });

  it('AN2: while busy, create, save and delete are ignored', async () => {
    const { api, store } = await loaded([savedDraft(5)]);
    const running = store.save('id:5');
    expect(await store.create(draft)).toEqual({ status: 'ignored' });
    expect(await store.save('id:5')).toEqual({ status: 'ignored' });
    expect(await store.delete(['id:5'])).toEqual({ status: 'ignored' });
    await settle(api, running);
    expect(api.received).toEqual(['list', 'save 5 Pumpe getauscht']);
    expect(store.all).toHaveLength(1);
    const del = store.delete(['id:5']);
    await settle(api, del);
    expect(api.received.at(-1)).toBe('delete 5');
    expect(store.all).toHaveLength(0);
  });

  it("AN3: saving a draft without an id fails with 'cannot update unsaved update annotation'", async () => {
    const api = new FakeApi();
    const store = new AnnotationStore(api);
    const key = store.addDraft(draft);
    expect(store.entry(key)?.annotation.id).toBeNull();
    await expect(store.save(key)).rejects.toThrow(UNSAVED_ANNOTATION_ERROR);
    expect(UNSAVED_ANNOTATION_ERROR).toBe('cannot update unsaved update annotation');
    expect(api.received).toEqual([]);
    // A draft is removed locally without a call.
    expect(await store.delete([key])).toEqual({ status: 'ok' });
    expect(store.all).toHaveLength(0);
  });

  it('AN5: a failed call keeps the entries and reports the message', async () => {
    const api = new FakeApi();
    api.fail = 'HTTP 500';
    const store = new AnnotationStore(api);
    const key = store.addDraft(draft);
    const p = store.create(key);
    await settle(api, p);
    expect(await p).toEqual({ status: 'error', message: 'HTTP 500' });
    expect(store.entry(key)).toMatchObject({ savePending: true, annotation: { id: null } });
    expect(store.busy).toBe(false);
  });

  it('AN5b: a failed create from fields leaves no draft; sent again, it is there once', async () => {
    const api = new FakeApi();
    api.fail = 'Failed to fetch';
    const store = new AnnotationStore(api);
    const first = store.create(draft);
    await settle(api, first);
    expect(await first).toEqual({ status: 'error', message: 'Failed to fetch' });
    expect(store.all).toEqual([]);
    api.fail = null;
    const second = store.create(draft);
    await settle(api, second);
    expect(await second).toEqual({ status: 'ok' });
    expect(store.all.map((e) => e.annotation.text)).toEqual([draft.text]);
  });

  it('AN6: a change made while saving stays pending; listeners hear changes', async () => {
    const api = new FakeApi();
    const store = new AnnotationStore(api);
    const created = store.create(draft);
    await settle(api, created);
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    store.change('id:100', { text: 'a' });
    const saving = store.save('id:100');
    store.change('id:100', { text: 'b' });
    await settle(api, saving);
    expect(store.entry('id:100')).toMatchObject({ savePending: true, annotation: { text: 'b' } });
    expect(heard).toBeGreaterThan(0);
    stop();
  });
});
