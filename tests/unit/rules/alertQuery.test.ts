import { describe, expect, it } from 'vitest';
import { ALERT_DEFAULT_LIMIT } from '../../../src/contract/alerts.ts';
import { alertQuery, alertQueryString, defaultAlertQuery } from '../../../src/domain/alertQuery.ts';

const NOW = Date.parse('2026-11-22T09:00:00Z');

describe('SPEC §3 alert query, §9 alert default range', () => {
  it('AQ1: the default range is 7 days until now with the default limit', () => {
    expect(defaultAlertQuery(NOW)).toEqual({
      start: '2026-11-15T09:00:00.000Z',
      end: '2026-11-22T09:00:00.000Z',
      limit: ALERT_DEFAULT_LIMIT,
    });
  });

  it('AQ2: start and end are put in order; the limit is a positive whole number', () => {
    expect(alertQuery(NOW, NOW - 1000, 0.5)).toEqual({
      start: '2026-11-22T08:59:59.000Z',
      end: '2026-11-22T09:00:00.000Z',
      limit: 1,
    });
  });

  it('AQ3: the query string carries start, end and limit', () => {
    const qs = new URLSearchParams(alertQueryString(defaultAlertQuery(NOW, 500)));
    expect(qs.get('start')).toBe('2026-11-15T09:00:00.000Z');
    expect(qs.get('end')).toBe('2026-11-22T09:00:00.000Z');
    expect(qs.get('limit')).toBe('500');
  });
});
