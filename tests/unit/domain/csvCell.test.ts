import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../../src/domain/csvCell.ts';
import { chartCsv } from '../../../server/charts/chartCsv.ts';
import { toCsv } from '../../../src/features/shared/csv.ts';

describe('CSV cell (every export: alerts, events, reports, overflow, alarm performance, charts)', () => {
  it('CC1: a cell that starts with a formula character is written as text', () => {
    for (const formula of ['=1+2', '+cmd|x', '-2+3+cmd', '@SUM(A1)', '\t=1'])
      expect(csvCell(formula)).toBe(`'${formula}`);
    // Quoted as well where it holds a quote or a line break.
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('CC2: plain numbers, signed ones too, stay numbers', () => {
    for (const number of [-3.5, 0]) expect(csvCell(number)).toBe(String(number));
    for (const text of ['-3,5', '+12', '-1.5e-3']) expect(csvCell(text)).toBe(text);
  });

  it('CC3: separators, quotes and line breaks are quoted; null and undefined are empty', () => {
    expect(csvCell('Füllstand [m]')).toBe('Füllstand [m]');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['a', 1, null, '=x'])).toBe("a;1;;'=x");
  });

  it('CC4: the tab exports and the server chart CSV write cells the same way', () => {
    const csv = toCsv(
      ['Station', 'Text'],
      [
        ['=Pumpwerk', '@evil'],
        ['Süd', '-3,5'],
      ],
    );
    expect(csv).toBe("\ufeffStation;Text\r\n'=Pumpwerk;'@evil\r\nSüd;-3,5\r\n");
    const chart = chartCsv(
      [
        {
          request: { pv: { type: 'AnaIn', nr: 1 }, pvSubtype: 'Momentanwert' },
          config: { name: '=Druck', dimension: '' },
          data: { points: { t: [0], v: [-2] } },
        } as unknown as Parameters<typeof chartCsv>[0][number],
      ],
      true,
      'UTC',
    );
    expect(chart.split('\r\n')[0]).toBe("Zeitstempel;'=Druck (Momentanwert)");
    expect(chart.split('\r\n')[1]).toBe('1970-01-01T00:00:00+00:00;-2,00');
  });
});
