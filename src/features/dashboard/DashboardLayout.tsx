/**
 * The layouts of SPEC §2: StackLayout (one column), TableLayout (a grid of `columns`, tiles
 * spanning cells by size or placement), FlowLayout (rows that wrap by tile size) and
 * FreeLayout (placed in percent of the board; stacked on phones). An unknown layout says so
 * and falls back to the flow, so the tiles still show.
 */
import { useValueKit } from '../shared/valueKit.ts';
import { DASHBOARD_LAYOUTS, type Dashboard, type DashboardTile } from '../../contract/dashboard.ts';
import { knownCase } from './enums.ts';
import { Tile } from './Tile.tsx';

const SPAN: Record<string, { col: number; row: number }> = {
  Small: { col: 1, row: 1 },
  Medium: { col: 1, row: 2 },
  Large: { col: 2, row: 2 },
};

function tableStyle(tile: DashboardTile, columns: number): React.CSSProperties {
  const span = SPAN[tile.size] ?? SPAN.Medium!;
  const p = tile.placement;
  return {
    gridColumn: p?.column
      ? `${p.column} / span ${p.columnSpan ?? span.col}`
      : `span ${Math.min(columns, p?.columnSpan ?? span.col)}`,
    gridRow: p?.row ? `${p.row} / span ${p.rowSpan ?? span.row}` : `span ${p?.rowSpan ?? span.row}`,
  };
}

/**
 * A free board whose tiles reach below 100 % (the sample boards reach 124 %) is scaled down
 * in height, so every tile stays on the board and a wall monitor shows it without scrolling.
 */
function freeBottom(tiles: readonly DashboardTile[]): number {
  return Math.max(100, ...tiles.map((t) => (t.placement?.y ?? 0) + (t.placement?.height ?? 25)));
}

function freeStyle(tile: DashboardTile, bottom: number): React.CSSProperties {
  const p = tile.placement ?? {};
  const scale = 100 / bottom;
  return {
    left: `${p.x ?? 0}%`,
    top: `${(p.y ?? 0) * scale}%`,
    width: `${p.width ?? 25}%`,
    height: `${(p.height ?? 25) * scale}%`,
  };
}

export function DashboardLayout({ dashboard }: { dashboard: Dashboard }) {
  // Asked once for every tile (shared/valueKit.ts), not once a tile and its parts.
  const kit = useValueKit();
  const { t } = kit;
  const layout = knownCase(DASHBOARD_LAYOUTS, dashboard.layout);
  const columns = Math.max(1, Math.min(12, dashboard.columns ?? 4));
  const tiles = dashboard.tiles;
  if (tiles.length === 0) return <p className="state-note">{t('dashboard.empty')}</p>;
  switch (layout) {
    case 'StackLayout':
      return (
        <div className="dash dash-stack" data-layout="StackLayout">
          {tiles.map((tile) => (
            <Tile key={tile.id} tile={tile} kit={kit} />
          ))}
        </div>
      );
    case 'TableLayout':
      return (
        <div
          className="dash dash-table"
          data-layout="TableLayout"
          style={{ '--dash-columns': columns } as React.CSSProperties}
        >
          {tiles.map((tile) => (
            <Tile key={tile.id} tile={tile} kit={kit} style={tableStyle(tile, columns)} />
          ))}
        </div>
      );
    case 'FreeLayout': {
      const bottom = freeBottom(tiles);
      return (
        <div className="dash dash-free" data-layout="FreeLayout">
          {tiles.map((tile) => (
            <Tile key={tile.id} tile={tile} kit={kit} style={freeStyle(tile, bottom)} />
          ))}
        </div>
      );
    }
    default:
      return (
        <>
          {layout !== 'FlowLayout' && (
            <p className="dash-layout-error" role="alert">
              {t('dashboard.unknownLayout', { value: String(dashboard.layout) })}
            </p>
          )}
          <div className="dash dash-flow" data-layout="FlowLayout">
            {tiles.map((tile) => (
              <Tile key={tile.id} tile={tile} kit={kit} />
            ))}
          </div>
        </>
      );
  }
}
