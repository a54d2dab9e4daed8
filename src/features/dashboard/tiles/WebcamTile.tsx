/** Webcam tile: the camera's current image, refreshed each interval (only HTTP 200 counts). */
import { useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { DashboardTile, WebcamImage } from '../../../contract/dashboard.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { fetchCurrentImage } from '../dashboardApi.ts';
import { TileError } from '../TileFrame.tsx';
import { usePolling } from './usePolling.ts';

/** Polling period; a camera writes at most one image a minute. */
export const WEBCAM_REFRESH_MS = 30_000;

export function useCurrentWebcamImage(id: number | undefined): WebcamImage | null | 'none' {
  const [image, setImage] = useState<WebcamImage | null | 'none'>(null);
  usePolling(id, WEBCAM_REFRESH_MS, (camera, signal) => {
    let current: WebcamImage | null = null;
    return async () => {
      const next = await fetchCurrentImage(camera, current?.filename ?? null, signal);
      if (signal.aborted) return;
      if (next) {
        current = next;
        setImage(next);
      } else if (!current) setImage('none');
    };
  });
  return image;
}

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
