/**
 * WCAG 2.2 contrast (success criteria 1.4.3 and 1.4.11): relative luminance and contrast
 * ratio of sRGB colours, and the text colour that reads on a fill.
 */
import type { Rgba } from '../contract/alerts.ts';

type Rgb = Pick<Rgba, 'r' | 'g' | 'b'>;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(c: Rgb): number {
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const BLACK: Rgb = { r: 0, g: 0, b: 0 };
export const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** Black or white, whichever contrasts more with the fill. */
export function readableTextOn(fill: Rgb): '#000000' | '#ffffff' {
  return contrastRatio(fill, BLACK) >= contrastRatio(fill, WHITE) ? '#000000' : '#ffffff';
}
