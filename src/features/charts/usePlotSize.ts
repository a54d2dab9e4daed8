/**
 * The plot's size: its pixel columns (the width the data is reduced to, issue 13) follow the
 * plot's box; its height is 280 px on a phone (under 600 px wide), 420 px otherwise.
 */
import { useEffect, useState, type RefObject } from 'react';

export function usePlotSize(box: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [width, setWidth] = useState(0);
  const [height, setHeight] = useState(() => (window.innerWidth < 600 ? 280 : 420));

  // The plot's pixel columns (the reduction width) follow the container.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);

  useEffect(() => {
    const onResize = () => setHeight(window.innerWidth < 600 ? 280 : 420);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return { width, height };
}
