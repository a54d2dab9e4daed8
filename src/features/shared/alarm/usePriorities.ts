import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { argbToRgba, rgbaToCss } from '../../../contract/alerts.ts';
import { readableTextOn } from '../../../domain/contrast.ts';
import { fetchPriorities } from './alertsApi.ts';

/** A priority's fill and the text colour that reads on it. */
export interface PriorityStyle {
  fill: string;
  ink: string;
  name: string;
}

export type PriorityStyles = ReadonlyMap<number, PriorityStyle>;

const NONE: PriorityStyles = new Map();
let styles: Promise<PriorityStyles> | null = null;
/** The styles once loaded: a component mounted after that renders them in its first render. */
let loaded: PriorityStyles | null = null;

function loadPriorityStyles(): Promise<PriorityStyles> {
  styles ??= fetchPriorities().then(
    (list) =>
      (loaded = new Map(
        list.map((p) => {
          const rgba = argbToRgba(p.color);
          return [p.level, { fill: rgbaToCss(rgba), ink: readableTextOn(rgba), name: p.name }];
        }),
      )),
    (error: unknown) => {
      styles = null;
      throw error;
    },
  );
  return styles;
}

/**
 * Starts loading the styles at boot (main.tsx), with the answer the page's first script asked
 * for: in by the first render, so the banner and the first rows are drawn with their colours
 * once, not without them and then again. A failure is left to the hooks, which ask again.
 */
export function prefetchPriorityStyles(): void {
  loadPriorityStyles().catch(() => undefined);
}

/** Fill, ink and name per priority level, loaded once per tab; empty until loaded. */
export function usePriorityStyles(): PriorityStyles {
  const [map, setMap] = useState<PriorityStyles>(() => loaded ?? NONE);
  useEffect(() => {
    if (loaded) {
      setMap(loaded);
      return;
    }
    let live = true;
    loadPriorityStyles().then(
      (ready) => {
        if (live) setMap(ready);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return map;
}

/** Forgets the loaded styles (tests). */
export function resetPriorityStyles(): void {
  styles = null;
  loaded = null;
}

/**
 * The reference server's priority names (German, server/alerts/priorities.ts) by the key of
 * their translation: a plant that names its priorities otherwise keeps its own names.
 */
const KNOWN_PRIORITY_NAMES: Readonly<Record<string, PriorityNameKey>> = {
  Kritisch: 'critical',
  'Sehr hoch': 'veryHigh',
  Hoch: 'high',
  Erhöht: 'raised',
  Mittel: 'medium',
  Normal: 'normal',
  Niedrig: 'low',
  Gering: 'minor',
  Information: 'information',
  Hinweis: 'notice',
};
export type PriorityNameKey =
  | 'critical'
  | 'veryHigh'
  | 'high'
  | 'raised'
  | 'medium'
  | 'normal'
  | 'low'
  | 'minor'
  | 'information'
  | 'notice';

/** PN1: the translation key of a reference-server priority name; null for a plant's own. */
export function knownPriorityNameKey(name: string): PriorityNameKey | null {
  return Object.hasOwn(KNOWN_PRIORITY_NAMES, name) ? KNOWN_PRIORITY_NAMES[name]! : null;
}

/** A priority's name in the user's language: the known names translated, others as named. */
export function usePriorityName(): (level: number, name: string | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (_level, name) => {
      if (!name) return '';
      const key = knownPriorityNameKey(name);
      return key ? t(`alerts.priorityNames.${key}`) : name;
    },
    [t],
  );
}
