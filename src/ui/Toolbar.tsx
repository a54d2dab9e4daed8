import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from './cx.ts';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled])';

export interface ToolbarProps {
  /** Required: a toolbar is announced by its name ("Aktionen für Station 3"). */
  label: string;
  children: ReactNode;
  className?: string;
}

/** A row of controls; arrow keys move between them as the ARIA toolbar pattern expects. */
export function Toolbar({ label, children, className }: ToolbarProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End')
      return;
    if ((e.target as HTMLElement).matches('input, select')) return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const at = items.indexOf(e.target as HTMLElement);
    if (at < 0 || items.length === 0) return;
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : (at + (e.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
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
