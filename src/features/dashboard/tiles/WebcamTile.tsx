/** Webcam tile: the camera's current image, refreshed each interval (only HTTP 200 counts). */
import { useTranslation } from '../../../app/useTranslation.ts';
import type { DashboardTile } from '../../../contract/dashboard.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { TileError } from '../TileFrame.tsx';
import { useCurrentWebcamImage } from '../currentWebcamImage.ts';

export function WebcamTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const image = useCurrentWebcamImage(tile.webcamId);
  if (tile.webcamId === undefined) return <TileError message={t('dashboard.webcam.missing')} />;
  if (image === 'none') return <p className="tile-message">{t('dashboard.webcam.noImage')}</p>;
  if (!image) return <p className="tile-message">{t('dashboard.webcam.loading')}</p>;
  return (
    <figure className="webcam-figure">
      <img
        src={image.url}
        alt={t('dashboard.webcam.alt', {
          title: tile.title,
          time: format.dateTime(image.timestamp),
        })}
      />
      <figcaption>{format.dateTime(image.timestamp)}</figcaption>
    </figure>
  );
}
