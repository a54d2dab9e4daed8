/**
 * Connects a sanitised process image to the engine: every PV named by a bound element is
 * leased (value and config) while the image is shown, and each change rewrites only the
 * elements of that PV, directly in the DOM (no React render per value), within a budget per
 * animation frame (`FrameWriter`): a dense image never turns a tick into a long task.
 */
import { parsePvUrlId, pvKey, stationKey } from '../../contract/keys.ts';
import { splitPvNr } from '../../domain/pvRef.ts';
import { stationConnection, valueStanding } from '../../domain/valueStanding.ts';
import type { FormatLocale } from '../../domain/format.ts';
import type { PvAlarmState } from '../../domain/pvAlarm.ts';
import type { LiveClient } from '../../live/index.ts';
import {
  applyBinding,
  parseBindings,
  valueText,
  type BindKind,
  type Standing,
} from '../shared/pvBindings.ts';
import { applyAlarm, placeMarks, type AlarmLook } from './alarmMarks.ts';
import { DENSE_THRESHOLD, DenseValueLayer } from './denseLayer.ts';
import { FrameWriter, visibleArea, type Box } from './frameWriter.ts';
import type { View } from './useZoomPan.ts';

interface Bound {
  el: Element;
  kinds: BindKind[];
}

/** A stale value's age in words is written again this often (it reads in minutes and hours). */
const STALE_AGE_REFRESH_MS = 15_000;

export interface ImageBinding {
  /** The image is shown at `view` in a viewport of this size (pan, zoom, resize). */
  setView(view: View, viewport: { width: number; height: number }): void;
  /** What an element shows now, on the canvas layer or in the SVG (bench and tests). */
  shownText(el: Element): string | null;
  /** Whether the values are drawn on the canvas layer (a dense image). */
  readonly dense: boolean;
  /** Writes every pending change now (before printing or exporting the image). */
  flush(): void;
  release(): void;
}

export interface ImagePlace {
  /** The element showing the image (its untransformed pixels are the image's units). */
  host: Element;
  /** The element the host is panned and zoomed in; the dense layer lies over it. */
  viewport: HTMLElement;
  /** The image's size in its units. */
  size: { width: number; height: number };
  /** The scale the image is drawn at now. */
  scale: number;
}

/** Binds every `[data-pv][data-bind]` element of `svg`, shown in `place`. */
export function bindProcessImage(
  svg: Element,
  client: LiveClient,
  locale: FormatLocale,
  look: AlarmLook,
  place: ImagePlace,
): ImageBinding {
  const byKey = new Map<string, Bound[]>();
  /** The station of each PV (SPEC §9 number split), and the PVs of each station. */
  const stationOf = new Map<string, string>();
  const pvsOf = new Map<string, string[]>();
  for (const el of svg.querySelectorAll('[data-pv][data-bind]')) {
    const ref = parsePvUrlId(el.getAttribute('data-pv') ?? '');
    const kinds = parseBindings(el.getAttribute('data-bind'));
    if (!ref || kinds.length === 0) continue;
    const key = pvKey(ref);
    const station = splitPvNr(ref).station;
    if (station !== null && !stationOf.has(key)) {
      const sKey = stationKey(station);
      stationOf.set(key, sKey);
      pvsOf.set(sKey, [...(pvsOf.get(sKey) ?? []), key]);
    }
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push({ el, kinds });
  }
  const boxes = measureBoxes(byKey, place.host, drawnScale(place));
  const layer = denseLayerFor(byKey, place);
  const marks: { el: Element; alarm: PvAlarmState }[] = [];
  /** PVs whose value is stale now: their age is written again as it grows. */
  const staleKeys = new Set<string>();
  const write = (key: string) => {
    const bound = byKey.get(key);
    if (!bound) return;
    const value = client.store.getPvValue(key);
    const entry = client.store.getPvConfig(key);
    const config = entry?.state === 'ready' ? entry.config : undefined;
    const alarm = client.store.getItem('pvAlarm', key);
    const sKey = stationOf.get(key);
    const standing: Standing = {
      connection: stationConnection(
        sKey ? client.store.getStation(sKey)?.dialState : undefined,
        client.store.getLink(),
      ),
      now: Date.now(),
    };
    // Formatted once for all of the PV's texts on the layer.
    let shown: ReturnType<typeof valueText> | null = null;
    if (valueStanding(value, standing.connection).stale) staleKeys.add(key);
    else staleKeys.delete(key);
    for (const b of bound) {
      if (layer?.has(b.el)) {
        shown ??= valueText(value, config, locale, standing);
        layer.set(b.el, shown.text, shown.quality);
        if (alarm) {
          // In alarm the SVG text shows the value with its mark; the canvas leaves it out.
          layer.setInSvg(b.el, true);
          applyBinding(b.el, b.kinds, value, config, locale, standing);
          if (applyAlarm(b.el, alarm, look, true)) marks.push({ el: b.el, alarm });
        } else if (layer.isInSvg(b.el)) {
          applyAlarm(b.el, null, look, true);
          layer.setInSvg(b.el, false);
        }
        continue;
      }
      applyBinding(b.el, b.kinds, value, config, locale, standing);
      // After the value: the mark sits beside the text as it is now wide.
      if (applyAlarm(b.el, alarm, look, b.kinds.includes('value')) && alarm) {
        marks.push({ el: b.el, alarm });
      }
    }
  };
  const writer = new FrameWriter({
    write,
    boxes: (key) => boxes.get(key) ?? [],
    afterFrame: (more) => {
      layer?.flush(more);
      if (marks.length > 0) placeMarks(marks.splice(0), look);
    },
  });
  // One listener a PV for its three kinds, and one clean-up a kind for all PVs: six
  // clean-ups a PV were 0.4 MB of the tab's heap at 1,000 values.
  const keys = [...byKey.keys()];
  const dirty = keys.map((key) => () => writer.markDirty(key));
  const cleanups: (() => void)[] = (['pvValue', 'pvConfig', 'pvAlarm'] as const).flatMap((kind) => [
    client.store.subscribeAll(kind, keys, dirty),
    client.leaseAll(kind, keys),
  ]);
  // What the tab already holds (another view leased it) shows at once.
  for (const key of keys) write(key);
  // A station's connection decides whether its values are stale (domain/valueStanding.ts).
  for (const [sKey, keys] of pvsOf) {
    const dirty = () => {
      for (const key of keys) writer.markDirty(key);
    };
    cleanups.push(client.store.subscribe('station', sKey, dirty), client.lease('station', sKey));
    dirty();
  }
  const ageTimer = setInterval(() => {
    for (const key of staleKeys) writer.markDirty(key);
  }, STALE_AGE_REFRESH_MS);
  cleanups.push(() => clearInterval(ageTimer));
  if (marks.length > 0) placeMarks(marks.splice(0), look);
  // A text under the pointer or focus carries its value in the DOM too (title, readers).
  const sync = (event: Event) => {
    const text = (event.target as Element | null)?.closest?.('text');
    if (text) layer?.syncDom(text);
  };
  if (layer) {
    place.viewport.addEventListener('pointerover', sync);
    place.viewport.addEventListener('focusin', sync);
  }
  let redraw: number | null = null;
  let next: { view: View; viewport: { width: number; height: number } } | null = null;
  return {
    dense: layer !== null,
    setView: (view, viewport) => {
      writer.setVisibleArea(visibleArea(view, viewport, place.size));
      if (!layer) return;
      // Panning moves the view many times a frame: the layer is drawn once per frame.
      next = { view, viewport };
      redraw ??= requestAnimationFrame(() => {
        redraw = null;
        if (next) layer.setView(next.view, next.viewport);
      });
    },
    shownText: (el) => layer?.shownText(el) ?? el.textContent,
    flush: () => writer.flushAll(),
    release: () => {
      writer.dispose();
      if (redraw !== null) cancelAnimationFrame(redraw);
      for (const cleanup of cleanups.splice(0)) cleanup();
      if (layer) {
        place.viewport.removeEventListener('pointerover', sync);
        place.viewport.removeEventListener('focusin', sync);
        layer.dispose();
      }
    },
  };
}

