/** Auto-logout settings of this browser (SPEC §9): localStorage 'pegel.autoLogout'. */
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';

export interface AutoLogoutSettings {
  enabled: boolean;
  /** Minutes of inactivity; fractions allowed (tests use e.g. 0.05). */
  minutes: number;
}

export const AUTO_LOGOUT_STORAGE_KEY = 'pegel.autoLogout';
export const DEFAULT_AUTO_LOGOUT_MINUTES = 15;
export const MAX_AUTO_LOGOUT_MINUTES = 24 * 60;

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

/** What is stored, as this tab knows it: its own writes, and other tabs' through `storage`. */
const stored = proxy<{ raw: string | null }>({ raw: readRaw() });

export function writeAutoLogoutSettings(settings: AutoLogoutSettings): void {
  const raw = JSON.stringify(settings);
  localStorage.setItem(AUTO_LOGOUT_STORAGE_KEY, raw);
  stored.raw = raw;
}

/** The stored settings, or the server's default (UserInfo.autoLogoutMs; 0 = off) when none. */
export function useAutoLogoutSettings(serverDefaultMs: number): AutoLogoutSettings {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === AUTO_LOGOUT_STORAGE_KEY || e.key === null) stored.raw = readRaw();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const { raw } = useSnapshot(stored);
  return (
    parseAutoLogoutSettings(raw) ?? {
      enabled: serverDefaultMs > 0,
      minutes: serverDefaultMs > 0 ? serverDefaultMs / 60_000 : DEFAULT_AUTO_LOGOUT_MINUTES,
    }
  );
}
