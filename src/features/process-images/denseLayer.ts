/**
 * The value layer of a dense process image (issue 13): when an image binds many value texts
 * (at least DENSE_THRESHOLD), their values are drawn on one canvas above the SVG instead of
 * being written into the SVG texts. A changed SVG text costs layout and a repaint of the
 * whole image each frame; on the layer a value costs a copy of its glyphs' ink from a glyph
 * atlas into one pixel buffer, only where it changed (a live value mostly changes in its last
 * digits), and each frame hands the changed tiles of that buffer to the canvas (fillText
 * costs about 10 µs a value in Chromium's software canvas). The SVG texts stay in place,
 * transparent, so clicks, focus and hit-testing work as before; a text's DOM content
 * is brought up to date when the pointer or focus reaches it. A text whose PV is in alarm
 * goes back to the SVG, where it carries the alarm mark of the UI kit, and returns to the
 * canvas when the alarm has gone.
 */
import type { QualityClass } from '../../domain/pvFormat.ts';
import {
  clearRect,
  GlyphAtlas,
  parseColor,
  type GlyphFont,
  type PixelBuffer,
  type Rgb,
} from './glyphAtlas.ts';
import type { View } from './useZoomPan.ts';

/** From this many pure value texts on, an image draws its values on the canvas. */
export const DENSE_THRESHOLD = 1000;
/** The class that makes an SVG text transparent while the canvas draws its value. */
export const ON_CANVAS_CLASS = 'pi-on-canvas';
/** Side of the tiles the pixel buffer is handed to the canvas in (device pixels). */
const TILE = 128;
/** During a burst the canvas is updated at least this often (ms). */
const FLUSH_EVERY_MS = 100;

interface Cell {
  el: SVGTextElement;
  /** Anchor point (middle of the line) and font size in image units. */
  x: number;
  y: number;
  size: number;
  align: 'left' | 'center' | 'right';
  font: string;
  italic: boolean;
  color: Rgb;
  text: string;
  quality: QualityClass;
  /** The buffer rectangle last drawn (device pixels), null when nothing is drawn. */
  drawn: { x: number; y: number; w: number; h: number } | null;
  /** Where the text last drawn starts (pen at its left, top of its line), device pixels. */
  penLeft: number;
  penTop: number;
  /** The glyphs the cell is drawn with at the current view (null: look up again). */
  face: GlyphFont | null;
  faceItalic: boolean;
  /** In alarm: shown by the SVG text itself. */
  inSvg: boolean;
}

export interface DenseColors {
  bad: string;
  uncertain: string;
}

