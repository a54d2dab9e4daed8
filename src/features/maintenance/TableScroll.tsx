import type { ReactNode } from 'react';

/** A table that scrolls sideways on a phone; focusable and named, so keyboards can scroll it. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
