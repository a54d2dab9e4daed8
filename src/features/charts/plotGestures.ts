/**
 * Zoom and pan on the canvas (SPEC §2 charts: zoom and pan; CH2): drag to zoom (the select
 * hook in buildPlot.ts), wheel zoom around the pointer, touch pan with one finger and pinch
 * zoom with two, a double click for an annotation at that time. No range under a minute.
 */
import uPlot from 'uplot';
import type { TimeRange } from '../../domain/timeUnits.ts';

/** The shortest range a gesture may choose. */
export const MIN_SPAN_MS = 60_000;
const WHEEL_ZOOM = 1.25;

/** What the gestures read and call, as they are at the gesture. */
export interface GestureTarget {
  range: TimeRange;
  onRangeChange: (range: TimeRange) => void;
  onDoubleClick?: (timestamp: number) => void;
}

/** Wheel zoom around the pointer, touch pan with one finger and pinch zoom with two. */
export function attachGestures(u: uPlot, props: () => GestureTarget): () => void {
  const over = u.over;
  const rangeNow = (): TimeRange => props().range;
  const zoomAround = (t: number, factor: number, base = rangeNow()) => {
    const start = t - (t - base.start) * factor;
    const end = t + (base.end - t) * factor;
    if (end - start >= MIN_SPAN_MS) props().onRangeChange({ start, end });
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    zoomAround(u.posToVal(e.offsetX, 'x'), e.deltaY > 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM);
  };
  const touches = new Map<number, number>();
  let startRange: TimeRange | null = null;
  let startTouches = new Map<number, number>();
  const onDown = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    over.setPointerCapture(e.pointerId);
    touches.set(e.pointerId, e.offsetX);
    startTouches = new Map(touches);
    startRange = rangeNow();
  };
  const onMove = (e: PointerEvent) => {
    if (e.pointerType !== 'touch' || !touches.has(e.pointerId) || !startRange) return;
    touches.set(e.pointerId, e.offsetX);
    const span = startRange.end - startRange.start;
    const msPerPx = span / Math.max(1, u.bbox.width / uPlot.pxRatio);
    if (touches.size === 1) {
      const x0 = startTouches.get(e.pointerId) ?? e.offsetX;
      const shift = (x0 - e.offsetX) * msPerPx;
      props().onRangeChange({ start: startRange.start + shift, end: startRange.end + shift });
    } else if (touches.size === 2) {
      const [a0, b0] = [...startTouches.values()] as [number, number];
      const [a1, b1] = [...touches.values()] as [number, number];
      const d0 = Math.abs(b0 - a0);
      const d1 = Math.abs(b1 - a1);
      if (d0 > 10 && d1 > 10) {
        const center = startRange.start + ((a0 + b0) / 2) * msPerPx;
        zoomAround(center, d0 / d1, startRange);
      }
    }
  };
  const onUp = (e: PointerEvent) => {
    touches.delete(e.pointerId);
    startTouches = new Map(touches);
    startRange = touches.size > 0 ? rangeNow() : null;
  };
  const onDbl = (e: MouseEvent) => props().onDoubleClick?.(u.posToVal(e.offsetX, 'x'));
  over.addEventListener('wheel', onWheel, { passive: false });
  over.addEventListener('pointerdown', onDown);
  over.addEventListener('pointermove', onMove);
  over.addEventListener('pointerup', onUp);
  over.addEventListener('pointercancel', onUp);
  over.addEventListener('dblclick', onDbl);
  return () => {
    over.removeEventListener('wheel', onWheel);
    over.removeEventListener('pointerdown', onDown);
    over.removeEventListener('pointermove', onMove);
    over.removeEventListener('pointerup', onUp);
    over.removeEventListener('pointercancel', onUp);
    over.removeEventListener('dblclick', onDbl);
  };
}
