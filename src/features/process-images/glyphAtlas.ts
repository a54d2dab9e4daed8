/**
 * Glyphs of a font rasterised once, as alpha masks, and copied into a pixel buffer (the dense
 * value layer, denseLayer.ts). A value's text is a handful of digits, a sign, a separator and
 * its unit, so a few dozen glyphs per font serve a whole image; copying a glyph's pixels is
 * far cheaper than a canvas fillText. Glyphs sit at whole pixels and without kerning, which
 * for numbers in a tabular grid is what one draws anyway.
 */

/** A colour as the bytes of an RGBA pixel (little-endian Uint32: R in the low byte). */
export interface Rgb {
  packed: number;
}

/** Parses `#rgb`, `#rrggbb` and `rgb(…)`/`rgba(…)`; anything else is a dark ink. */
export function parseColor(css: string): Rgb {
  const value = css.trim();
  let r = 0x1e;
  let g = 0x23;
  let b = 0x27;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    r = parseInt(full.slice(0, 2), 16);
    g = parseInt(full.slice(2, 4), 16);
    b = parseInt(full.slice(4, 6), 16);
  } else if (rgb) {
    r = Number(rgb[1]);
    g = Number(rgb[2]);
    b = Number(rgb[3]);
  }
  return { packed: ((b & 0xff) << 16) | ((g & 0xff) << 8) | (r & 0xff) };
}

interface Glyph {
  advance: number;
  width: number;
  /** Where the mask starts relative to the pen position (overhang of italics). */
  offset: number;
  alpha: Uint8Array;
}

/** Room left and right of a glyph for what overhangs its advance. */
const PAD = 2;

export class GlyphFont {
  readonly lineHeight: number;
  private readonly glyphs = new Map<string, Glyph>();
  private readonly scratch: CanvasRenderingContext2D;

  constructor(
    private readonly font: string,
    sizePx: number,
  ) {
    this.lineHeight = Math.max(1, Math.ceil(sizePx * 1.3));
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    this.scratch = ctx;
  }

  measure(text: string): number {
    let width = 0;
    for (const ch of text) width += this.glyph(ch).advance;
    return width;
  }

  /** Draws `text` with its top-left at (left, top) into `pixels` (width × height). */
  draw(
    text: string,
    pixels: Uint32Array,
    width: number,
    height: number,
    left: number,
    top: number,
    color: Rgb,
  ): void {
    const rgb = color.packed & 0xffffff;
    let pen = left;
    for (const ch of text) {
      const g = this.glyph(ch);
      const gx = Math.round(pen) + g.offset;
      for (let y = 0; y < this.lineHeight; y++) {
        const py = top + y;
        if (py < 0 || py >= height) continue;
        const row = py * width;
        const mask = y * g.width;
        for (let x = 0; x < g.width; x++) {
          const a = g.alpha[mask + x]!;
          if (a === 0) continue;
          const px = gx + x;
          if (px < 0 || px >= width) continue;
          const i = row + px;
          // Where two glyphs overlap the stronger ink stays.
          if (pixels[i]! >>> 24 < a) pixels[i] = ((a << 24) | rgb) >>> 0;
        }
      }
      pen += g.advance;
    }
  }

  private glyph(ch: string): Glyph {
    let g = this.glyphs.get(ch);
    if (g) return g;
    const ctx = this.scratch;
    ctx.font = this.font;
    const advance = ctx.measureText(ch).width;
    const width = Math.max(1, Math.ceil(advance) + 2 * PAD);
    const height = this.lineHeight;
    if (ctx.canvas.width < width || ctx.canvas.height < height) {
      ctx.canvas.width = Math.max(ctx.canvas.width, width);
      ctx.canvas.height = Math.max(ctx.canvas.height, height);
      ctx.font = this.font;
    }
    ctx.clearRect(0, 0, width, height);
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillStyle = '#000';
    ctx.fillText(ch, PAD, height / 2);
    const data = ctx.getImageData(0, 0, width, height).data;
    const alpha = new Uint8Array(width * height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3]!;
    g = { advance, width, offset: -PAD, alpha };
    this.glyphs.set(ch, g);
    return g;
  }
}

/** Fonts by their CSS font string; zooming makes new sizes, so only the newest are kept. */
export class GlyphAtlas {
  private readonly fonts = new Map<string, GlyphFont>();

  font(css: string, italic: boolean): GlyphFont {
    const key = italic ? `italic ${css}` : css;
    let f = this.fonts.get(key);
    if (f) return f;
    if (this.fonts.size >= 12) this.fonts.delete(this.fonts.keys().next().value!);
    f = new GlyphFont(key, sizeOf(css));
    this.fonts.set(key, f);
    return f;
  }
}

function sizeOf(css: string): number {
  const m = /([\d.]+)px/.exec(css);
  return m ? Number(m[1]) : 10;
}
