import { useEffect, useState } from 'react';
import { argbToCss, argbToRgba, rgbaToCss, type Priority } from '../../contract/alerts.ts';
import { readableTextOn } from '../../domain/contrast.ts';
import { fetchPriorities } from './alertsApi.ts';

let cache: Promise<Priority[]> | null = null;

/** Priority colours (CSS) by level, loaded once per tab; empty until loaded. */
export function usePriorityColors(): ReadonlyMap<number, string> {
  const [colors, setColors] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    let live = true;
    cache ??= fetchPriorities().catch((error: unknown) => {
      cache = null;
      throw error;
    });
    cache.then(
      (list) => {
        if (live) setColors(new Map(list.map((p) => [p.level, argbToCss(p.color)])));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return colors;
}

/** A priority's fill and the text colour that reads on it. */
export interface PriorityStyle {
  fill: string;
  ink: string;
  name: string;
}

let styles: Promise<ReadonlyMap<number, PriorityStyle>> | null = null;

/** Fill, ink and name per priority level, loaded once per tab; empty until loaded. */
export function usePriorityStyles(): ReadonlyMap<number, PriorityStyle> {
  const [map, setMap] = useState<ReadonlyMap<number, PriorityStyle>>(new Map());
  useEffect(() => {
    let live = true;
    styles ??= fetchPriorities().then(
      (list) =>
        new Map(
          list.map((p) => {
            const rgba = argbToRgba(p.color);
            return [p.level, { fill: rgbaToCss(rgba), ink: readableTextOn(rgba), name: p.name }];
          }),
        ),
      (error: unknown) => {
        styles = null;
        throw error;
      },
    );
    styles.then(
      (loaded) => {
        if (live) setMap(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return map;
}
