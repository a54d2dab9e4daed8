/**
 * GA: the glyphs of the dense value layer (glyphAtlas.ts). The rasteriser is a fake with
 * glyphs of different advances and ink that overhangs the advance (as italics do), so what
 * is checked is the pixel arithmetic: a value redrawn only where it changed (GA1) must leave
 * exactly the pixels of a fresh draw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GlyphFont,
  type RasterGlyph,
  type Rasterize,
} from '../../../src/features/process-images/glyphAtlas.ts';
import { testSize } from '../../support/testSize.ts';

const LINE = 9;

/** Deterministic glyphs: '1' and ' ' narrower, '%' and 'W' wider; ink from the char code. */
const fakeRaster: Rasterize = (ch): RasterGlyph => {
  const code = ch.charCodeAt(0);
  const advance = ch === '1' || ch === ' ' ? 3.5 : ch === '%' || ch === 'W' ? 7.25 : 5.5;
  const width = Math.ceil(advance) + 4;
  const alpha = new Uint8Array(width * LINE);
  if (ch !== ' ') {
    for (let y = 1; y < LINE - 1; y++)
      for (let x = 0; x < width; x++) {
        // Ink across the whole mask, the pads included: neighbours overlap.
        if ((x * 7 + y * 3 + code) % 4 !== 0)
          alpha[y * width + x] = (code * 37 + x * 11 + y) % 255 || 1;
      }
  }
  return { advance, width, offset: -2, alpha };
};

const W = 48;
const H = 14;
const ink = { packed: 0x123456 };

function fresh(font: GlyphFont, text: string, left: number, top: number): Uint32Array {
  const pixels = new Uint32Array(W * H);
  font.draw(text, { pixels, width: W, height: H }, left, top, ink);
  return pixels;
}

const text = fc
  .array(fc.constantFrom(...'0123456789,.-1 %W'), { maxLength: 8 })
  .map((chars) => chars.join(''));

describe('GA glyph atlas', () => {
  it('GA1: a value updated where it changed equals the value drawn anew', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.integer({ min: -6, max: 30 }),
        fc.integer({ min: -4, max: 8 }),
        (before, after, left, top) => {
          const font = new GlyphFont('test', LINE / 1.3, fakeRaster);
          const pixels = fresh(font, before, left, top);
          const span = font.update(before, after, { pixels, width: W, height: H }, left, top, ink);
          if (span === null) {
            // Only where the layout moves: other length, or a changed glyph of other width.
            const moved =
              before.length !== after.length ||
              [...after].some(
                (ch, i) => ch !== before[i] && font.measure(ch) !== font.measure(before[i]!),
              );
            expect(moved).toBe(true);
            return;
          }
          expect(pixels).toEqual(fresh(font, after, left, top));
        },
      ),
      { numRuns: testSize(500, 2000) },
    );
  });

  it('GA2: an update redraws only the columns of the changed characters', () => {
    const font = new GlyphFont('test', LINE / 1.3, fakeRaster);
    const pixels = fresh(font, '23,45', 4, 2);
    // '4' → '7' is the fourth glyph: pen 4 + 3 × 5.5 = 20.5, rounded 21, ink from 21 − 2.
    expect(font.update('23,45', '23,75', { pixels, width: W, height: H }, 4, 2, ink)).toEqual({
      x0: 19,
      x1: 29,
    });
    expect(font.update('23,75', '23,75', { pixels, width: W, height: H }, 4, 2, ink)).toEqual({
      x0: 0,
      x1: 0,
    });
    expect(font.update('23,75', '23,7', { pixels, width: W, height: H }, 4, 2, ink)).toBeNull();
    expect(font.update('23,75', '23,15', { pixels, width: W, height: H }, 4, 2, ink)).toBeNull();
  });

  it('GA3: ink spans cover every inked column, overhang included', () => {
    const font = new GlyphFont('test', LINE / 1.3, fakeRaster);
    for (const t of ['8', '1W%', '-12,5 %']) {
      const pixels = fresh(font, t, 10, 2);
      const span = font.inkSpan(t, 10);
      for (let i = 0; i < pixels.length; i++) {
        if (pixels[i] === 0) continue;
        const x = i % W;
        expect(x).toBeGreaterThanOrEqual(span.x0);
        expect(x).toBeLessThan(span.x1);
      }
    }
  });
});
