/** The data sheet's field names (src/domain/datasheetFields.ts): known fields are translated. */
import { describe, expect, it } from 'vitest';
import { DATASHEET_FIELDS, datasheetField } from '../../../src/domain/datasheetFields.ts';
import { machineData } from '../../../server/maintenance/datasheetData.ts';
import { de, en, cs, ru } from '../i18n/allTexts.ts';
import { pvConfigOf } from '../../support/pvConfigs.ts';

describe('DS1: data-sheet field names', () => {
  it('DS1: a field is known by its key first, else by the German label a plant server sends', () => {
    expect(datasheetField({ key: 'manufacturer', label: 'Fabrikant' })).toBe('manufacturer');
    expect(datasheetField({ label: 'Hersteller' })).toBe('manufacturer');
    expect(datasheetField({ label: ' förderhöhe ' })).toBe('head');
    expect(datasheetField({ key: 'colour', label: 'Farbe' })).toBeNull();
    expect(datasheetField({ label: 'Anstrich' })).toBeNull();
  });

  it('DS1: every field of the reference server has a key the client knows', () => {
    for (const name of ['Brunnenpumpe 1', 'Wasserstand Hochbehälter']) {
      const entries = machineData(pvConfigOf({ type: 'AnaIn', nr: 7 }, { name }), 7);
      expect(entries.length).toBeGreaterThan(5);
      for (const e of entries) expect(datasheetField(e), e.label).toBe(e.key);
    }
  });

  it('DS1: every field has its name in de, en, cs and ru, translated outside German', () => {
    for (const [lang, texts] of Object.entries({ de, en, cs, ru })) {
      const names = texts.maintenance.datasheet.field as Record<string, string>;
      expect(Object.keys(names).sort(), lang).toEqual([...DATASHEET_FIELDS].sort());
    }
    const german = de.maintenance.datasheet.field as Record<string, string>;
    for (const [lang, texts] of Object.entries({ cs, ru })) {
      const names = texts.maintenance.datasheet.field as Record<string, string>;
      for (const field of DATASHEET_FIELDS)
        if (field !== 'type') expect(names[field], `${lang} ${field}`).not.toBe(german[field]);
    }
  });
});
