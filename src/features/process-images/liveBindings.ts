/**
 * Connects a sanitised process image to the engine: every PV named by a bound element is
 * leased (value and config) while the image is shown, and each change rewrites only the
 * elements of that PV, directly in the DOM (no React render per value).
 */
import { parsePvUrlId, pvKey } from '../../contract/keys.ts';
import type { FormatLocale } from '../../domain/format.ts';
import type { LiveClient } from '../../live/index.ts';
import { applyBinding, parseBindings, type BindKind } from './bindings.ts';
import { applyAlarm, type AlarmLook } from './alarmMarks.ts';

interface Bound {
  el: Element;
  kinds: BindKind[];
}

/** Binds every `[data-pv][data-bind]` element; returns the release of everything. */
export function bindProcessImage(
  svg: Element,
  client: LiveClient,
  locale: FormatLocale,
  look: AlarmLook,
): () => void {
  const byKey = new Map<string, Bound[]>();
  for (const el of svg.querySelectorAll('[data-pv][data-bind]')) {
    const ref = parsePvUrlId(el.getAttribute('data-pv') ?? '');
    const kinds = parseBindings(el.getAttribute('data-bind'));
    if (!ref || kinds.length === 0) continue;
    const key = pvKey(ref);
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push({ el, kinds });
  }
  const cleanups: (() => void)[] = [];
  for (const [key, bound] of byKey) {
    const update = () => {
      const value = client.store.getPvValue(key);
      const entry = client.store.getPvConfig(key);
      const config = entry?.state === 'ready' ? entry.config : undefined;
      const alarm = client.store.getItem('pvAlarm', key);
      for (const b of bound) {
        applyBinding(b.el, b.kinds, value, config, locale);
        // After the value: the mark sits beside the text as it is now wide.
        applyAlarm(b.el, alarm, look, b.kinds.includes('value'));
      }
    };
    cleanups.push(
      client.store.subscribe('pvValue', key, update),
      client.store.subscribe('pvConfig', key, update),
      client.store.subscribe('pvAlarm', key, update),
      client.lease('pvValue', key),
      client.lease('pvConfig', key),
      client.lease('pvAlarm', key),
    );
    update();
  }
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/** How many PVs an image binds (for the page's facts line). */
export function boundPvCount(svg: Element): number {
  return new Set(
    [...svg.querySelectorAll('[data-pv][data-bind]')].map((el) => el.getAttribute('data-pv')),
  ).size;
}
