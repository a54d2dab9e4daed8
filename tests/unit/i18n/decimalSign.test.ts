/**
 * Issue 55 item 8: no decimal point in German, Czech or Russian texts. A number with a
 * fraction put into a text (a valid range, a validation message, a gauge's scale) is written
 * with the language's decimal sign by the one i18next instance (src/app/i18n.ts); whole
 * numbers (station and PV numbers, counts, 65535) stay as they are.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addTexts, i18n, numberInText } from '../../../src/app/i18n.ts';
import { validRangeMessage } from '../../../src/domain/validation/valueEntry.ts';
import { checkDelayTime } from '../../../src/domain/validation/limits.ts';
import { cs, de, en, ru } from './allTexts.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;
const t = (lng: string, key: string, params: Record<string, unknown>) =>
  (i18n.getFixedT(lng) as unknown as LooseT)(key, params);

for (const [lng, texts] of [
  ['de', de],
  ['en', en],
  ['cs', cs],
  ['ru', ru],
] as const)
  addTexts(lng, texts as unknown as Record<string, unknown>);
afterAll(() => void i18n.changeLanguage('de'));

describe('numbers in texts (src/app/i18n.ts numberInText)', () => {
  it.each(['de', 'cs', 'ru'])('DS1: a fraction takes the decimal comma in %s', (lng) => {
    const range = t(lng, 'actions.info.domainValue', { min: 0, max: 3.5 });
    expect(range).toContain('3,5');
    expect(range).not.toContain('3.5');
    const rule = validRangeMessage({ min: -0.25, max: 3.5 })!;
    const message = t(lng, rule.key, rule.params!);
    expect(message).toContain('3,5');
    expect(message).toContain('0,25');
    expect(message).not.toMatch(/\d\.\d/);
  });

  it('DS2: English keeps the point; whole numbers stay unchanged in every language', () => {
    expect(t('en', 'actions.info.domainValue', { min: 0, max: 3.5 })).toContain('3.5');
    for (const lng of ['de', 'en', 'cs', 'ru']) {
      const rule = checkDelayTime(70000)!;
      expect(t(lng, rule.key, rule.params!)).toContain('65535');
      expect(numberInText(100501, lng)).toBe('100501');
    }
    expect(numberInText(1234.5, 'de')).toBe('1234,5');
    expect(numberInText(0.1 + 0.2, 'ru')).toBe('0,3');
  });
});
