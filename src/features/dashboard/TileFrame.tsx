/**
 * One tile: its title, one error boundary (a broken tile never breaks the dashboard), and
 * its content mounted only while the tile is on screen, so only what is visible is leased.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { failureText } from '../../app/failureText.ts';
import type { useTranslation } from '../../app/useTranslation.ts';
import { Button, ErrorBoundary, Icon } from '../../ui/index.ts';
import type { DashboardTile } from '../../contract/dashboard.ts';

/** Tiles this far outside the screen are already mounted, so scrolling shows no gaps. */
const VISIBILITY_MARGIN = '200px';

export function useOnScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => setVisible(entries.some((e) => e.isIntersecting)),
      { rootMargin: VISIBILITY_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}

export function TileError({ message, detail }: { message: string; detail?: string }) {
  return (
    <div className="tile-error" role="alert">
      <Icon name="warning" />
      <p>{message}</p>
      {detail && <p className="tile-error-detail">{detail}</p>}
    </div>
  );
}

export interface TileFrameProps {
  tile: DashboardTile;
  className?: string;
  style?: React.CSSProperties;
  children: ReactNode;
  /** The layout's `t`, asked once for all its tiles. */
  t: ReturnType<typeof useTranslation>['t'];
}

export function TileFrame({ tile, className, style, children, t }: TileFrameProps) {
  const ref = useRef<HTMLElement>(null);
  const visible = useOnScreen(ref);
  return (
    <article
      ref={ref}
      className={`tile ${className ?? ''}`}
      style={style}
      data-tile-type={tile.type}
      aria-label={tile.title || t('dashboard.tile.untitled')}
    >
      {tile.title && <h2 className="tile-title">{tile.title}</h2>}
      <div className="tile-body">
        <ErrorBoundary
          resetKeys={[tile]}
          fallback={(error, reset) => (
            <div className="tile-error" role="alert">
              <Icon name="warning" />
              <p>{t('dashboard.tile.failed')}</p>
              <p className="tile-error-detail">{failureText(error)}</p>
              <Button size="small" icon="refresh" onClick={reset}>
                {t('dashboard.tile.reload')}
              </Button>
            </div>
          )}
        >
          {visible ? children : null}
        </ErrorBoundary>
      </div>
    </article>
  );
}
