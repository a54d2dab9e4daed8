/** DESIGN.md "Leases are counted": the registry says when a key gains its first tab and loses its last. */
import { describe, expect, it } from 'vitest';
import { SubscriptionRegistry } from '../../../workers/SubscriptionRegistry.ts';

describe('SubscriptionRegistry', () => {
  it('RG1: a key is new with its first tab and gone with its last, however tabs come and go', () => {
    const r = new SubscriptionRegistry();
    expect(r.add('pvValue', 'k', 'a')).toBe(true);
    expect(r.add('pvValue', 'k', 'a')).toBe(false);
    expect(r.tabsOf('pvValue', 'k')).toEqual(['a']);
    expect(r.add('pvValue', 'k', 'b')).toBe(false);
    expect(r.add('pvValue', 'k', 'c')).toBe(false);
    expect(r.tabsOf('pvValue', 'k').sort()).toEqual(['a', 'b', 'c']);
    expect(r.remove('pvValue', 'k', 'x')).toBe(false);
    expect(r.remove('pvValue', 'k', 'a')).toBe(false);
    expect(r.remove('pvValue', 'k', 'c')).toBe(false);
    expect(r.leasing('pvValue', 'k')).toBe('b');
    expect(r.add('pvValue', 'k', 'd')).toBe(false);
    expect(r.remove('pvValue', 'k', 'b')).toBe(false);
    expect(r.remove('pvValue', 'k', 'd')).toBe(true);
    expect(r.has('pvValue', 'k')).toBe(false);
    expect(r.tabsOf('pvValue', 'k')).toEqual([]);
    expect(r.remove('pvValue', 'k', 'd')).toBe(false);
  });

  it('RG2: kinds are separate', () => {
    const r = new SubscriptionRegistry();
    r.add('pvValue', 'k', 'a');
    expect(r.has('pvConfig', 'k')).toBe(false);
    expect(r.add('pvConfig', 'k', 'a')).toBe(true);
    expect(r.keysOf('pvValue')).toEqual(['k']);
  });
});
