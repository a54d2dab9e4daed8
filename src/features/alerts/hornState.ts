/**
 * What the horn control says and does (issue "a horn the operator can trust"): one state for
 * all tabs of the browser, kept in localStorage so every tab follows a change at once.
 *
 * - `blocked`: the browser does not let this page play sound yet; one tap enables it.
 * - `sounding`: an unacknowledged alarm with a tone (priority 0-4) is pending.
 * - `armed`: nothing sounds now; the next such alarm will.
 * - `muted`: silenced until the next new alarm of the chosen priority or higher (0 highest)
 *   re-arms it (HS2), or until someone re-arms it by hand.
 */
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';

export type HornState = 'blocked' | 'sounding' | 'armed' | 'muted';

export const HORN_STORAGE_KEY = 'pegel.horn';
/** Default: a new alarm of priority 0 to 2 re-arms a muted horn. */
export const DEFAULT_REARM_PRIORITY = 2;

export interface HornSettings {
  /** Epoch ms of the mute; null when not muted. */
  mutedAt: number | null;
  /** A new alarm of this priority or a more important one re-arms the horn. */
  rearmPriority: number;
}

const DEFAULTS: HornSettings = { mutedAt: null, rearmPriority: DEFAULT_REARM_PRIORITY };

export function readHornSettings(): HornSettings {
  try {
    const raw = localStorage.getItem(HORN_STORAGE_KEY);
    if (!raw) return DEFAULTS;
    const v = JSON.parse(raw) as Partial<HornSettings>;
    return {
      mutedAt: typeof v.mutedAt === 'number' ? v.mutedAt : null,
      rearmPriority:
        typeof v.rearmPriority === 'number' && v.rearmPriority >= 0 && v.rearmPriority <= 9
          ? Math.round(v.rearmPriority)
          : DEFAULT_REARM_PRIORITY,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The settings as this tab knows them: its own writes, and other tabs' through `storage`. */
const horn = proxy<{ settings: HornSettings }>({ settings: readHornSettings() });

export function writeHornSettings(next: HornSettings): void {
  try {
    localStorage.setItem(HORN_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: this tab only.
  }
  horn.settings = { ...next };
}

/** The horn settings, following changes from this tab and from every other tab. */
export function useHornSettings(): HornSettings {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === HORN_STORAGE_KEY || e.key === null) horn.settings = readHornSettings();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return useSnapshot(horn).settings;
}

/** Tones exist for priorities 0-4 (horn.ts); lower ones never sound. */
export const SOUNDING_PRIORITY_MAX = 4;

export interface HornInputs {
  settings: HornSettings;
  /** Whether the browser lets this page play sound. */
  audioAllowed: boolean;
  /** The most important unacknowledged priority, or null. */
  topPriority: number | null;
}

/** HS1: the state shown, from the settings, the browser's audio permission and the alarms. */
export function hornState({ settings, audioAllowed, topPriority }: HornInputs): HornState {
  if (settings.mutedAt !== null) return 'muted';
  const wouldSound = topPriority !== null && topPriority <= SOUNDING_PRIORITY_MAX;
  if (!audioAllowed) return 'blocked';
  return wouldSound ? 'sounding' : 'armed';
}

/**
 * HS2: a muted horn re-arms when an unacknowledged alarm raised after the mute has the chosen
 * priority or a more important one.
 */
export function shouldRearm(
  settings: HornSettings,
  newest: { timestamp: number; priority: number } | null,
): boolean {
  return (
    settings.mutedAt !== null &&
    newest !== null &&
    newest.timestamp > settings.mutedAt &&
    newest.priority <= settings.rearmPriority
  );
}
