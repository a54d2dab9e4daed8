/** Report rules and stores: manual input checks, the XLSX writer, manual values in SQLite. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkManualInput } from '../../../src/domain/reportInput.ts';
import { buildXlsx } from '../../../src/features/reports/xlsx.ts';
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
    expect(key('0.25')).toBe('reports.manual.notANumber');
    expect(key('0,25', '.')).toBe('reports.manual.notANumber');
    expect(key('1e1')).toBe('reports.manual.notANumber');
    expect(key('')).toBe('reports.manual.notANumber');
    expect(key('10,01')).toBe('reports.manual.outOfRange');
    expect(key('-1')).toBe('reports.manual.outOfRange');
    expect(key('0,125')).toBe('reports.manual.tooManyDecimals');
  });
});

/** The entries of a stored ZIP. */
function unzip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const files = new Map<string, string>();
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const start = at + 30 + nameLength;
    files.set(name, new TextDecoder().decode(bytes.subarray(start, start + size)));
    at = start + size;
  }
  return files;
}

describe('XLSX writer', () => {
  it('XL1: a stored ZIP with workbook and sheet; numbers as values, text inline and escaped', () => {
    const bytes = buildXlsx('Tagesbericht', [
      ['Zeit', 'Menge [m³]'],
      ['00:00–01:00', 312.9],
      ['<&>', null],
    ]);
    const files = unzip(bytes);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="B2"><v>312.9</v></c>');
    expect(sheet).toContain('Menge [m³]');
    expect(sheet).toContain('&lt;&amp;&gt;');
    expect(sheet).not.toContain('r="B3"');
    expect(files.get('xl/workbook.xml')).toContain('name="Tagesbericht"');
    // The central directory ends the file.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
    expect(view.getUint16(bytes.length - 12, true)).toBe(5);
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
