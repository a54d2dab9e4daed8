/**
 * The colour theme: light, dark, or system (follows the operating system). Remembered in
 * localStorage; applied as `data-theme="light|dark"` on <html> (see theme.css).
 */
import { proxy, useSnapshot } from 'valtio';

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];

const STORAGE_KEY = 'pegel.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The choice; the views that show it follow it (valtio, as all app state: DESIGN.md). */
const theme = proxy<{ choice: ThemeChoice }>({ choice: 'system' });

export function storedTheme(): ThemeChoice {
  const stored = localStorage.getItem(STORAGE_KEY);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'system';
}

function resolve(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function apply(): void {
  document.documentElement.dataset.theme = resolve(theme.choice);
}

/** Applies the remembered theme and follows the system setting while 'system' is chosen. */
export function initTheme(): void {
  theme.choice = storedTheme();
  apply();
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (theme.choice === 'system') apply();
  });
}

export function setTheme(choice: ThemeChoice): void {
  theme.choice = choice;
  localStorage.setItem(STORAGE_KEY, choice);
  apply();
}

export function useTheme(): ThemeChoice {
  return useSnapshot(theme).choice;
}
