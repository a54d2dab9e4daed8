import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from './cx.ts';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled])';
/**
 * A control that uses the arrow keys itself (a date field: arrows move between and change its
 * segments). The toolbar counts it as one item and leaves the keys pressed inside it alone.
 */
const KEEPS_ARROWS = '[data-keeps-arrows]';
const TABBABLE = `${FOCUSABLE}, [tabindex]`;
/** Not the parts focus never stops at (a picker's hidden form input). */
const reachable = (el: HTMLElement) => el.getAttribute('tabindex') !== '-1';

export interface ToolbarProps {
  /** Required: a toolbar is announced by its name ("Aktionen für Station 3"). */
  label: string;
  children: ReactNode;
  className?: string;
}

/** The toolbar's items in order: its own controls and each arrow-keeping control as one. */
function itemsOf(bar: HTMLElement): HTMLElement[] {
  return Array.from(bar.querySelectorAll<HTMLElement>(`${FOCUSABLE}, ${KEEPS_ARROWS}`)).filter(
    (el) => {
      const outer = el.parentElement?.closest(KEEPS_ARROWS);
      return (!outer || !bar.contains(outer)) && reachable(el);
    },
  );
}

/** Focus an item: an arrow-keeping control gets focus at its first focusable part. */
function focusItem(item: HTMLElement) {
  if (item.matches(KEEPS_ARROWS)) {
    Array.from(item.querySelectorAll<HTMLElement>(TABBABLE)).find(reachable)?.focus();
  } else item.focus();
}

/** A row of controls; arrow keys move between them as the ARIA toolbar pattern expects. */
export function Toolbar({ label, children, className }: ToolbarProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End')
      return;
    const target = e.target as HTMLElement;
    if (target.matches('input, select') || target.closest(KEEPS_ARROWS)) return;
    const items = itemsOf(e.currentTarget);
    const at = items.indexOf(target);
    if (at < 0 || items.length === 0) return;
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : (at + (e.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    focusItem(items[next]!);
    e.preventDefault();
  };
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={cx('toolbar', className)}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
