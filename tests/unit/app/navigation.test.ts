import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../../../src/app/navigation.ts';

describe('navigation areas', () => {
  it('NAV1: every area has an icon of its own', () => {
    const byIcon = new Map<string, string[]>();
    for (const item of NAV_ITEMS)
      byIcon.set(item.icon, [...(byIcon.get(item.icon) ?? []), item.path]);
    const shared = [...byIcon].filter(([, paths]) => paths.length > 1);
    expect(shared).toEqual([]);
    expect(byIcon.size).toBe(NAV_ITEMS.length);
  });
});
