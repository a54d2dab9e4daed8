/** One tile of a dashboard: its type picks the content; unknown types and sizes are tile errors. */
import {
  TILE_SIZES,
  TILE_TYPES,
  type DashboardTile,
  type TileType,
} from '../../contract/dashboard.ts';
import type { ValueKit } from '../shared/valueKit.ts';
import { knownCase } from './enums.ts';
import { TileError, TileFrame } from './TileFrame.tsx';
import { BrowserTile } from './tiles/BrowserTile.tsx';
import { ChartTile } from './tiles/ChartTile.tsx';
import { HeatMapTile } from './tiles/HeatMapTile.tsx';
import { MapTile } from './tiles/MapTile.tsx';
import { NoteTile } from './tiles/NoteTile.tsx';
import { PlaceholderTile } from './tiles/PlaceholderTile.tsx';
import { SingleValueTile } from './tiles/SingleValueTile.tsx';
import { WeatherTile } from './tiles/WeatherTile.tsx';
import { WebcamTile } from './tiles/WebcamTile.tsx';

const CONTENT: Record<
  Exclude<TileType, 'Unspecified'>,
  (p: { tile: DashboardTile; kit: ValueKit }) => React.ReactNode
> = {
  SingleValue: SingleValueTile,
  Placeholder: PlaceholderTile,
  Note: NoteTile,
  Chart: ChartTile,
  HeatMap: HeatMapTile,
  Weather: WeatherTile,
  GoogleMaps: MapTile,
  Browser: BrowserTile,
  Webcam: WebcamTile,
};

/** `kit`: the layout's texts and formats, asked once for all its tiles. */
export function Tile({
  tile,
  style,
  kit,
}: {
  tile: DashboardTile;
  style?: React.CSSProperties;
  kit: ValueKit;
}) {
  const { t } = kit;
  const type = knownCase(TILE_TYPES, tile.type);
  const size = knownCase(TILE_SIZES, tile.size);
  const Content = type && type !== 'Unspecified' ? CONTENT[type] : null;
  return (
    <TileFrame
      tile={tile}
      className={`tile-size-${(size ?? 'Medium').toLowerCase()}`}
      style={style}
      t={t}
    >
      {!Content ? (
        <TileError message={t('dashboard.tile.unknownType', { value: String(tile.type) })} />
      ) : !size ? (
        <TileError message={t('dashboard.tile.unknownSize', { value: String(tile.size) })} />
      ) : (
        <Content tile={tile} kit={kit} />
      )}
    </TileFrame>
  );
}
