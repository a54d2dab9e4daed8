/**
 * The colour theme: light, dark, or system (follows the operating system). Remembered in
 * localStorage; applied as `data-theme="light|dark"` on <html> (see theme.css).
 */
import { useSyncExternalStore } from 'react';

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];

const STORAGE_KEY = 'pegel.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
let current: ThemeChoice = 'system';

export function storedTheme(): ThemeChoice {
  const stored = localStorage.getItem(STORAGE_KEY);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'system';
}

function resolve(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function apply(): void {
  document.documentElement.dataset.theme = resolve(current);
}

/** Applies the remembered theme and follows the system setting while 'system' is chosen. */
export function initTheme(): void {
  current = storedTheme();
  apply();
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (current === 'system') apply();
  });
}

export function setTheme(choice: ThemeChoice): void {
  current = choice;
  localStorage.setItem(STORAGE_KEY, choice);
  apply();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => current);
}
