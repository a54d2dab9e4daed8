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

/** A glyph as rasterised: its advance and an alpha mask of `width` × the line height. */
export interface RasterGlyph {
  advance: number;
  width: number;
  /** Where the mask starts relative to the pen position (overhang of italics). */
  offset: number;
  alpha: Uint8Array;
}

/** Rasterises one character of a font at a line height (the canvas in the browser). */
export type Rasterize = (ch: string, font: string, lineHeight: number) => RasterGlyph;

/**
 * A glyph as drawn: only its inked pixels, as parallel lists (a digit inks about a third of
 * its box, and a loop over the whole mask tests every empty pixel), and the columns its ink
 * spans relative to the pen.
 */
interface Glyph {
  advance: number;
  inkX: Int16Array;
  inkY: Int16Array;
  inkA: Uint8Array;
  /** Leftmost and one past the rightmost inked column, relative to the rounded pen. */
  left: number;
  right: number;
}

/** Room left and right of a glyph for what overhangs its advance. */
const PAD = 2;

/** The browser's rasteriser: fillText on a scratch canvas, alpha read back once per glyph. */
function canvasRasterizer(): Rasterize {
  let scratch: CanvasRenderingContext2D | null = null;
  return (ch, font, height) => {
    scratch ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const ctx = scratch;
    if (!ctx) throw new Error('no 2d canvas');
    ctx.font = font;
    const advance = ctx.measureText(ch).width;
    const width = Math.max(1, Math.ceil(advance) + 2 * PAD);
    if (ctx.canvas.width < width || ctx.canvas.height < height) {
      ctx.canvas.width = Math.max(ctx.canvas.width, width);
      ctx.canvas.height = Math.max(ctx.canvas.height, height);
      ctx.font = font;
    }
    ctx.clearRect(0, 0, width, height);
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillStyle = '#000';
    ctx.fillText(ch, PAD, height / 2);
    const data = ctx.getImageData(0, 0, width, height).data;
    const alpha = new Uint8Array(width * height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3]!;
    return { advance, width, offset: -PAD, alpha };
  };
}

/** RGBA pixels (one Uint32 each), `width` × `height`, that glyphs are drawn into. */
export interface PixelBuffer {
  pixels: Uint32Array;
  width: number;
  height: number;
}

/** Clears [x0, x1) × [y0, y1) of a buffer (coordinates inside it). */
export function clearRect(
  { pixels, width }: PixelBuffer,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  for (let row = y0; row < y1; row++) {
    // A value's box is a few dozen pixels wide: a plain loop beats fill's call.
    for (let i = row * width + x0, end = row * width + x1; i < end; i++) pixels[i] = 0;
  }
}

/** The columns a drawn text's pixels changed in: [x0, x1) of the buffer. */
export interface Span {
  x0: number;
  x1: number;
}

export class GlyphFont {
  readonly lineHeight: number;
  private readonly glyphs = new Map<string, Glyph>();
  /** ASCII and Latin-1 glyphs by char code: a value's text is nearly all of them. */
  private readonly byCode: (Glyph | undefined)[] = [];

  constructor(
    private readonly font: string,
    sizePx: number,
    private readonly rasterize: Rasterize = canvasRasterizer(),
  ) {
    this.lineHeight = Math.max(1, Math.ceil(sizePx * 1.3));
  }

  measure(text: string): number {
    let width = 0;
    for (let i = 0; i < text.length; i++) width += this.at(text, i).advance;
    return width;
  }

  /**
   * Draws `text` with its top-left at (left, top) into `buffer`, only in the columns
   * [clipX0, clipX1). Where two glyphs overlap the stronger ink stays.
   */
  draw(
    text: string,
    buffer: PixelBuffer,
    left: number,
    top: number,
    color: Rgb,
    clipX0 = 0,
    clipX1 = buffer.width,
  ): void {
    const { pixels, width, height } = buffer;
    const rgb = color.packed & 0xffffff;
    const x0 = Math.max(0, clipX0);
    const x1 = Math.min(width, clipX1);
    const inRows = top >= 0 && top + this.lineHeight <= height;
    let pen = left;
    for (let i = 0; i < text.length; i++) {
      const g = this.at(text, i);
      const gx = Math.round(pen);
      pen += g.advance;
      if (gx + g.right <= x0 || gx + g.left >= x1) continue;
      const { inkX, inkY, inkA } = g;
      if (inRows && gx + g.left >= x0 && gx + g.right <= x1) {
        // Wholly inside: no test per pixel.
        const base = top * width + gx;
        for (let k = 0; k < inkA.length; k++) {
          const p = base + inkY[k]! * width + inkX[k]!;
          const a = inkA[k]!;
          if (pixels[p]! >>> 24 < a) pixels[p] = ((a << 24) | rgb) >>> 0;
        }
        continue;
      }
      for (let k = 0; k < inkA.length; k++) {
        const px = gx + inkX[k]!;
        const py = top + inkY[k]!;
        if (px < x0 || px >= x1 || py < 0 || py >= height) continue;
        const p = py * width + px;
        const a = inkA[k]!;
        if (pixels[p]! >>> 24 < a) pixels[p] = ((a << 24) | rgb) >>> 0;
      }
    }
  }