/** The canvas layer when the image binds DENSE_THRESHOLD pure value texts or more. */
function denseLayerFor(byKey: Map<string, Bound[]>, place: ImagePlace): DenseValueLayer | null {
  const texts: SVGTextElement[] = [];
  for (const bound of byKey.values()) {
    for (const { el, kinds } of bound) {
      if (el instanceof SVGTextElement && kinds.length === 1 && kinds[0] === 'value') {
        texts.push(el);
      }
    }
  }
  if (texts.length < DENSE_THRESHOLD) return null;
  const style = getComputedStyle(place.viewport);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return new DenseValueLayer(place.viewport, place.host, texts, drawnScale(place), {
    bad: color('--critical', '#b00020'),
    uncertain: color('--warning-text', '#8a5a00'),
  });
}

/**
 * The scale the image is drawn at in this moment, read from the host's box: the view's
 * scale may still be on its way there (a transition, a render not yet committed), and boxes
 * divided by the wrong scale would put values in the wrong place and park those in view.
 */
function drawnScale(place: ImagePlace): number {
  const width = place.host.getBoundingClientRect().width;
  return width > 0 && place.size.width > 0 ? width / place.size.width : place.scale || 1;
}

/**
 * Where each PV's elements are, in the origin's untransformed pixels: read once, in one
 * pass (one layout), so that skipping what is out of view never reads layout again.
 */
function measureBoxes(
  byKey: Map<string, Bound[]>,
  origin: Element,
  scale: number,
): Map<string, Box[]> {
  const result = new Map<string, Box[]>();
  const o = origin.getBoundingClientRect();
  const s = scale || 1;
  for (const [key, bound] of byKey) {
    let list: Box[] = [];
    for (const { el } of bound) {
      const r = el.getBoundingClientRect();
      // Not rendered (display: none until a state shows it): its PV is always written.
      if (r.width === 0 && r.height === 0) {
        list = [];
        break;
      }
      list.push({
        x: (r.left - o.left) / s,
        y: (r.top - o.top) / s,
        width: r.width / s,
        height: r.height / s,
      });
    }
    result.set(key, list);
  }
  return result;
}

/** How many PVs an image binds (for the page's facts line). */
export function boundPvCount(svg: Element): number {
  return new Set(
    [...svg.querySelectorAll('[data-pv][data-bind]')].map((el) => el.getAttribute('data-pv')),
  ).size;
}