export class DenseValueLayer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly cells = new Map<Element, Cell>();
  private readonly atlas = new GlyphAtlas();
  private readonly bad: Rgb;
  private readonly uncertain: Rgb;
  private view: View = { x: 0, y: 0, scale: 1 };
  private image: ImageData | null = null;
  /** The layer's pixels (the image's data), drawn into and handed over by tiles. */
  private buffer: PixelBuffer = { pixels: new Uint32Array(0), width: 0, height: 0 };
  private dpr = 1;
  private flushedAt = 0;
  /** Tiles changed since the last flush, as `row * columns + column`. */
  private readonly dirtyTiles = new Set<number>();

  constructor(
    viewport: HTMLElement,
    host: Element,
    texts: readonly SVGTextElement[],
    scale: number,
    colors: DenseColors,
  ) {
    this.canvas = viewport.ownerDocument.createElement('canvas');
    this.canvas.className = 'pi-dense-layer';
    this.canvas.setAttribute('aria-hidden', 'true');
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    this.ctx = ctx;
    this.bad = parseColor(colors.bad);
    this.uncertain = parseColor(colors.uncertain);
    const origin = host.getBoundingClientRect();
    const s = scale || 1;
    // An image's texts share a few fonts and colours: each cell points at one string or
    // colour of its kind, not a copy of its own (1,000 copies of a font family list were
    // 0.17 MB of the tab's heap).
    const shared = new Map<string, string>();
    const fills = new Map<string, Rgb>();
    const one = (text: string) => shared.get(text) ?? (shared.set(text, text), text);
    const colorOf = (css: string) =>
      fills.get(css) ?? (fills.set(css, parseColor(css)), fills.get(css)!);
    // One pass of reads (one layout) before any write.
    for (const el of texts) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const ctm = el.getScreenCTM();
      const k = ctm ? Math.hypot(ctm.a, ctm.b) / s : 1;
      const anchor = style.textAnchor;
      const align = anchor === 'middle' ? 'center' : anchor === 'end' ? 'right' : 'left';
      const left = (r.left - origin.left) / s;
      const width = r.width / s;
      this.cells.set(el, {
        el,
        x: align === 'center' ? left + width / 2 : align === 'right' ? left + width : left,
        y: (r.top - origin.top) / s + r.height / s / 2,
        size: (parseFloat(style.fontSize) || 10) * k,
        align,
        font: one(`${style.fontWeight} %SIZE%px ${style.fontFamily}`),
        italic: style.fontStyle === 'italic',
        color: colorOf(style.fill && style.fill !== 'none' ? style.fill : '#1e2327'),
        text: el.textContent ?? '',
        quality: null,
        drawn: null,
        penLeft: 0,
        penTop: 0,
        face: null,
        faceItalic: false,
        inSvg: false,
      });
    }
    for (const cell of this.cells.values()) cell.el.classList.add(ON_CANVAS_CLASS);
    viewport.append(this.canvas);
  }

  /** Whether the layer draws this element's value. */
  has(el: Element): boolean {
    return this.cells.has(el);
  }

  /** The text the layer shows for an element now (what the eye sees), or null. */
  shownText(el: Element): string | null {
    const cell = this.cells.get(el);
    if (!cell) return null;
    return cell.inSvg ? (cell.el.textContent ?? '') : cell.drawn ? cell.text : null;
  }

  /** A new value for an element: drawn into the buffer when it lies on the canvas. */
  set(el: Element, text: string, quality: QualityClass): void {
    const cell = this.cells.get(el);
    if (!cell) return;
    if (cell.text === text && cell.quality === quality && (cell.drawn || cell.inSvg)) return;
    const before = cell.text;
    const sameLook = cell.quality === quality;
    cell.text = text;
    cell.quality = quality;
    if (cell.inSvg) return;
    if (sameLook && this.redrawChanged(cell, before)) return;
    this.clear(cell);
    this.draw(cell);
  }

  /**
   * A value of the same look that changed in a few characters (a live value mostly does, in
   * its last digits): only their columns are cleared and drawn again. False when the text
   * must be drawn anew (other length or widths, struck through, not drawn whole).
   */
  private redrawChanged(cell: Cell, before: string): boolean {
    const d = cell.drawn;
    if (!d || cell.quality === 'qualitybad' || !cell.face) return false;
    const span = cell.face.update(
      before,
      cell.text,
      this.buffer,
      cell.penLeft,
      cell.penTop,
      this.colorOf(cell),
    );
    if (!span) return false;
    if (span.x1 > span.x0) {
      this.touch({ x: span.x0, y: d.y, w: span.x1 - span.x0, h: d.h });
      // A changed glyph may ink a column or two beyond the old one's: the box covers both.
      const x0 = Math.min(d.x, span.x0);
      cell.drawn = { x: x0, y: d.y, w: Math.max(d.x + d.w, span.x1) - x0, h: d.h };
    }
    return true;
  }

  /** Whether an element is shown by the SVG now (its PV is or was just in alarm). */
  isInSvg(el: Element): boolean {
    return this.cells.get(el)?.inSvg ?? false;
  }

  /** Hands an element to the SVG (alarm) or back to the canvas. */
  setInSvg(el: Element, inSvg: boolean): void {
    const cell = this.cells.get(el);
    if (!cell || cell.inSvg === inSvg) return;
    cell.inSvg = inSvg;
    cell.el.classList.toggle(ON_CANVAS_CLASS, !inSvg);
    if (inSvg) this.clear(cell);
    else this.draw(cell);
  }

  /** Brings an SVG text's content up to what the canvas shows (pointer or focus on it). */
  syncDom(el: Element): void {
    const cell = this.cells.get(el);
    if (cell && !cell.inSvg && cell.el.textContent !== cell.text) cell.el.textContent = cell.text;
  }

  /**
   * Hands the tiles changed since the last hand-over to the canvas. While a burst of changes
   * is being written over several frames (`more`), at most every FLUSH_EVERY_MS: handing
   * over costs by area, and a burst touches most of the image in every one of its frames.
   */
  flush(more: boolean): void {
    const image = this.image;
    if (!image || this.dirtyTiles.size === 0) return;
    const now = performance.now();
    if (more && now - this.flushedAt < FLUSH_EVERY_MS) return;
    this.flushedAt = now;
    const columns = Math.ceil(this.buffer.width / TILE);
    for (const tile of this.dirtyTiles) {
      const x = (tile % columns) * TILE;
      const y = Math.floor(tile / columns) * TILE;
      this.ctx.putImageData(image, 0, 0, x, y, TILE, TILE);
    }
    this.dirtyTiles.clear();
  }

  /** The view or the viewport changed: the whole layer is drawn anew. */
  setView(view: View, viewport: { width: number; height: number }): void {
    this.view = view;
    const dpr = globalThis.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(viewport.width * dpr));
    const h = Math.max(1, Math.round(viewport.height * dpr));
    if (w !== this.buffer.width || h !== this.buffer.height || dpr !== this.dpr || !this.image) {
      this.dpr = dpr;
      this.canvas.width = w;
      this.canvas.height = h;
      this.canvas.style.width = `${viewport.width}px`;
      this.canvas.style.height = `${viewport.height}px`;
      this.image = this.ctx.createImageData(w, h);
      this.buffer = { pixels: new Uint32Array(this.image.data.buffer), width: w, height: h };
    } else {
      this.buffer.pixels.fill(0);
    }
    for (const cell of this.cells.values()) {
      cell.drawn = null;
      cell.face = null;
      if (!cell.inSvg) this.draw(cell);
    }
    this.ctx.putImageData(this.image, 0, 0);
    this.dirtyTiles.clear();
  }

  dispose(): void {
    this.canvas.remove();
    for (const cell of this.cells.values()) cell.el.classList.remove(ON_CANVAS_CLASS);
    this.cells.clear();
    this.image = null;
  }

  private clear(cell: Cell): void {
    const d = cell.drawn;
    if (!d) return;
    clearRect(this.buffer, d.x, d.y, d.x + d.w, d.y + d.h);
    this.touch(d);
    cell.drawn = null;
  }

  /** The cell's glyphs at the current view, looked up once per view and slant. */
  private faceOf(cell: Cell): GlyphFont {
    const italic = cell.italic || cell.quality === 'qualityuncertain';
    if (cell.face && cell.faceItalic === italic) return cell.face;
    const px = cell.size * this.view.scale * this.dpr;
    cell.face = this.atlas.font(cell.font.replace('%SIZE%', px.toFixed(2)), italic);
    cell.faceItalic = italic;
    return cell.face;
  }

  private colorOf(cell: Cell): Rgb {
    return cell.quality === 'qualitybad'
      ? this.bad
      : cell.quality === 'qualityuncertain'
        ? this.uncertain
        : cell.color;
  }

  private draw(cell: Cell): void {
    if (!this.image) return;
    const { view, dpr } = this;
    const font = this.faceOf(cell);
    const textWidth = font.measure(cell.text);
    const cx = (view.x + cell.x * view.scale) * dpr;
    const cy = (view.y + cell.y * view.scale) * dpr;
    const left = Math.round(
      cell.align === 'center' ? cx - textWidth / 2 : cell.align === 'right' ? cx - textWidth : cx,
    );
    const top = Math.round(cy - font.lineHeight / 2);
    // The box covers the ink (an italic or a wide glyph overhangs its advance) and the
    // strike-through, clipped to the canvas; what lies outside is drawn when a pan or zoom
    // brings it in.
    const ink = font.inkSpan(cell.text, left);
    const x0 = Math.max(0, Math.min(ink.x0, left));
    const y0 = Math.max(0, top);
    const { pixels, width, height } = this.buffer;
    const x1 = Math.min(width, Math.max(ink.x1, left + Math.ceil(textWidth) + 1));
    const y1 = Math.min(height, top + font.lineHeight);
    if (x1 <= x0 || y1 <= y0) return;
    const color = this.colorOf(cell);
    font.draw(cell.text, this.buffer, left, top, color);
    if (cell.quality === 'qualitybad') {
      // Bad values are struck through, as in the SVG: never colour alone.
      const px = cell.size * view.scale * dpr;
      const row = Math.min(y1 - 1, Math.max(y0, Math.round(cy)));
      const thickness = Math.max(1, Math.round(px * 0.08));
      const strike = color.packed | 0xff000000;
      for (let r = row; r < Math.min(y1, row + thickness); r++)
        pixels.fill(strike, r * width + x0, r * width + x1);
    }
    cell.penLeft = left;
    cell.penTop = top;
    cell.drawn = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    this.touch(cell.drawn);
  }

  private touch(d: { x: number; y: number; w: number; h: number }): void {
    const columns = Math.ceil(this.buffer.width / TILE);
    for (let ty = Math.floor(d.y / TILE); ty <= Math.floor((d.y + d.h - 1) / TILE); ty++) {
      for (let tx = Math.floor(d.x / TILE); tx <= Math.floor((d.x + d.w - 1) / TILE); tx++) {
        this.dirtyTiles.add(ty * columns + tx);
      }
    }
  }
}
