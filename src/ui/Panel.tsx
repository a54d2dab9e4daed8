import { useId, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface PanelProps {
  /** The heading; the panel becomes a labelled region. */
  title?: ReactNode;
  /** Heading level inside the page (a page has its h1 in PageHeader). */
  level?: 2 | 3;
  /** Controls at the right of the heading. */
  actions?: ReactNode;
  /** Less padding, for wall monitors and tile grids. */
  dense?: boolean;
  className?: string;
  /** An anchor to link to (`#id`). */
  id?: string;
  children?: ReactNode;
}

/** A bordered surface grouping related content: a card, a tile, a settings section. */
export function Panel({
  title,
  level = 2,
  actions,
  dense = false,
  className,
  id,
  children,
}: PanelProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      id={id}
      className={cx('panel', dense && 'panel-dense', className)}
      aria-labelledby={title != null ? headingId : undefined}
    >
      {(title != null || actions) && (
        <header className="panel-header">
          {title != null && (
            <Heading id={headingId} className="panel-title">
              {title}
            </Heading>
          )}
          {actions && <div className="panel-actions">{actions}</div>}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </section>
  );
}

/** Alias: a Card is a Panel. */
export const Card = Panel;
