/** Which PVs the archive keeps, how, and the number a live value contributes. */
import type { PvConfig, PvValue } from '../../src/contract/pv.ts';
import type { ArchiveKind } from './aggregate.ts';

/**
 * Counters (ZaehlWert) and runtimes (operating hours, switching cycles: they only grow) keep
 * readings and totals, digital PVs 0/1 states, the rest levels.
 */
export function archiveKindOf(config: PvConfig): ArchiveKind {
  if (isRuntimeCounter(config)) return 'counter';
  switch (config.pvRef.type) {
    case 'ZaehlWert':
      return 'counter';
    case 'DigiIn':
    case 'DigiOut':
      return 'digital';
    default:
      return 'analog';
  }
}

/** A calculated runtime of a machine (subtype Laufzeit): its reading only grows. */
export function isRuntimeCounter(config: Pick<PvConfig, 'pvRef' | 'subtype'>): boolean {
  return config.pvRef.type === 'RechenWert' && config.subtype === 'Laufzeit';
}

/**
 * The archived number of a live value; null for a gap (bad quality or no number). Digital
 * states are 1 and 0; a counter is its reading; a runtime its value; a time of day in hours.
 */
export function archivedNumber(value: PvValue): number | null {
  if (value.quality === 'Bad') return null;
  let n: number | undefined;
  switch (value.typeOfValue) {
    case 'DoubleValue':
      n = value.doubleValue;
      break;
    case 'BoolValue':
      n = value.boolValue === undefined ? undefined : value.boolValue ? 1 : 0;
      break;
    case 'FailureStateValue':
      n = value.failureStateValue === undefined ? undefined : value.failureStateValue ? 1 : 0;
      break;
    case 'CounterValue':
      n = value.counterValue?.value;
      break;
    case 'RuntimeValue':
      n = value.runtimeValue?.value;
      break;
    case 'TimeOfDayValue':
      n = value.timeOfDayValue
        ? value.timeOfDayValue.hour + value.timeOfDayValue.minutes / 60
        : undefined;
      break;
    default:
      n = undefined;
  }
  return n !== undefined && Number.isFinite(n) ? n : null;
}
