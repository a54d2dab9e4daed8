/**
 * Zoom, pan and fit for a drawing inside a viewport, from a phone to a 4K wall: wheel and
 * buttons zoom around a point, dragging pans, fit shows the whole drawing, and fit is kept
 * on resize until the user zooms. A drag never counts as a click on what lies under it.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 8;
const DRAG_THRESHOLD_PX = 5;

export interface View {
  scale: number;
  x: number;
  y: number;
}

export function fitView(
  viewport: { width: number; height: number },
  content: { width: number; height: number },
): View {
  if (content.width <= 0 || content.height <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = Math.min(viewport.width / content.width, viewport.height / content.height);
  return {
    scale,
    x: (viewport.width - content.width * scale) / 2,
    y: (viewport.height - content.height * scale) / 2,
  };
}

/** Zooms by `factor` keeping the point (px, py) of the viewport where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

export function useZoomPan(
  viewportRef: RefObject<HTMLElement | null>,
  content: { width: number; height: number } | null,
) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const fitted = useRef(true);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean; id: number } | null>(
    null,
  );
  const suppressClick = useRef(false);

  const fit = useCallback(() => {
    const vp = viewportRef.current;
    if (!vp || !content) return;
    fitted.current = true;
    setView(fitView({ width: vp.clientWidth, height: vp.clientHeight }, content));
  }, [viewportRef, content]);

  useEffect(() => {
    const vp = viewportRef.current;
    if (!vp || !content) return;
    fit();
    const observer = new ResizeObserver(() => {
      if (fitted.current) fit();
    });
    observer.observe(vp);
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = vp.getBoundingClientRect();
      fitted.current = false;
      const factor = Math.exp(-event.deltaY * 0.0015);
      setView((v) => zoomAt(v, factor, event.clientX - rect.left, event.clientY - rect.top));
    };
    vp.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      vp.removeEventListener('wheel', onWheel);
    };
  }, [viewportRef, content, fit]);

  const zoomBy = useCallback(
    (factor: number) => {
      const vp = viewportRef.current;
      if (!vp) return;
      fitted.current = false;
      setView((v) => zoomAt(v, factor, vp.clientWidth / 2, vp.clientHeight / 2));
    },
    [viewportRef],
  );

  const handlers = {
    onPointerDown(event: ReactPointerEvent) {
      if (event.button !== 0) return;
      drag.current = {
        x: event.clientX,
        y: event.clientY,
        view,
        moved: false,
        id: event.pointerId,
      };
    },
    onPointerMove(event: ReactPointerEvent) {
      const d = drag.current;
      if (!d || d.id !== event.pointerId) return;
      const dx = event.clientX - d.x;
      const dy = event.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      if (!d.moved) (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
      d.moved = true;
      fitted.current = false;
      setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy });
    },
    onPointerUp(event: ReactPointerEvent) {
      const d = drag.current;
      drag.current = null;
      if (d?.moved) {
        suppressClick.current = true;
        (event.currentTarget as HTMLElement).releasePointerCapture(event.pointerId);
      }
    },
    onPointerCancel() {
      drag.current = null;
    },
  };

  /** True once after a drag: the click that ends a drag is not a click on the drawing. */
  const consumeDrag = useCallback(() => {
    const was = suppressClick.current;
    suppressClick.current = false;
    return was;
  }, []);

  return { view, fit, zoomBy, handlers, consumeDrag };
}
