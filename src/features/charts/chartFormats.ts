/**
 * The chart's label formats in the user's language (SO9): Y ticks, and time ticks whose
 * precision follows the span in view, in the plant's time zone and 24 h in de/cs/ru (issue 12).
 */
import { useMemo } from 'react';
import type { Formatters } from '../../app/useFormat.ts';
import { hourCycleOf } from '../../domain/format.ts';

export interface ChartFormats {
  /** Y axis tick labels. */
  formatTick: (value: number) => string;
  /** A time tick's label, by the span in view (ms). */
  formatAxisTime: (ms: number, spanMs: number) => string;
}

export function useChartFormats(format: Formatters): ChartFormats {
  const formatTick = useMemo(() => {
    const f = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 6 });
    return (v: number) => f.format(v);
  }, [format.locale]);

  const formatAxisTime = useMemo(() => {
    // The plant's time zone, 24 h in de/cs/ru (issue 12).
    const make = (o: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(format.locale, {
        ...o,
        ...(o.hour ? hourCycleOf(format.locale) : {}),
        ...(format.timeZone ? { timeZone: format.timeZone } : {}),
      });
    const seconds = make({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const minutes = make({ hour: '2-digit', minute: '2-digit' });
    const dayTime = make({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
    const day = make({ day: '2-digit', month: '2-digit', year: 'numeric' });
    const month = make({ month: 'short', year: 'numeric' });
    return (ms: number, span: number) =>
      (span < 10 * 60_000
        ? seconds
        : span <= 2 * 86_400_000
          ? minutes
          : span <= 14 * 86_400_000
            ? dayTime
            : span <= 400 * 86_400_000
              ? day
              : month
      ).format(ms);
  }, [format.locale, format.timeZone]);

  return { formatTick, formatAxisTime };
}
