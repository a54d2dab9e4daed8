/**
 * How every chart line treats missing data (server/field/SPEC.md GP). A null in a series is a
 * gap the archive has (an outage, a bad value; server/charts/gaps.ts marks them): the line
 * breaks there, never a straight line across. An undefined is a time only another series has
 * (aligned columns, workers/charts/align.ts): uPlot bridges it, so series sampled at different
 * times still draw as lines.
 */
import type uPlot from 'uplot';

export const LINE_GAPS = { spanGaps: false } as const satisfies Partial<uPlot.Series>;
