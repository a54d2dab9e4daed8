import { describe, expect, it } from 'vitest';
import { splitForMiddle } from '../../../src/ui/MiddleText.tsx';

describe('splitForMiddle (issue 12 item 5)', () => {
  it('keeps the distinguishing last words whole', () => {
    expect(splitForMiddle('Wasserstand Brunnen 1')).toEqual(['Wasserstand', ' Brunnen 1']);
    expect(splitForMiddle('Regenüberlaufbecken RÜ 2 Talstraße')).toEqual([
      'Regenüberlaufbecken RÜ',
      ' 2 Talstraße',
    ]);
    const [a] = splitForMiddle('Regenüberlaufbecken RÜ 1');
    const [, t1] = splitForMiddle('Regenüberlaufbecken RÜ 1');
    const [, t2] = splitForMiddle('Regenüberlaufbecken RÜ 2');
    expect(a).toBe('Regenüberlaufbecken');
    expect(t1).not.toBe(t2);
  });
  it('joins head and tail to the full name', () => {
    for (const name of ['Pumpe', 'Füllstand Rohwasserbehälter', 'Abwasserpumpwerk Mühlgraben Süd'])
      expect(splitForMiddle(name).join('')).toBe(name);
  });
  it('keeps the last characters of one long word', () => {
    expect(splitForMiddle('Rohwasserpumpwerkzulauf')).toEqual(['Rohwasserpumpwerk', 'zulauf']);
  });
});
