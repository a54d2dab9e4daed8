/**
 * Dates in chart queries (contract ChartDataQuery): ISO 8601 with or without offset (without:
 * the plant's wall clock), date-only, or epoch milliseconds as digits. Bad input is a 400.
 */
import { fromNaiveMs } from '../../src/domain/clock.ts';
import { badRequest } from '../http/errors.ts';

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const EPOCH_MS = /^\d{1,15}$/;

export function parseQueryDate(text: string, field: string, zone: string): number {
  const value = text.trim();
  if (EPOCH_MS.test(value)) return Number(value);
  const m = ISO_DATE.exec(value);
  if (!m) {
    throw badRequest(
      `Invalid ${field}: '${text}' is neither an ISO 8601 date nor epoch milliseconds`,
      [{ path: field, message: 'expected ISO 8601 or epoch milliseconds' }],
    );
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', offset] = m;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)];
  const naive = Date.UTC(fields[0]!, fields[1]!, fields[2]!, fields[3]!, fields[4]!, fields[5]!);
  const check = new Date(naive);
  const valid =
    check.getUTCFullYear() === fields[0] &&
    check.getUTCMonth() === fields[1] &&
    check.getUTCDate() === fields[2] &&
    check.getUTCHours() === fields[3] &&
    check.getUTCMinutes() === fields[4] &&
    fields[5]! < 60;
  if (!valid) {
    throw badRequest(`Invalid ${field}: '${text}' is not a calendar date`, [
      { path: field, message: 'not a calendar date' },
    ]);
  }
  const withMs = naive + Number(ms.padEnd(3, '0'));
  if (offset === undefined) return fromNaiveMs(withMs, zone);
  if (offset === 'Z') return withMs;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return withMs - offsetMs;
}
