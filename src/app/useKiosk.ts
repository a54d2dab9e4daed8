/**
 * Kiosk mode for wall monitors: `?kiosk=1` hides the navigation and the user controls and is
 * remembered for the tab (sessionStorage), so in-app links keep it; `?kiosk=0` ends it.
 */
import { useSearchParams } from 'react-router';

const STORAGE_KEY = 'pegel.kiosk';

export function useKiosk(): boolean {
  const [params] = useSearchParams();
  const flag = params.get('kiosk');
  if (flag === '1' || flag === 'true') {
    sessionStorage.setItem(STORAGE_KEY, '1');
    return true;
  }
  if (flag === '0' || flag === 'false') {
    sessionStorage.removeItem(STORAGE_KEY);
    return false;
  }
  return sessionStorage.getItem(STORAGE_KEY) === '1';
}

/** Whether this tab is a wall monitor, outside React (auto-logout, sign-in page). */
export function isKioskTab(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Leaves wall-monitor mode for this tab; the caller navigates (with ?kiosk=0) to re-render. */
export function leaveKioskTab(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
