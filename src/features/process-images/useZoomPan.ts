/**
 * Zoom, pan and fit for a drawing inside a viewport, from a phone to a 4K wall, on
 * @panzoom/panzoom: the wheel, the buttons and a two-finger pinch zoom around a point, dragging
 * (mouse, pen or one finger) pans, fit shows the whole drawing, and fit is kept on resize until
 * the user zooms or pans. A drag never counts as a click on what lies under it. The view is
 * handed on as a `View` (translate, then scale from the top left), for the culling of values
 * out of view.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import Panzoom, { type PanzoomEventDetail, type PanzoomObject } from '@panzoom/panzoom';

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 8;
const DRAG_THRESHOLD_PX = 5;
/** A wheel step zooms by e^(0.45 / 3), about 16 % (Panzoom takes a third of its step). */
const WHEEL_STEP = 0.45;

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

/**
 * Panzoom's transform (`scale(s) translate(x, y)` around the element's centre, as its focal
 * zoom needs) as a View, and back: a point p of the drawing shows at s·p + c·(1 − s) + s·t.
 */
export function viewOf(
  content: { width: number; height: number },
  pz: { scale: number; x: number; y: number },
): View {
  const s = pz.scale;
  return {
    scale: s,
    x: (content.width / 2) * (1 - s) + s * pz.x,
    y: (content.height / 2) * (1 - s) + s * pz.y,
  };
}

export function panOf(content: { width: number; height: number }, view: View) {
  const s = view.scale;
  return {
    x: (view.x - (content.width / 2) * (1 - s)) / s,
    y: (view.y - (content.height / 2) * (1 - s)) / s,
  };
}

export function useZoomPan(
  viewportRef: RefObject<HTMLElement | null>,
  hostRef: RefObject<HTMLElement | null>,
  content: { width: number; height: number } | null,
) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const panzoom = useRef<PanzoomObject | null>(null);
  const fitted = useRef(true);
  const suppressClick = useRef(false);

  const fit = useCallback(() => {
    const vp = viewportRef.current;
    const pz = panzoom.current;
    if (!vp || !pz || !content) return;
    fitted.current = true;
    const target = fitView({ width: vp.clientWidth, height: vp.clientHeight }, content);
    const pan = panOf(content, target);
    // Panzoom pans to its start a moment after it is made: the start is the fitted view.
    pz.setOptions({ startScale: target.scale, startX: pan.x, startY: pan.y });
    pz.zoom(target.scale, { animate: false, force: true });
    pz.pan(pan.x, pan.y, { animate: false, force: true });
  }, [viewportRef, content]);

  useEffect(() => {
    const vp = viewportRef.current;
    const host = hostRef.current;
    if (!vp || !host || !content) return;
    const pz = Panzoom(host, {
      // The viewport takes the gestures, also where the drawing does not reach.
      canvas: true,
      minScale: MIN_SCALE,
      maxScale: MAX_SCALE,
      step: WHEEL_STEP,
      animate: false,
      cursor: 'grab',
      // Panzoom's default also stops the event; the page's handlers still see it.
      handleStartEvent: (event: Event) => event.preventDefault(),
    });
    panzoom.current = pz;
    let start: View | null = null;
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<PanzoomEventDetail>).detail;
      setView(viewOf(content, detail));
    };
    const onStart = () => {
      start = viewOf(content, { scale: pz.getScale(), ...pz.getPan() });
    };
    const onEnd = () => {
      const end = viewOf(content, { scale: pz.getScale(), ...pz.getPan() });
      if (
        start &&
        (Math.hypot(end.x - start.x, end.y - start.y) >= DRAG_THRESHOLD_PX ||
          end.scale !== start.scale)
      ) {
        fitted.current = false;
        suppressClick.current = true;
      }
      start = null;
    };
    host.addEventListener('panzoomchange', onChange);
    host.addEventListener('panzoomstart', onStart);
    host.addEventListener('panzoomend', onEnd);
    const onWheel = (event: WheelEvent) => {
      fitted.current = false;
      pz.zoomWithWheel(event);
    };
    vp.addEventListener('wheel', onWheel, { passive: false });
    fit();
    const observer = new ResizeObserver(() => {
      if (fitted.current) fit();
    });
    observer.observe(vp);
    return () => {
      observer.disconnect();
      vp.removeEventListener('wheel', onWheel);
      host.removeEventListener('panzoomchange', onChange);
      host.removeEventListener('panzoomstart', onStart);
      host.removeEventListener('panzoomend', onEnd);
      pz.destroy();
      panzoom.current = null;
    };
  }, [viewportRef, hostRef, content, fit]);

  const zoomBy = useCallback(
    (factor: number) => {
      const vp = viewportRef.current;
      const pz = panzoom.current;
      if (!vp || !pz) return;
      fitted.current = false;
      const rect = vp.getBoundingClientRect();
      pz.zoomToPoint(pz.getScale() * factor, {
        clientX: rect.left + vp.clientLeft + vp.clientWidth / 2,
        clientY: rect.top + vp.clientTop + vp.clientHeight / 2,
      });
    },
    [viewportRef],
  );

  /** True once after a drag: the click that ends a drag is not a click on the drawing. */
  const consumeDrag = useCallback(() => {
    const was = suppressClick.current;
    suppressClick.current = false;
    return was;
  }, []);

  return { view, fit, zoomBy, consumeDrag };
}
