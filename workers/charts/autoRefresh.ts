/**
 * Auto-refresh of a chart (SPEC §4, §9 poll 2 s) as a state machine over an injected clock.
 *
 * AR1 When on, each poll (every 2 s) checks the current minute; when it changed, the window
 *     moves forward. Otherwise nothing changes.
 * AR2 A custom-range view shifts start and end by the minutes that passed.
 * AR3 A Measurement chart with a time span (factor × unit) resets to the span ending now,
 *     unless the date is locked (then the view stays).
 * AR4 Any other view (the live chart's window) keeps its length and ends at now.
 * AR5 Turning it off stops all movement; turning it on starts counting from the current minute.
 * AR6 While off, every view range change is copied to the zoom range.
 */
import type { ChartType } from '../../src/contract/charts.ts';
import { addUnits } from '../../src/domain/clock.ts';
import { MINUTE_MS, type TimeRange, type TimeUnit } from '../../src/domain/timeUnits.ts';

/** SPEC §9 "Auto-refresh poll". */
export const AUTO_REFRESH_POLL_MS = 2000;

export interface AutoRefreshOptions {
  clock: () => number;
  chartType: ChartType;
  /** ChartConfig timeSpanFactor and timeSpanUnit, when the chart has them. */
  timeSpan: { factor: number; unit: TimeUnit } | null;
  view: TimeRange;
  /** SPEC §9: on by default for live charts. */
  enabled?: boolean;
  custom?: boolean;
  dateLocked?: boolean;
  /** The plant's zone: a span of days or months ends now on its clock. */
  zone: string;
}

export interface AutoRefreshState {
  enabled: boolean;
  view: TimeRange;
  zoom: TimeRange;
  custom: boolean;
  dateLocked: boolean;
}

/** The timers the engine injects (one timers module, fake in tests). */
export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export class AutoRefresh {
  private readonly clock: () => number;
  private readonly chartType: ChartType;
  private readonly timeSpan: { factor: number; unit: TimeUnit } | null;
  private readonly zone: string;
  private current: AutoRefreshState;
  private lastMinute: number;

  constructor(options: AutoRefreshOptions) {
    this.clock = options.clock;
    this.chartType = options.chartType;
    this.timeSpan = options.timeSpan;
    this.zone = options.zone;
    this.current = {
      enabled: options.enabled ?? options.chartType === 'LiveMeasurement',
      view: { ...options.view },
      zoom: { ...options.view },
      custom: options.custom ?? false,
      dateLocked: options.dateLocked ?? false,
    };
    this.lastMinute = this.minuteNow();
  }

  get state(): AutoRefreshState {
    return this.current;
  }

  /** AR1-AR4: one poll; returns the new view when it moved, else null. */
  poll(): TimeRange | null {
    if (!this.current.enabled) return null;
    const minute = this.minuteNow();
    if (minute === this.lastMinute) return null;
    const passedMs = (minute - this.lastMinute) * MINUTE_MS;
    this.lastMinute = minute;
    const { view, custom, dateLocked } = this.current;
    let next: TimeRange | null;
    if (custom) {
      next = { start: view.start + passedMs, end: view.end + passedMs };
    } else if (this.chartType === 'Measurement' && this.timeSpan) {
      const now = this.clock();
      next = dateLocked
        ? null
        : { start: addUnits(now, this.timeSpan.unit, -this.timeSpan.factor, this.zone), end: now };
    } else {
      const now = this.clock();
      next = { start: now - (view.end - view.start), end: now };
    }
    if (!next) return null;
    this.current = { ...this.current, view: next };
    return next;
  }

  /** AR5. */
  setEnabled(enabled: boolean): void {
    if (enabled === this.current.enabled) return;
    if (enabled) this.lastMinute = this.minuteNow();
    this.current = { ...this.current, enabled };
  }

  /** A view change by the user or a preset; AR6 copies it to the zoom range while off. */
  setViewRange(view: TimeRange, options: { custom?: boolean } = {}): void {
    this.current = {
      ...this.current,
      view: { ...view },
      custom: options.custom ?? this.current.custom,
      zoom: this.current.enabled ? this.current.zoom : { ...view },
    };
  }

  setDateLocked(dateLocked: boolean): void {
    this.current = { ...this.current, dateLocked };
  }

  private minuteNow(): number {
    return Math.floor(this.clock() / MINUTE_MS);
  }
}

/** Polls every AUTO_REFRESH_POLL_MS; returns an idempotent stop. */
export function runAutoRefresh(
  refresh: AutoRefresh,
  timers: IntervalTimers,
  onMove: (view: TimeRange) => void,
): () => void {
  let handle: unknown = timers.setInterval(() => {
    const moved = refresh.poll();
    if (moved) onMove(moved);
  }, AUTO_REFRESH_POLL_MS);
  return () => {
    if (handle === null) return;
    timers.clearInterval(handle);
    handle = null;
  };
}
