/**
 * The age of a value ('vor 12 s'), written in place by the tab's one age clock (ageClock.ts):
 * a tick changes this text only, never renders it or the row around it, and only while it is
 * on screen in a visible page.
 */
import { useLayoutEffect, useRef } from 'react';
import { useFormatAge } from './useFormatAge.ts';
import { watchAge } from './ageClock.ts';

export function AgeText({
  timestamp,
  className,
  label,
}: {
  timestamp: number | null | undefined;
  className?: string;
  /** The text around the age ('veraltet, vor 12 s'); keep it stable (useCallback). */
  label?: (age: string) => string;
}) {
  const formatAge = useFormatAge();
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!timestamp) {
      el.textContent = '';
      return;
    }
    return watchAge(el, timestamp, label ? (ms) => label(formatAge(ms)) : formatAge);
  }, [timestamp, formatAge, label]);
  return <span ref={ref} className={className} />;
}
