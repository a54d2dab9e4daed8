/**
 * Renders a page that computes times (preset ranges, report days, chart windows) once the
 * plant's time zone is known: until the server's settings are in, the loading state of
 * SPEC §4, never a range in a zone the plant does not run on.
 */
import type { ReactNode } from 'react';
import { LoadingState } from '../ui/index.ts';
import { useResource } from './resource.ts';
import { systemSettings } from './systemSettings.ts';

export function PlantZoneGate({ children }: { children: (zone: string) => ReactNode }) {
  const settings = useResource(systemSettings);
  if (settings.status === 'ready') return children(settings.data.timeZone);
  return (
    <LoadingState
      status={settings.status}
      errorMessage={settings.error}
      onRetry={() => systemSettings.load(true)}
    />
  );
}
