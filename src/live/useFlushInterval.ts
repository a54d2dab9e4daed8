/**
 * Frames at most every `ms` while the view is mounted (workers/SPEC.md FR5); the tab's interval
 * from before comes back when it goes. For a view whose frame costs more than the default
 * interval is worth (a dashboard: DashboardPage).
 */
import { useEffect } from 'react';
import { useLiveClient } from './LiveContext.ts';

export function useFlushInterval(ms: number): void {
  const client = useLiveClient();
  useEffect(() => {
    const before = client.flushInterval();
    void client.setFlushInterval(ms);
    return () => void client.setFlushInterval(before);
  }, [client, ms]);
}
