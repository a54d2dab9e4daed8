import { useEffect, useState } from 'react';
import type { AlertCounts } from '../../workers/engineProtocol.ts';
import { useLiveClient } from './LiveContext.ts';

/** Pending alerts and the newest of the highest priority, for the alarm banner. */
export function useAlertCounts(): AlertCounts | null {
  const client = useLiveClient();
  const [counts, setCounts] = useState<AlertCounts | null>(null);
  useEffect(() => client.watchAlertCounts(setCounts), [client]);
  return counts;
}
