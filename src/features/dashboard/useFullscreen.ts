/**
 * Wall-monitor full screen through the Fullscreen API. A refused request (no user gesture,
 * a policy, an iframe without allowfullscreen) gives SPEC §8 'fullscreen not possible'.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(async () => {
    setRefused(false);
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else {
        const el = ref.current;
        if (!el || !document.fullscreenEnabled || typeof el.requestFullscreen !== 'function')
          throw new Error('Fullscreen API not available');
        await el.requestFullscreen();
      }
    } catch {
      setRefused(true);
    }
  }, [ref]);
  return { active, refused, toggle, dismiss: () => setRefused(false) };
}
