/** Report rules and stores: manual input checks, the XLSX export, manual values in SQLite. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkManualInput } from '../../../src/domain/reportInput.ts';
import { sheetNameOf, xlsxBlob } from '../../../src/platform/xlsxExport.ts';
import { unzipText } from '../../support/unzip.ts';
import { ManualInputStore } from '../../../server/reports/ManualInputStore.ts';
import { totalOf, volumeFactor } from '../../../server/reports/ReportDataService.ts';
import { openDatabase } from '../../../server/store/db.ts';

const TURBIDITY = { domain: { min: 0, max: 10 }, decimals: 2 };

describe('manual input rule', () => {
  it('MI1: a number in the locale format, inside the domain, with at most its decimals', () => {
    expect(checkManualInput('0,25', TURBIDITY, ',')).toEqual({ ok: true, value: 0.25 });
    expect(checkManualInput('10', TURBIDITY, ',')).toEqual({ ok: true, value: 10 });
    const key = (text: string, mark: ',' | '.' = ',') => {
      const r = checkManualInput(text, TURBIDITY, mark);
      return r.ok ? null : r.message.key;
    };
    for (const text of ['0.25', '1e1', ''])
      expect(key(text), text).toBe('reports.manual.notANumber');
    expect(key('0,25', '.')).toBe('reports.manual.notANumber');
    for (const text of ['10,01', '-1']) expect(key(text), text).toBe('reports.manual.outOfRange');
    expect(key('0,125')).toBe('reports.manual.tooManyDecimals');
  });
});

describe('XLSX export (write-excel-file)', () => {
  it('XL1: one sheet named by the report kind; numbers as values, text escaped, empty cells left out', async () => {
    const blob = await xlsxBlob(
      'Tagesbericht: Wasserwerk/Talaue',
      [['Bericht – 1. Mai'], [], ['Zeit', 'Menge [m³]'], ['00:00–01:00', 312.9], ['<&>', null]],
      2,
    );
    const files = unzipText(new Uint8Array(await blob.arrayBuffer()));
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/worksheets/sheet1.xml',
      ]),
    );
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    const text = [...files.values()].join('');
    expect(sheet).toMatch(/<c r="B4"[^>]*><v>312\.9<\/v><\/c>/);
    expect(text).toContain('Menge [m³]');
    expect(text).toContain('&lt;&amp;&gt;');
    expect(sheet).not.toMatch(/r="B5"/);
    expect(sheet).not.toMatch(/r="A2"/);
    // The sheet name within Excel's limits: no slash or colon, 31 characters at most.
    expect(files.get('xl/workbook.xml')).toContain('name="Tagesbericht  Wasserwerk Talaue"');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
    // The header row is bold, the data rows are not.
    expect(sheet).toMatch(/<c r="A3" s="[1-9]\d*"/);
    expect(sheet).not.toMatch(/<c r="B4" s="[1-9]/);
  });
});

describe('report data helpers and the manual input store', () => {
  it('RS1: footer totals over row values; flow units to m³ per hour', () => {
    const rows = [0, 1, 2].map((i) => ({ t: i * 10, end: i * 10 + 10 }));
    expect(totalOf([3, null, 1], [null, null, 25], rows)).toEqual({
      sum: 4,
      mean: 2,
      min: 1,
      minT: 25,
      max: 3,
      maxT: 0,
    });
    expect(totalOf([null, null, null], [null, null, null], rows).sum).toBeNull();
    expect(volumeFactor('l/s')).toBe(3.6);
    expect(volumeFactor('m³/h')).toBe(1);
  });

  it('RS2: values per PV, resolution and row start, with who and when; a reset deletes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pegel-manual-'));
    const db = openDatabase(dir);
    try {
      const store = new ManualInputStore(db);
      store.save(
        [
          { pvKey: 'lw2901', t: 100, value: 0.25 },
          { pvKey: 'lw2901', t: 200, value: 0.5 },
        ],
        'Hour',
        'operator',
        1_000,
      );
      store.save([{ pvKey: 'lw2901', t: 100, value: 0.3 }], 'Day', 'maintenance', 2_000);
      store.save([{ pvKey: 'lw2901', t: 200, value: 0.75 }], 'Hour', 'maintenance', 3_000);
      expect(store.list(['lw2901'], 'Hour', 0, 1_000)).toEqual([
        { pvKey: 'lw2901', t: 100, value: 0.25, enteredBy: 'operator', enteredAt: 1_000 },
        { pvKey: 'lw2901', t: 200, value: 0.75, enteredBy: 'maintenance', enteredAt: 3_000 },
      ]);
      store.save([{ pvKey: 'lw2901', t: 100, value: undefined }], 'Hour', 'operator', 4_000);
      expect(store.list(['lw2901'], 'Hour', 0, 1_000).map((e) => e.t)).toEqual([200]);
      expect(store.list(['lw2901'], 'Day', 0, 1_000)).toHaveLength(1);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
