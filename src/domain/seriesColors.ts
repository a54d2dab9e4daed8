/**
 * The fixed palette of 18 series colours (SPEC §9). Every colour keeps a contrast of at least
 * 3:1 (WCAG non-text contrast) against white and against the dark theme's #121212, so one
 * palette serves both themes; the first ten are the most distinct hues, since most charts have
 * few series.
 */
export const SERIES_COLORS = [
  '#1f77b4',
  '#e6550d',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#d6379b',
  '#7f7f7f',
  '#918c00',
  '#0f9bab',
  '#3d5fd9',
  '#b5179e',
  '#1a7a4c',
  '#b86b00',
  '#0b6f8a',
  '#7c6fd6',
  '#c81e4a',
  '#5f8a00',
] as const;

/** The colour of the series at `index`, cycling through the palette. */
export function seriesColor(index: number): string {
  const n = SERIES_COLORS.length;
  return SERIES_COLORS[((index % n) + n) % n] as string;
}
