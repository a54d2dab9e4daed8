/**
 * Writes live changes into a process image within a per-frame budget (issue 13, the dense
 * view). A change only marks its PV dirty; each animation frame writes dirty PVs, newest
 * value wins because the write reads the store at that moment, until the budget is spent,
 * and the rest waits for the next frame. So a tick that changes 20,000 values is spread
 * over frames instead of being one long task, a hidden tab (no animation frames) does no
 * work at all until it is shown, and PVs whose elements are all outside the visible part
 * of the image wait until a pan or zoom brings them into view. Elements on screen are
 * written however small they are drawn.
 */

/** Where an element lies in image units (the host's untransformed pixels). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of the image that is on screen, in image units; null = all of it. */
export type VisibleArea = Box | null;

/**
 * The part of an image of `size` on screen in a viewport showing it at `view` (translate,
 * then scale, as the page draws it); null when all of it is on screen.
 */
export function visibleArea(
  view: { x: number; y: number; scale: number },
  viewport: { width: number; height: number },
  size: { width: number; height: number },
): VisibleArea {
  if (!(view.scale > 0) || viewport.width <= 0 || viewport.height <= 0) return null;
  const x = -view.x / view.scale;
  const y = -view.y / view.scale;
  const width = viewport.width / view.scale;
  const height = viewport.height / view.scale;
  if (x <= 0 && y <= 0 && x + width >= size.width && y + height >= size.height) return null;
  return { x, y, width, height };
}

export interface FrameWriterOptions {
  /** Writes one PV's elements; called with its key. */
  write(key: string): void;
  /** Boxes of a PV's elements (measured once); empty = always written. */
  boxes(key: string): readonly Box[];
  /**
   * After a frame's writes: work done once for all of them (alarm marks read layout once,
   * the dense layer hands its pixels over); `more` when writes wait for the next frame.
   */
  afterFrame?: (more: boolean) => void;
  /** Main-thread budget per frame in ms. */
  budgetMs?: number;
  now?: () => number;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

/** Spare room around the visible area, so a small pan shows values already written. */
const MARGIN = 64;
/** How many writes between clock reads (the clock is not free either). */
const CHECK_EVERY = 16;

export class FrameWriter {
  private readonly dirty = new Set<string>();
  /** Dirty PVs out of view: written when the visible area comes to them. */
  private readonly parked = new Set<string>();
  private area: VisibleArea = null;
  private handle: number | null = null;
  private disposed = false;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private readonly requestFrame: (callback: () => void) => number;
  private readonly cancelFrame: (handle: number) => void;

  constructor(private readonly options: FrameWriterOptions) {
    this.budgetMs = options.budgetMs ?? 6;
    this.now = options.now ?? (() => performance.now());
    this.requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
    this.cancelFrame = options.cancelFrame ?? ((h) => cancelAnimationFrame(h));
  }

  /** A PV changed: its elements are written in one of the next frames. */
  markDirty(key: string): void {
    if (this.disposed) return;
    this.parked.delete(key);
    this.dirty.add(key);
    this.schedule();
  }

  /** The visible part of the image moved (pan, zoom, resize): parked PVs may be due. */
  setVisibleArea(area: VisibleArea): void {
    this.area = area;
    if (this.parked.size === 0) return;
    for (const key of this.parked) this.dirty.add(key);
    this.parked.clear();
    this.schedule();
  }

  /** PVs waiting for a frame or for view (for tests and the bench). */
  get pending(): number {
    return this.dirty.size + this.parked.size;
  }

  /** Writes everything dirty now, in view or not (before a screenshot or print). */
  flushAll(): void {
    for (const key of this.parked) this.dirty.add(key);
    this.parked.clear();
    for (const key of this.dirty) this.options.write(key);
    this.dirty.clear();
    this.options.afterFrame?.(false);
  }

  dispose(): void {
    this.disposed = true;
    if (this.handle !== null) this.cancelFrame(this.handle);
    this.handle = null;
    this.dirty.clear();
    this.parked.clear();
  }

  private schedule(): void {
    if (this.handle !== null || this.dirty.size === 0) return;
    this.handle = this.requestFrame(() => {
      this.handle = null;
      this.runFrame();
    });
  }

  private runFrame(): void {
    const deadline = this.now() + this.budgetMs;
    let count = 0;
    for (const key of this.dirty) {
      this.dirty.delete(key);
      if (!this.inView(key)) {
        this.parked.add(key);
        continue;
      }
      this.options.write(key);
      if (++count % CHECK_EVERY === 0 && this.now() >= deadline) break;
    }
    this.options.afterFrame?.(this.dirty.size > 0);
    this.schedule();
  }

  private inView(key: string): boolean {
    const area = this.area;
    if (!area) return true;
    const boxes = this.options.boxes(key);
    if (boxes.length === 0) return true;
    for (const b of boxes) {
      if (
        b.x + b.width >= area.x - MARGIN &&
        b.x <= area.x + area.width + MARGIN &&
        b.y + b.height >= area.y - MARGIN &&
        b.y <= area.y + area.height + MARGIN
      ) {
        return true;
      }
    }
    return false;
  }
}
