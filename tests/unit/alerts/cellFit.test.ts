/**
 * AV10: a text of an alert row is cut (and clipped) only where it does not fit its cell, in the
 * font the cell draws it in; until the cells are measured every text is cut.
 */
import { describe, expect, it } from 'vitest';
import {
  FIT_SLACK_PX,
  NO_FIT,
  cellFit,
  type CellFont,
  type FitColumn,
} from '../../../src/features/alerts/cellFit.ts';

const font: CellFont = {
  family: 'system-ui, sans-serif',
  size: '14px',
  weight: '400',
  boldWeight: '600',
};
const widths: Record<FitColumn, number> = {
  time: 150,
  station: 100,
  source: 100,
  text: 300,
  state: 154,
  ackby: 98,
  cleared: 70,
};

/** 7 px a character, 8 in bold, 9 in italic; every call logged. */
function fakeMeasure() {
  const calls: string[] = [];
  const measure = (css: string, text: string) => {
    calls.push(`${css}|${text}`);
    const each = css.startsWith('italic') ? 9 : css.startsWith('600') ? 8 : 7;
    return text.length * each;
  };
  return { calls, measure };
}

describe('AV10 alert row cells cut only where the text does not fit', () => {
  it('AV10: a text fits with the slack to spare, in the weight and slant it is drawn in', () => {
    const { calls, measure } = fakeMeasure();
    const fit = cellFit(widths, font, measure);
    // 14 characters: 98 px roman, 112 bold, 126 italic; the station's cell is 100 px.
    expect(fit.fits('station', 'Wasserwerk Süd')).toBe(true);
    expect(fit.fits('station', 'Wasserwerk Süd', { bold: true })).toBe(false);
    expect(fit.fits('station', 'Wasserwerk Süd', { italic: true })).toBe(false);
    expect(calls).toEqual([
      '400 14px system-ui, sans-serif|Wasserwerk Süd',
      '600 14px system-ui, sans-serif|Wasserwerk Süd',
      'italic 400 14px system-ui, sans-serif|Wasserwerk Süd',
    ]);
    // 98 px by the ackby cell of 98 px: no room for the slack.
    expect(FIT_SLACK_PX).toBeGreaterThan(0);
    expect(fit.fits('ackby', 'Wasserwerk Süd')).toBe(false);
    expect(fit.fits('text', 'x'.repeat(42))).toBe(true);
    expect(fit.fits('text', 'x'.repeat(42), { bold: true })).toBe(false);
  });

  it('AV10: the time is measured with tabular figures (each digit as a zero); an empty cell fits', () => {
    const { calls, measure } = fakeMeasure();
    const fit = cellFit(widths, font, measure);
    expect(fit.fits('time', '27.11.2026, 23:28:57')).toBe(true);
    expect(calls).toEqual(['400 14px system-ui, sans-serif|00.00.0000, 00:00:00']);
    expect(fit.fits('ackby', '')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('AV10: a text is measured once per font, however many rows show it', () => {
    const { calls, measure } = fakeMeasure();
    const fit = cellFit(widths, font, measure);
    for (let i = 0; i < 50; i++) fit.fits('source', 'Druck Eingang');
    fit.fits('text', 'Druck Eingang');
    fit.fits('text', 'Druck Eingang', { bold: true });
    expect(calls).toHaveLength(2);
  });

  it('AV10: before the cells are measured every text is cut, as every row was', () => {
    expect(NO_FIT.fits('cleared', 'Nein')).toBe(false);
    expect(NO_FIT.fits('station', 'A')).toBe(false);
  });
});
