/**
 * How every chart line treats missing data (server/field/SPEC.md GP). A null in a series is a
 * gap the archive has (an outage, a bad value; server/charts/gaps.ts marks them): the line
 * breaks there, never a straight line across. An undefined is a time only another series has
 * (aligned columns, workers/charts/align.ts): uPlot bridges it, so series sampled at different
 * times still draw as lines.
 */
import type uPlot from 'uplot';

export const LINE_GAPS = { spanGaps: false } as const satisfies Partial<uPlot.Series>;

/**
 * Series lines are one pixel wide, in every chart. Skia draws a stroke of at most one device
 * pixel as a hairline; a wider one (1.5 px until 2026-11) is stroked into an outline and filled,
 * and in software rendering (no GPU) that cost about 5 ms a series of 365 points, run on the
 * main thread when the canvas is flushed after the draw (bench/README.md, "The canvas flush
 * after the draw").
 */
export const SERIES_LINE_WIDTH = 1;
