/** Auto-logout settings of this browser (SPEC §9): localStorage 'pegel.autoLogout'. */
import { useSyncExternalStore } from 'react';

export interface AutoLogoutSettings {
  enabled: boolean;
  /** Minutes of inactivity; fractions allowed (tests use e.g. 0.05). */
  minutes: number;
}

export const AUTO_LOGOUT_STORAGE_KEY = 'pegel.autoLogout';
export const DEFAULT_AUTO_LOGOUT_MINUTES = 15;
export const MAX_AUTO_LOGOUT_MINUTES = 24 * 60;
const CHANGED_EVENT = 'pegel-auto-logout-changed';

/** The stored settings when valid, else null (then the server's default applies). */
export function parseAutoLogoutSettings(raw: string | null): AutoLogoutSettings | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { enabled, minutes } = value as { enabled?: unknown; minutes?: unknown };
    if (typeof enabled !== 'boolean') return null;
    if (typeof minutes !== 'number' || !(minutes > 0) || minutes > MAX_AUTO_LOGOUT_MINUTES)
      return null;
    return { enabled, minutes };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(AUTO_LOGOUT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeAutoLogoutSettings(settings: AutoLogoutSettings): void {
  localStorage.setItem(AUTO_LOGOUT_STORAGE_KEY, JSON.stringify(settings));
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTO_LOGOUT_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED_EVENT, onChange);
  };
}

/** The stored settings, or the server's default (UserInfo.autoLogoutMs; 0 = off) when none. */
export function useAutoLogoutSettings(serverDefaultMs: number): AutoLogoutSettings {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return (
    parseAutoLogoutSettings(raw) ?? {
      enabled: serverDefaultMs > 0,
      minutes: serverDefaultMs > 0 ? serverDefaultMs / 60_000 : DEFAULT_AUTO_LOGOUT_MINUTES,
    }
  );
}
