/**
 * FV2: a visit is saved with the title its page shows, and the subject where the page's kind
 * names one; at the wait's bound any title does (src/features/favorites/visitTitle.ts).
 */
import { describe, expect, it } from 'vitest';
import { visitReady } from '../../../src/features/favorites/visitTitle.ts';

const none = { title: '', subject: undefined };
const general = { title: 'Energieoptimierung', subject: undefined };
const named = { title: 'Rohwasserpumpwerk Talaue', subject: 'Rohwasserpumpwerk Talaue' };

describe('FV2: when a visit has its title', () => {
  it('waits while the page shows no h1, even at the bound', () => {
    for (const wantsSubject of [false, true])
      for (const lastChance of [false, true])
        expect(visitReady(none, wantsSubject, lastChance)).toBe(false);
  });

  it('takes the title of a page without a subject at once', () => {
    expect(visitReady({ title: 'Rohrnetzleckage', subject: undefined }, false, false)).toBe(true);
  });

  it('waits for the subject of a subject page, not its general title', () => {
    expect(visitReady(general, true, false)).toBe(false);
    expect(visitReady(named, true, false)).toBe(true);
  });

  it('takes the general title of a subject page that never names one, at the bound', () => {
    expect(visitReady(general, true, true)).toBe(true);
  });
});
