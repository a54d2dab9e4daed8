/**
 * The value store's slots (workers/PvValueStore.ts, pvKeyIndex.ts) and the slot sets of
 * tabs (workers/slotSets.ts): keys interned by type and nr, no string kept per PV.
 */
import { describe, expect, it } from 'vitest';
import { parsePvKey, pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { PvLeases } from '../../../workers/pvLeases.ts';
import { PvValueStore } from '../../../workers/PvValueStore.ts';
import { parseCanonicalKey, parsed } from '../../../workers/pvKeyIndex.ts';
import { SlotQueue, SlotSet } from '../../../workers/slotSets.ts';
import { counterValue } from '../../support/engine/pvValueFixtures.ts';

function double(key: string, value: number, timestamp = 1): PvValue {
  return {
    pvRef: parsePvKey(key)!,
    typeOfValue: 'DoubleValue',
    doubleValue: value,
    quality: 'Good',
    timestamp,
  };
}

/** A small deterministic random sequence. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
}

describe('PV key slots', () => {
  it('VS2: canonical keys parse as pvKey writes them; others do not', () => {
    for (const key of ['ai100001', 'count0', 'minMax7', 'undef9007199254740991']) {
      expect(parseCanonicalKey(key)).toBe(true);
      expect(pvKey({ type: parsePvKey(key)!.type, nr: parsed.nr })).toBe(key);
    }
    for (const key of [
      'ai007',
      'AI1',
      'ai',
      '42',
      'ai1x',
      'xx1',
      'ai-1',
      'ai1.5',
      'ai9007199254740993',
    ])
      expect(parseCanonicalKey(key)).toBe(false);
  });

  it('VS2: slots are found by key and by ref, survive growth, and are reused once freed', () => {
    const store = new PvValueStore();
    const slots = new Map<string, number>();
    for (let nr = 0; nr < 20_000; nr++) {
      const key = `ai${nr * 7}`;
      slots.set(key, store.reserve(key));
    }
    expect(store.slotCapacity).toBeGreaterThanOrEqual(20_000);
    expect(store.slotCapacity).toBeLessThanOrEqual(20_000 * 1.25);
    // Six bytes of index per slot of capacity.
    expect(store.indexBytes).toBe(4 * (store.slotCapacity + (store.slotCapacity >> 1)));
    for (const [key, slot] of slots) {
      expect(store.slotOf(key)).toBe(slot);
      expect(store.slotOfRef(parsePvKey(key)!)).toBe(slot);
      expect(store.keyOf(slot)).toBe(key);
    }
    expect(store.slotOf('ao0')).toBe(-1);
    expect(store.slotOf('ai1')).toBe(-1);
    const freed = slots.get('ai700')!;
    store.deleteAt(freed);
    expect(store.slotOf('ai700')).toBe(-1);
    const reused = store.reserve('di5');
    expect(reused).toBe(freed);
    expect(store.get('di5')).toBeUndefined();
    expect(store.keyOf(reused)).toBe('di5');
  });

  it('VS2: random adds and removes agree with a Map (the index moves entries back on removal)', () => {
    const store = new PvValueStore();
    const reference = new Map<string, number>();
    const next = random(7);
    for (let step = 0; step < 40_000; step++) {
      const key = `${next() < 0.5 ? 'ai' : 'do'}${Math.floor(next() * 3000)}`;
      if (next() < 0.55) {
        const slot = store.reserve(key);
        expect(reference.get(key) ?? slot).toBe(slot);
        reference.set(key, slot);
      } else if (reference.has(key)) {
        store.delete(key);
        reference.delete(key);
      }
    }
    for (let nr = 0; nr < 3000; nr++)
      for (const key of [`ai${nr}`, `do${nr}`])
        expect(store.slotOf(key)).toBe(reference.get(key) ?? -1);
  });

  it('VS3: keys not in canonical form take the side path: leased, valued, freed alike', () => {
    const store = new PvValueStore();
    const canonical = store.reserve('ai7');
    const padded = store.reserve('ai007');
    const negative = store.reserve('ai-5');
    expect(new Set([canonical, padded, negative]).size).toBe(3);
    expect(store.keyOf(padded)).toBe('ai007');
    // A hub value reaches a slot by the key pvKey makes of its ref, as before.
    expect(store.slotOfRef({ type: 'AnaIn', nr: 7 })).toBe(canonical);
    expect(store.slotOfRef({ type: 'AnaIn', nr: -5 })).toBe(negative);
    const value = double('ai7', 2);
    store.setAt(negative, { ...value, pvRef: { type: 'AnaIn', nr: -5 } });
    expect(store.get('ai-5')).toEqual({ ...value, pvRef: { type: 'AnaIn', nr: -5 } });
    expect(store.get('ai007')).toBeUndefined();
    store.delete('ai007');
    expect(store.slotOf('ai007')).toBe(-1);
    expect(store.slotOf('ai7')).toBe(canonical);
    expect(store.reserve('x')).toBe(padded);
  });

  it('VS3: values that are not plain numbers keep their object; a plain value replaces it', () => {
    const store = new PvValueStore();
    const slot = store.reserve('count9');
    store.setAt(slot, counterValue);
    expect(store.getAt(slot)).toEqual(counterValue);
    expect(store.collectSlots(new Set([slot])).others).toEqual([counterValue]);
    const plain: PvValue = { ...double('count9', 3), pvRef: { type: 'ZaehlWert', nr: 9 } };
    store.setAt(slot, plain);
    expect(store.collectSlots(new Set([slot]))).toMatchObject({ others: [] });
    expect(store.getAt(slot)).toEqual(plain);
  });
});

describe('slot sets', () => {
  it('VS4: a slot set grows, counts, and visits in slot order', () => {
    const set = new SlotSet();
    expect(set.has(5000)).toBe(false);
    for (const slot of [5000, 3, 31, 32, 0, 3]) set.add(slot);
    expect(set.size).toBe(5);
    expect(set.toArray()).toEqual([0, 3, 31, 32, 5000]);
    expect(set.delete(31)).toBe(true);
    expect(set.delete(31)).toBe(false);
    expect(set.delete(99_999)).toBe(false);
    expect(set.toArray()).toEqual([0, 3, 32, 5000]);
    set.clear();
    expect(set.size).toBe(0);
    expect(set.toArray()).toEqual([]);
  });

  it('VS4: a slot queue visits each slot once, in the order it was first queued, then is empty', () => {
    const queue = new SlotQueue();
    for (let slot = 200; slot > 0; slot--) queue.add(slot);
    queue.add(7);
    queue.delete(100);
    queue.delete(50);
    queue.add(50);
    const seen: number[] = [];
    queue.forEach((slot) => seen.push(slot));
    expect(seen.length).toBe(199);
    expect(seen.slice(0, 3)).toEqual([200, 199, 198]);
    expect(seen.includes(100)).toBe(false);
    expect(seen.filter((slot) => slot === 50).length).toBe(1);
    expect(queue.size).toBe(0);
    queue.add(3);
    queue.clear();
    expect(queue.has(3)).toBe(false);
    queue.forEach(() => expect.unreachable());
  });

  it('VS4: a burst beyond the list is visited from the bitset, each slot once, and the list stays small', () => {
    const queue = new SlotQueue();
    for (let slot = 0; slot < 20_000; slot++) queue.add(19_999 - slot);
    queue.delete(5);
    expect(queue.size).toBe(19_999);
    const seen: number[] = [];
    queue.forEach((slot) => seen.push(slot));
    expect(seen.length).toBe(19_999);
    expect(new Set(seen).size).toBe(19_999);
    expect(seen.includes(5)).toBe(false);
    expect(queue.size).toBe(0);
    queue.add(9);
    queue.add(3);
    const after: number[] = [];
    queue.forEach((slot) => after.push(slot));
    expect(after).toEqual([9, 3]);
  });
});

describe('PV leases by slot', () => {
  function tab() {
    const dirty: number[] = [];
    const released: number[] = [];
    return {
      pvLeased: new SlotSet(),
      dirty,
      released,
      markPvDirty: (slot: number) => {
        dirty.push(slot);
        return false;
      },
      pvReleased: (slot: number) => released.push(slot),
    };
  }

  it('LK1: a key is added with its first tab, removed with its last; its slot is then reused', () => {
    const store = new PvValueStore();
    const events: string[] = [];
    const leases = new PvLeases(store, {
      added: (key) => events.push(`+${key}`),
      removed: (key) => events.push(`-${key}`),
    });
    const a = tab();
    const b = tab();
    leases.lease(a, ['ai1', 'ai2', 'ai1']);
    leases.lease(b, ['ai2', 'ai007']);
    expect(events).toEqual(['+ai1', '+ai2', '+ai007']);
    expect(leases.keys().sort()).toEqual(['ai007', 'ai1', 'ai2']);
    const two = store.slotOf('ai2');
    const padded = store.slotOf('ai007');
    expect(b.dirty).toEqual([two, padded]);
    // A value reaches exactly the tabs leasing its slot.
    a.dirty.length = 0;
    b.dirty.length = 0;
    leases.changed(store.slotOf('ai1'));
    leases.changed(two);
    expect(a.dirty).toEqual([store.slotOf('ai1'), two]);
    expect(b.dirty).toEqual([two]);
    leases.release(a, ['ai2', 'ai9', 'ai2']);
    expect(events).toHaveLength(3);
    expect(a.released).toEqual([two]);
    expect(leases.has('ai2')).toBe(true);
    leases.dropTab(b);
    expect(events.slice(3).sort()).toEqual(['-ai007', '-ai2']);
    expect(store.slotOf('ai2')).toBe(-1);
    expect(leases.has('ai2')).toBe(false);
    expect(b.pvLeased.size).toBe(0);
    leases.lease(b, ['do5']);
    // Freed slots are reused: the tab's bits and counts start clean for the new key.
    expect([two, padded]).toContain(store.slotOf('do5'));
    expect(leases.keys().sort()).toEqual(['ai1', 'do5']);
    leases.changed(two);
    expect(a.dirty).toEqual([store.slotOf('ai1'), two]);
  });
});
