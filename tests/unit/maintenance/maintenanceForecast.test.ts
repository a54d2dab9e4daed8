import { describe, expect, it } from 'vitest';
import {
  estimatedDue,
  machineName,
  RATE_DAYS,
  runtimeRatePerDay,
} from '../../../src/domain/maintenanceForecast.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const DAY = 86_400_000;

describe('maintenance forecast (src/domain/maintenanceForecast.ts)', () => {
  it('MT10: a machine is named without the word of its running signal', () => {
    expect(machineName('Brunnenpumpe 1 Betrieb')).toBe('Brunnenpumpe 1');
    expect(machineName('Gebläse 2 Betriebsmeldung')).toBe('Gebläse 2');
    // A name without the word stays, so does "Betrieb" inside a name, and a name that is only
    // the word.
    for (const name of ['Rührwerk 1', 'Betriebswasserpumpe 3', 'Betrieb'])
      expect(machineName(name)).toBe(name);
  });

  it('MT11: the rate is the growth per day over the span; unknown, empty or reset gives none', () => {
    expect(RATE_DAYS).toBe(30);
    expect(runtimeRatePerDay(21_700, 22_000)).toBe(10);
    expect(runtimeRatePerDay(100, 160, 3)).toBe(20);
    expect(runtimeRatePerDay(500, 500)).toBe(0);
    expect(runtimeRatePerDay(null, 22_000)).toBeNull();
    expect(runtimeRatePerDay(21_700, null)).toBeNull();
    expect(runtimeRatePerDay(22_000, 10)).toBeNull();
    expect(runtimeRatePerDay(1, 2, 0)).toBeNull();
  });

  it('MT12: due when the remainder is used up at the rate; none for a machine that did not run', () => {
    expect(estimatedDue(100, 10, NOW)).toBe(NOW + 10 * DAY);
    expect(estimatedDue(1, 24, NOW)).toBe(NOW + DAY / 24);
    expect(estimatedDue(0, 10, NOW)).toBe(NOW);
    expect(estimatedDue(-5, null, NOW)).toBe(NOW);
    expect(estimatedDue(100, 0, NOW)).toBeNull();
    expect(estimatedDue(100, null, NOW)).toBeNull();
  });
});
