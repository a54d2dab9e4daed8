import { describe, expect, it } from 'vitest';
import {
  instantOfWall,
  parseWall,
  textOfWall,
  wallText,
} from '../../../src/features/shared/wallTime.ts';

const BERLIN = 'Europe/Berlin';

describe('wall time of the plant', () => {
  it('reads an instant on the plant clock, not the browser one', () => {
    const at = Date.UTC(2026, 6, 1, 6, 15, 30);
    expect(wallText(at, BERLIN)).toBe('2026-07-01T08:15');
    expect(wallText(at, BERLIN, 'second')).toBe('2026-07-01T08:15:30');
    expect(wallText(at, BERLIN, 'day')).toBe('2026-07-01');
    expect(wallText(at, 'America/New_York')).toBe('2026-07-01T02:15');
    expect(wallText(at, 'Asia/Kathmandu')).toBe('2026-07-01T12:00');
  });

  it('turns typed wall text into the instant in the plant zone', () => {
    expect(instantOfWall('2026-07-01T08:15', BERLIN)).toEqual({ ms: Date.UTC(2026, 6, 1, 6, 15) });
    expect(instantOfWall('2026-01-10T08:15:05', BERLIN)).toEqual({
      ms: Date.UTC(2026, 0, 10, 7, 15, 5),
    });
    expect(instantOfWall('2026-07-01', BERLIN)).toEqual({ ms: Date.UTC(2026, 5, 30, 22) });
  });

  it('reports the hour the spring change skips instead of moving it', () => {
    expect(instantOfWall('2026-03-29T02:30', BERLIN)).toEqual({ problem: 'gap' });
    expect(instantOfWall('2026-03-29T01:59', BERLIN)).toEqual({ ms: Date.UTC(2026, 2, 29, 0, 59) });
    expect(instantOfWall('2026-03-29T03:00', BERLIN)).toEqual({ ms: Date.UTC(2026, 2, 29, 1) });
    // Kathmandu has no change: the same text is an instant there.
    expect(instantOfWall('2026-03-29T02:30', 'Asia/Kathmandu').ms).toBe(
      Date.UTC(2026, 2, 28, 20, 45),
    );
  });

  it('takes the first of the hour the autumn change shows twice', () => {
    expect(instantOfWall('2026-10-25T02:30', BERLIN)).toEqual({ ms: Date.UTC(2026, 9, 25, 0, 30) });
    expect(wallText(Date.UTC(2026, 9, 25, 1, 30), BERLIN)).toBe('2026-10-25T02:30');
  });

  it('names what is not a date', () => {
    expect(instantOfWall('', BERLIN)).toEqual({ problem: 'empty' });
    expect(instantOfWall('2026-02-30T08:15', BERLIN)).toEqual({ problem: 'invalid' });
    expect(instantOfWall('gestern', BERLIN)).toEqual({ problem: 'invalid' });
    expect(parseWall('2026-13-01')).toBeNull();
  });

  it('writes a calendar value back at the field precision', () => {
    const v = parseWall('2026-03-29T08:05:09')!;
    expect(textOfWall(v, 'minute')).toBe('2026-03-29T08:05');
    expect(textOfWall(v, 'second')).toBe('2026-03-29T08:05:09');
    expect(textOfWall(v, 'day')).toBe('2026-03-29');
    expect(textOfWall(parseWall('0999-01-02')!, 'minute')).toBe('0999-01-02');
  });
});
