/**
 * The Temporal half of the plant clock (clock.ts, which re-exports it): where the platform
 * has Temporal (Chromium 144+), calendar steps, unit starts and offsets come from it. Apart
 * from clock.ts so that the first script can take the archive's default range at boot
 * without date-fns and @date-fns/tz (`features/alerts/archiveBoot.ts`; startup budget).
 */
export type CalendarUnit = 'days' | 'weeks' | 'months' | 'years';
type DateFields = Partial<Record<'year' | 'month' | 'day', number>>;

interface TemporalPlainDate {
  readonly dayOfWeek: number;
  add(duration: Partial<Record<CalendarUnit, number>>): TemporalPlainDate;
  with(fields: DateFields): TemporalPlainDate;
  toZonedDateTime(options: { timeZone: string }): { epochMilliseconds: number };
}

interface TemporalZoned {
  readonly offsetNanoseconds: number;
  toPlainDate(): TemporalPlainDate;
  toPlainDateTime(): {
    add(duration: Partial<Record<CalendarUnit, number>>): {
      toZonedDateTime(
        zone: string,
        options: { disambiguation: 'later' },
      ): {
        epochMilliseconds: number;
      };
    };
  };
}

/** What this module takes of Temporal. */
export interface TemporalClock {
  Instant: {
    fromEpochMilliseconds(epochMs: number): { toZonedDateTimeISO(zone: string): TemporalZoned };
  };
}

/** The platform's Temporal, or null; a parameter of the functions below for tests. */
export const platformTemporal: TemporalClock | null =
  (globalThis as { Temporal?: TemporalClock }).Temporal ?? null;

/** NOTE: Temporal takes whole milliseconds only (RangeError otherwise); offsets are whole seconds. */
export function zonedOf(temporal: TemporalClock, epochMs: number, zone: string): TemporalZoned {
  if (!Number.isFinite(epochMs)) throw new RangeError('Invalid time value');
  return temporal.Instant.fromEpochMilliseconds(Math.floor(epochMs)).toZonedDateTimeISO(zone);
}

/** A calendar step that keeps the wall-clock time: clock.ts `addUnits` with Temporal. */
export function temporalCalendarStep(
  temporal: TemporalClock,
  epochMs: number,
  unit: CalendarUnit,
  amount: number,
  zone: string,
): number {
  return zonedOf(temporal, epochMs, zone)
    .toPlainDateTime()
    .add({ [unit]: amount })
    .toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
}