  /**
   * Where `next`, drawn at the same left, inks differently from `drawn`: the columns of the
   * characters that differ, old ink and new. Null when the texts differ in length or a
   * changed character differs in advance (what follows moves: draw it anew). A live value
   * mostly changes in its last digits, so this is a few glyphs of the text.
   */
  changedSpan(drawn: string, next: string, left: number): Span | null {
    if (drawn.length !== next.length) return null;
    let x0 = Infinity;
    let x1 = -Infinity;
    let pen = left;
    for (let i = 0; i < next.length; i++) {
      const now = this.at(next, i);
      if (drawn.charCodeAt(i) !== next.charCodeAt(i)) {
        const was = this.at(drawn, i);
        if (was.advance !== now.advance) return null;
        const gx = Math.round(pen);
        x0 = Math.min(x0, gx + Math.min(was.left, now.left));
        x1 = Math.max(x1, gx + Math.max(was.right, now.right));
      }
      pen += now.advance;
    }
    return x1 > x0 ? { x0, x1 } : { x0: 0, x1: 0 };
  }

  /** The columns `text` drawn at `left` inks: [x0, x1) (x0 = x1 without ink). */
  inkSpan(text: string, left: number): Span {
    let x0 = Infinity;
    let x1 = -Infinity;
    let pen = left;
    for (let i = 0; i < text.length; i++) {
      const g = this.at(text, i);
      const gx = Math.round(pen);
      pen += g.advance;
      if (g.right <= g.left) continue;
      x0 = Math.min(x0, gx + g.left);
      x1 = Math.max(x1, gx + g.right);
    }
    return x1 > x0 ? { x0, x1 } : { x0: Math.round(left), x1: Math.round(left) };
  }

  /**
   * Draws `next` over `drawn` (both at left, top) in the columns where they differ: those
   * are cleared over the line and drawn again, clipped, from every glyph of `next` that
   * reaches into them (a neighbour's overhang included), so the pixels equal a fresh draw of
   * `next` (GA1). Returns the columns written, or null when `next` must be drawn anew.
   */
  update(
    drawn: string,
    next: string,
    buffer: PixelBuffer,
    left: number,
    top: number,
    color: Rgb,
  ): Span | null {
    const span = this.changedSpan(drawn, next, left);
    if (!span) return null;
    const x0 = Math.max(0, span.x0);
    const x1 = Math.min(buffer.width, span.x1);
    if (x1 <= x0) return { x0, x1: x0 };
    const bottom = Math.min(buffer.height, top + this.lineHeight);
    clearRect(buffer, x0, Math.max(0, top), x1, bottom);
    this.draw(next, buffer, left, top, color, x0, x1);
    return { x0, x1 };
  }

  /** The glyph of text[i] (a lone surrogate half draws as what the font makes of it). */
  private at(text: string, i: number): Glyph {
    const code = text.charCodeAt(i);
    if (code < 256) return this.byCode[code] ?? (this.byCode[code] = this.glyph(text[i]!));
    return this.glyph(text[i]!);
  }

  private glyph(ch: string): Glyph {
    let g = this.glyphs.get(ch);
    if (g) return g;
    const raster = this.rasterize(ch, this.font, this.lineHeight);
    const xs: number[] = [];
    const ys: number[] = [];
    const as: number[] = [];
    let left = Infinity;
    let right = -Infinity;
    for (let y = 0; y < this.lineHeight; y++) {
      for (let x = 0; x < raster.width; x++) {
        const a = raster.alpha[y * raster.width + x] ?? 0;
        if (a === 0) continue;
        xs.push(x + raster.offset);
        ys.push(y);
        as.push(a);
        left = Math.min(left, x + raster.offset);
        right = Math.max(right, x + raster.offset + 1);
      }
    }
    g = {
      advance: raster.advance,
      inkX: Int16Array.from(xs),
      inkY: Int16Array.from(ys),
      inkA: Uint8Array.from(as),
      left: as.length ? left : 0,
      right: as.length ? right : 0,
    };
    this.glyphs.set(ch, g);
    return g;
  }
}

/** Fonts by their CSS font string; zooming makes new sizes, so only the newest are kept. */
export class GlyphAtlas {
  private readonly fonts = new Map<string, GlyphFont>();

  constructor(private readonly rasterize: Rasterize = canvasRasterizer()) {}

  font(css: string, italic: boolean): GlyphFont {
    const key = italic ? `italic ${css}` : css;
    let f = this.fonts.get(key);
    if (f) return f;
    if (this.fonts.size >= 12) this.fonts.delete(this.fonts.keys().next().value!);
    f = new GlyphFont(key, sizeOf(css), this.rasterize);
    this.fonts.set(key, f);
    return f;
  }
}

function sizeOf(css: string): number {
  const m = /([\d.]+)px/.exec(css);
  return m ? Number(m[1]) : 10;
}
