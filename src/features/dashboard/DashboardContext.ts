/** What every tile of a dashboard shares: the weather service, map tiles, notes and rights. */
import { createContext, useContext } from 'react';
import type { DashboardConfigResult } from '../../contract/dashboard.ts';

export type DashboardShared = Omit<DashboardConfigResult, 'dashboards'>;

export const DashboardContext = createContext<DashboardShared | null>(null);

export function useDashboardShared(): DashboardShared {
  const shared = useContext(DashboardContext);
  if (!shared) throw new Error('Dashboard tiles need a DashboardContext');
  return shared;
}
