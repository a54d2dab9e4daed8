/**
 * What the maintenance overview says beyond the remaining runtime (SPEC §3 "Maintenance
 * notification": runtimes in hours or cycles): a machine's own name, its runtime rate over
 * the last days, and the date a service falls due at that rate. Rules MT10-MT12, tests in
 * tests/unit/maintenance/maintenanceForecast.test.ts.
 */
import { machineName as machineOfSignal } from './machineCommands.ts';

/** The days over which the runtime rate is measured. */
export const RATE_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * MT10: the machine behind a running signal, named as people name it: "Brunnenpumpe 1", not
 * the input "Brunnenpumpe 1 Betrieb". A name without such a suffix is the machine's already.
 */
export function machineName(pvName: string): string {
  // One rule for a machine's name (machineCommands.ts), as the process image's panel names it.
  return machineOfSignal(pvName) ?? pvName;
}

/**
 * MT11: hours or cycles per day between a reading `days` ago and the reading now; null when
 * either is unknown, the span is empty, or the reading went back (a reset or an edit).
 */
export function runtimeRatePerDay(
  then: number | null,
  now: number | null,
  days: number = RATE_DAYS,
): number | null {
  if (then === null || now === null || !Number.isFinite(then) || !Number.isFinite(now)) return null;
  if (!(days > 0) || now < then) return null;
  return (now - then) / days;
}

/**
 * MT12: when the remaining runtime is used up at `ratePerDay`: now when nothing remains,
 * null ("no estimate") when the machine did not run or its rate is unknown.
 */
export function estimatedDue(
  remaining: number,
  ratePerDay: number | null,
  nowMs: number,
): number | null {
  if (remaining <= 0) return nowMs;
  if (ratePerDay === null || !(ratePerDay > 0)) return null;
  return nowMs + Math.round((remaining / ratePerDay) * DAY_MS);
}
