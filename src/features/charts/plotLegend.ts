/**
 * The legend as the cursor's read-out (SPEC §2 charts: legend and cursor): away from the
 * cursor it reads the newest values in view; beside each series its PV's alarm mark (DESIGN.md
 * "Alarm states", OT1) and, when the PV's live value is stale, the stale mark and its ticking
 * age (issue 41, domain/valueStanding.ts, WL3).
 */
import { useEffect, type RefObject } from 'react';
import type uPlot from 'uplot';
import { alarmMarkElement, type AlarmMarkProps } from '../../ui/index.ts';
import { watchAge } from '../../ui/ageClock.ts';
import { staleGlyph, type StaleMark, type StaleReason } from '../../domain/valueStanding.ts';
import type { PlotSeries } from './plotModel.ts';

export interface LegendStale {
  reason: StaleReason;
  mark: StaleMark;
  /** The reason in words. */
  label: string;
  timestamp: number | null;
}

/** Without a cursor over the plot the legend shows the last point in view. */
export function showNewest(u: uPlot): void {
  if (u.cursor.idx != null) return;
  const xs = u.data[0];
  const max = u.scales.x?.max ?? Infinity;
  let i = xs.length - 1;
  while (i > 0 && (xs[i] as number) > max) i--;
  if (i >= 0) u.setLegend({ idx: i });
}

/** Each series' legend row and its name cell (the first row is the x axis's). */
function forEachLegendRow<S>(
  u: uPlot,
  series: readonly S[],
  visit: (s: S, row: HTMLElement, cell: HTMLTableCellElement) => void,
): void {
  const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
  series.forEach((s, i) => {
    const row = rows[i + 1];
    const cell = row?.querySelector('th');
    if (row && cell) visit(s, row, cell);
  });
}

export interface LegendMarks {
  series: readonly PlotSeries[];
  /** Changes when the plot is built anew (its legend rows with it). */
  layoutKey: string;
  theme: string;
  legendAlarms?: ReadonlyMap<string, AlarmMarkProps>;
  legendStale?: ReadonlyMap<string, LegendStale>;
  formatAge?: (ageMs: number) => string;
}

/** The alarm and stale marks beside the legend rows of `plot`, kept up to date. */
export function useLegendMarks(plot: RefObject<uPlot | null>, marks: LegendMarks): void {
  const { series, layoutKey, theme, legendAlarms, legendStale, formatAge } = marks;
  // The alarm state of each series' PV beside its legend entry.
  const alarmsKey = [...(legendAlarms ?? new Map<string, AlarmMarkProps>())]
    .map(([id, a]) => `${id}:${a.priority}:${a.phase}:${a.fill ?? ''}:${a.label}`)
    .join('|');
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    forEachLegendRow(u, series, (s, row, cell) => {
      cell.querySelector('.alarm-mark')?.remove();
      const alarm = legendAlarms?.get(s.id);
      if (alarm) {
        row.dataset.alarm = alarm.phase;
        cell.prepend(alarmMarkElement(document, { ...alarm, className: 'legend-alarm-mark' }));
      } else delete row.dataset.alarm;
    });
    // alarmsKey stands for legendAlarms; the plot is rebuilt with the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alarmsKey, layoutKey, theme]);

  // A series whose PV's live value is stale: its mark and age beside its legend entry, its
  // read-out muted (domain/valueStanding.ts, the same rule as every view).
  const staleKey = [...(legendStale ?? new Map<string, LegendStale>())]
    .map(([id, s]) => `${id}:${s.reason}:${s.timestamp}:${s.label}`)
    .join('|');
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    const releases: (() => void)[] = [];
    forEachLegendRow(u, series, (s, row, cell) => {
      cell.querySelector('.legend-stale')?.remove();
      const stale = legendStale?.get(s.id);
      row.querySelector('td')?.classList.toggle('value-stale', Boolean(stale));
      if (!stale) {
        delete row.dataset.stale;
        return;
      }
      row.dataset.stale = stale.reason;
      const note = document.createElement('span');
      note.className = `stale-note legend-stale stale-${stale.mark}`;
      note.dataset.stale = stale.reason;
      const mark = document.createElement('span');
      mark.className = `stale-mark stale-mark-${stale.mark}`;
      mark.setAttribute('role', 'img');
      mark.setAttribute('aria-label', stale.label);
      mark.textContent = staleGlyph(stale.mark);
      note.append(mark);
      note.title = stale.label;
      cell.append(note);
      if (stale.timestamp === null || !formatAge) return;
      // The age keeps ticking, written in place by the tab's one age clock (each second
      // under a minute, then each minute…), as every other age the tab shows.
      const text = document.createElement('time');
      text.className = 'stale-age';
      text.dateTime = new Date(stale.timestamp).toISOString();
      note.append(text);
      releases.push(
        watchAge(text, stale.timestamp, formatAge, (el, age) => {
          el.textContent = age;
          note.title = `${stale.label} · ${age}`;
        }),
      );
    });
    return () => releases.forEach((release) => release());
    // staleKey stands for legendStale; the plot is rebuilt with the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staleKey, layoutKey, theme]);
}
