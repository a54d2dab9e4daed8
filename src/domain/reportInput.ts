/**
 * Manual report input (SPEC §3 "Report manual input item", §5 value entry): a typed text is a
 * number in the locale's format, inside the column's domain, with at most its decimals. The
 * server checks the same (server/reports/registerReportArea.ts); this rule answers at once.
 */
import type { ManualInputConfig } from '../contract/reports.ts';
import { parseNumberInput } from './validation/valueEntry.ts';
import { parsed, rejected, ruleMessage, type Parsed } from './validation/ruleMessage.ts';

export const REPORT_INPUT_KEYS = {
  notANumber: 'reports.manual.notANumber',
  outOfRange: 'reports.manual.outOfRange',
  tooManyDecimals: 'reports.manual.tooManyDecimals',
} as const;

export function checkManualInput(
  text: string,
  config: ManualInputConfig,
  mark: ',' | '.',
): Parsed<number> {
  const value = parseNumberInput(text, mark);
  if (value === null) return rejected(ruleMessage(REPORT_INPUT_KEYS.notANumber, { mark }));
  const { min, max } = config.domain;
  if (value < min || value > max) {
    return rejected(ruleMessage(REPORT_INPUT_KEYS.outOfRange, { min, max }));
  }
  const decimals = text.trim().split(/[.,]/)[1]?.length ?? 0;
  if (decimals > config.decimals) {
    return rejected(ruleMessage(REPORT_INPUT_KEYS.tooManyDecimals, { count: config.decimals }));
  }
  return parsed(value);
}
