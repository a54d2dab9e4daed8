/**
 * Issue 12 item 4: one time zone for the whole UI. The server sends the plant's zone
 * (PEGEL_PLANT_TIME_ZONE), the webcam overlay is drawn in it, and the client's formatters
 * write the same wall-clock time in it (24 h in de, cs, ru).
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import { drawImage, WEBCAMS } from '../../../server/webcam/cameras.ts';
import { formatDateTime } from '../../../src/domain/format.ts';

describe('plant time', () => {
  it('PT1: the plant zone comes from PEGEL_PLANT_TIME_ZONE, Europe/Berlin by default; a wrong one stops the start', () => {
    expect(readConfig({}).plantTimeZone).toBe('Europe/Berlin');
    expect(readConfig({ PEGEL_PLANT_TIME_ZONE: 'Europe/Prague' }).plantTimeZone).toBe(
      'Europe/Prague',
    );
    expect(() => readConfig({ PEGEL_PLANT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /PEGEL_PLANT_TIME_ZONE/,
    );
  });

  it('PT2: the webcam overlay and the caption agree, in summer and in winter', () => {
    for (const iso of ['2026-07-01T21:40:00Z', '2026-01-15T23:40:00Z']) {
      const at = Date.parse(iso);
      const caption = formatDateTime(at, 'de', { timeZone: 'Europe/Berlin' });
      expect(drawImage(WEBCAMS[0]!, at, 'Europe/Berlin')).toContain(
        `>${caption.replace(',', '')}<`,
      );
    }
    // Another plant zone moves both the same way.
    const at = Date.parse('2026-07-01T21:40:00Z');
    expect(drawImage(WEBCAMS[0]!, at, 'Europe/Moscow')).toContain('02.07.2026 00:40:00');
  });

  it('PT3: 24-hour time in de, cs, ru; the locale convention in en', () => {
    const at = Date.parse('2026-07-01T20:35:00Z');
    for (const l of ['de', 'cs', 'ru'] as const)
      expect(formatDateTime(at, l, { part: 'time', seconds: false, timeZone: 'UTC' })).toBe(
        '20:35',
      );
    expect(formatDateTime(at, 'en', { part: 'time', seconds: false, timeZone: 'UTC' })).toMatch(
      /^08:35\s?PM$/,
    );
  });
});
