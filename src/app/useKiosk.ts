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
