import { describe, expect, it } from 'vitest';
import { splitLimitWords } from '../../../src/domain/limitWords.ts';
import { knownPriorityNameKey } from '../../../src/features/shared/alarm/usePriorities.ts';
import { PRIORITIES } from '../../../server/alerts/priorities.ts';
import de from '../../../locales/de.json';
import ru from '../../../locales/ru.json';

describe('alarm texts and priority names in the user language', () => {
  it('LW1: the limit an alarm text ends with is found, "zu hoch" before "hoch"', () => {
    expect(splitLimitWords('Wasserwerk Talaue: Druck zu hoch')).toEqual({
      head: 'Wasserwerk Talaue: Druck',
      limit: 'Top',
    });
    expect(splitLimitWords('Wasserwerk Talaue: Druck hoch')).toEqual({
      head: 'Wasserwerk Talaue: Druck',
      limit: 'TopMiddle',
    });
    expect(splitLimitWords('Füllstand zu niedrig')).toEqual({ head: 'Füllstand', limit: 'Bottom' });
    expect(splitLimitWords('Füllstand niedrig')).toEqual({
      head: 'Füllstand',
      limit: 'BottomMiddle',
    });
    expect(splitLimitWords('zu hoch')).toEqual({ head: '', limit: 'Top' });
    // Other texts, and words that only end like a limit, stay as they are.
    expect(splitLimitWords('Pumpwerk Süd: Netzausfall')).toBeNull();
    expect(splitLimitWords('Hochbehälter Kirchberg: Türkontakt Hochbehälter')).toBeNull();
    expect(ru.alarmState.limitWords.Top).toBe('слишком высоко');
    expect(de.alarmState.limitWords.Top).toBe('zu hoch');
  });

  it("PN1: every reference-server priority name has a translation; a plant's own names have none", () => {
    for (const p of PRIORITIES) {
      const key = knownPriorityNameKey(p.name);
      expect(key, p.name).not.toBeNull();
      expect(de.alerts.priorityNames[key!]).toBe(p.name);
      expect(ru.alerts.priorityNames[key!]).not.toBe(p.name);
    }
    expect(knownPriorityNameKey('Störung Klasse A')).toBeNull();
    expect(knownPriorityNameKey('toString')).toBeNull();
  });
});
