/**
 * Settings sections contributed by other features, shown in order under the built-in ones,
 * each in a panel frame (the section brings its own h2).
 */
import type { ComponentType } from 'react';
import { AutoLogoutSettings } from '../features/auth/AutoLogoutSettings.tsx';
import { HornSettings } from '../features/alerts/HornSettings.tsx';

export const SETTINGS_SECTIONS: readonly ComponentType[] = [AutoLogoutSettings, HornSettings];
