/**
 * Keeps a view's maintenance data live: leases the service intervals of every machine over
 * the pv hub and changes a version string whenever a maintenance notification is raised or
 * closed, so the view reloads its notifications or protocol exactly then.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { pvKey } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import { configList } from '../../domain/maintenance.ts';
import { useLiveItem } from '../../live/index.ts';

function DueWatch({ pvRef, onDue }: { pvRef: PvRef; onDue: (key: string, due: string) => void }) {
  const key = pvKey(pvRef);
  const set = useLiveItem('maintenanceConfig', key);
  // The open notifications, by index: they change exactly when one is raised or closed.
  const due = configList(set)
    .map((c) => c.openNotification ?? '')
    .join(',');
  useEffect(() => onDue(key, due), [key, due, onDue]);
  return null;
}

export function useDueVersion(machines: readonly PvRef[]): {
  version: string;
  watchers: ReactNode;
} {
  const [due, setDue] = useState<ReadonlyMap<string, string>>(new Map());
  const onDue = useCallback(
    (key: string, value: string) =>
      setDue((m) => (m.get(key) === value ? m : new Map(m).set(key, value))),
    [],
  );
  const version = [...due.entries()]
    .filter(([, v]) => /\d/.test(v))
    .map(([k, v]) => `${k}:${v}`)
    .sort()
    .join(',');
  return {
    version,
    watchers: machines.map((ref) => <DueWatch key={pvKey(ref)} pvRef={ref} onDue={onDue} />),
  };
}
