/**
 * A camera's current image, asked for each interval (only HTTP 200 counts): the webcam tile
 * and the webcam page show it.
 */
import { useState } from 'react';
import type { WebcamImage } from '../../contract/dashboard.ts';
import { fetchCurrentImage } from './dashboardApi.ts';
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
