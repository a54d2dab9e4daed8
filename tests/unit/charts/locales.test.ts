import { describe, expect, it } from 'vitest';
import { cs, de, en, ru } from '../i18n/allTexts.ts';
import { DATA_SOURCE_PRESETS, SERIES_MEASUREMENT_TYPES } from '../../../src/contract/charts.ts';
import { PRESET_RANGES } from '../../../src/domain/clock.ts';
import { TIME_UNITS } from '../../../src/domain/timeUnits.ts';

const LOCALES = { de, en, cs, ru } as const;
const PLURALS: Record<keyof typeof LOCALES, string[]> = {
  de: ['_one', '_other'],
  en: ['_one', '_other'],
  cs: ['_one', '_few', '_many', '_other'],
  ru: ['_one', '_few', '_many', '_other'],
};

describe('charts texts in all four locales', () => {
  for (const [lang, locale] of Object.entries(LOCALES) as [keyof typeof LOCALES, typeof de][]) {
    it(`LC1: ${lang} names every preset, unit, data source and measurement type`, () => {
      const charts = locale.charts as unknown as Record<string, Record<string, string>>;
      expect(charts.autoTrendLine?.title).toBeTruthy();
      for (const p of PRESET_RANGES) expect(charts.presets?.[p]).toBeTruthy();
      for (const s of DATA_SOURCE_PRESETS) expect(charts.dataSources?.[s]).toBeTruthy();
      for (const m of SERIES_MEASUREMENT_TYPES) expect(charts.measurementTypes?.[m]).toBeTruthy();
      for (const u of TIME_UNITS) {
        for (const suffix of PLURALS[lang]) {
          expect(charts.timeUnits?.[`${u}${suffix}`]).toContain('{{count}}');
        }
      }
    });
  }
});
