/**
 * Who may edit a chart's annotations (SPEC §6 "currentUserCanEdit on charts"): the user needs
 * the editCharts right, and the chart itself must say this user may edit it (the server sets
 * `currentUserCanEdit` per user and chart). Otherwise the annotations are read-only and the
 * reason says which of the two is missing.
 */
import type { ChartConfig } from '../../contract/charts.ts';

export type ChartEditAccess = { may: true } | { may: false; reason: 'noRight' | 'notThisChart' };

export function chartEditAccess(
  hasEditChartsRight: boolean,
  chart: Pick<ChartConfig, 'currentUserCanEdit'>,
): ChartEditAccess {
  if (!hasEditChartsRight) return { may: false, reason: 'noRight' };
  if (!chart.currentUserCanEdit) return { may: false, reason: 'notThisChart' };
  return { may: true };
}
