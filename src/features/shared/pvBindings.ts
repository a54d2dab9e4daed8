/**
 * Evaluation of process-image bindings (DESIGN.md "Process images"). An element names its
 * PV in `data-pv` (`AnaIn-100001`) and what the PV drives in `data-bind`:
 *   value    the text becomes the formatted value with unit; quality as a class. A stale
 *            value (domain/valueStanding.ts) reads '? 1,50 bar · vor 2 Stunden' and carries
 *            `data-stale` with the reason, as in every other view
 *   state    `data-state` on, off, failure or bad, which the page's styles colour
 *   fill     the element is scaled vertically to the level within the PV's domain
 *            (or `data-fill-min` / `data-fill-max`)
 *   visible  shown only in the state named by `data-visible-when` (on, off, failure, ok)
 *   rotate   turns while the PV is on (rotating parts of pumps, stirrers, fans)
 * Pure: values and configs in, what to draw out. applyBinding writes it to the element.
 */
import type { PvConfig, PvValue } from '../../contract/pv.ts';
import { formatPvValue, qualityClass, type QualityClass } from '../../domain/pvFormat.ts';
import { formatAge, type FormatLocale } from '../../domain/format.ts';
import {
  staleGlyph,
  valueStanding,
  type StaleReason,
  type StationConnection,
} from '../../domain/valueStanding.ts';

export const BIND_KINDS = ['value', 'state', 'fill', 'visible', 'rotate'] as const;
export type BindKind = (typeof BIND_KINDS)[number];

export type PvState = 'on' | 'off' | 'failure' | 'ok' | 'bad' | 'unknown';

export function parseBindings(attr: string | null): BindKind[] {
  if (!attr) return [];
  return attr
    .split(/\s+/)
    .filter((kind): kind is BindKind => (BIND_KINDS as readonly string[]).includes(kind));
}

/** The state a value shows: failure inputs are failure/ok, digital on/off, numbers on above 0. */
export function stateOf(value: PvValue | undefined): PvState {
  if (!value) return 'unknown';
  if (value.quality === 'Bad') return 'bad';
  switch (value.typeOfValue) {
    case 'FailureStateValue':
      return value.failureStateValue ? 'failure' : 'ok';
    case 'BoolValue':
      return value.boolValue ? 'on' : 'off';
    case 'DoubleValue':
      return (value.doubleValue ?? 0) > 0 ? 'on' : 'off';
    case 'CounterValue':
      return (value.counterValue?.value ?? 0) > 0 ? 'on' : 'off';
    default:
      return 'unknown';
  }
}

/** Level in [0, 1] within the range; null when the value or the range is missing. */
export function fillFraction(
  value: PvValue | undefined,
  config: PvConfig | undefined,
  range: { min?: number; max?: number } = {},
): number | null {
  const v = value?.doubleValue;
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  const min = range.min ?? config?.domainConfig?.min;
  const max = range.max ?? config?.domainConfig?.max;
  if (min === undefined || max === undefined || !(max > min)) return null;
  return Math.min(1, Math.max(0, (v - min) / (max - min)));
}

/** Whether an element with `data-visible-when` shows in this state (no condition: when on). */
export function isVisible(when: string | null, state: PvState): boolean {
  const wanted = when ?? 'on';
  if (wanted === 'failure') return state === 'failure';
  if (wanted === 'ok') return state === 'ok';
  if (wanted === 'off') return state === 'off';
  return state === 'on';
}

export interface ValueText {
  text: string;
  quality: QualityClass;
  /** Why the value is stale; null when it is not. */
  stale: StaleReason | null;
}

/** What a value binding shows now (`now` for a stale value's age). */
export interface Standing {
  connection: StationConnection;
  now: number;
}

const NOT_KNOWN: Standing = { connection: 'unknown', now: Number.NaN };

export function valueText(
  value: PvValue | undefined,
  config: PvConfig | undefined,
  locale: FormatLocale,
  { connection, now }: Standing = NOT_KNOWN,
): ValueText {
  if (!value) return { text: '—', quality: null, stale: null };
  const f = formatPvValue(value, config, locale);
  const text = f.unit ? `${f.text} ${f.unit}` : f.text;
  // The age only for a stale value: a fresh one takes the shared standing, no object of its
  // own (a dense image formats thousands a second, issue 58).
  const standing = valueStanding(value, connection);
  if (!standing.stale || !standing.mark)
    return { text, quality: qualityClass(value.quality), stale: null };
  const { ageMs } = valueStanding(value, connection, Number.isFinite(now) ? now : undefined);
  const age = ageMs === null ? '' : ` · ${formatAge(ageMs, locale)}`;
  return {
    text: `${staleGlyph(standing.mark)} ${text}${age}`,
    quality: standing.mark === 'bad' ? 'qualitybad' : 'qualityuncertain',
    stale: standing.reason,
  };
}

const numberAttr = (el: Element, name: string): number | undefined => {
  const raw = el.getAttribute(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

/** Writes every binding of `el` for the PV's current value and config. */
export function applyBinding(
  el: Element,
  kinds: readonly BindKind[],
  value: PvValue | undefined,
  config: PvConfig | undefined,
  locale: FormatLocale,
  standing: Standing = NOT_KNOWN,
): void {
  const state = stateOf(value);
  for (const kind of kinds) {
    switch (kind) {
      case 'value': {
        const v = valueText(value, config, locale, standing);
        setText(el, v.text);
        setQuality(el, v.quality);
        if (v.stale) {
          if (el.getAttribute('data-stale') !== v.stale) el.setAttribute('data-stale', v.stale);
        } else if (el.hasAttribute('data-stale')) el.removeAttribute('data-stale');
        break;
      }
      case 'state':
        el.setAttribute('data-state', state);
        break;
      case 'fill': {
        const f = fillFraction(value, config, {
          min: numberAttr(el, 'data-fill-min'),
          max: numberAttr(el, 'data-fill-max'),
        });
        (el as SVGElement).style.transform = `scaleY(${f ?? 0})`;
        el.setAttribute('data-state', f === null ? 'unknown' : state === 'bad' ? 'bad' : 'ok');
        break;
      }
      case 'visible':
        (el as SVGElement).style.display = isVisible(el.getAttribute('data-visible-when'), state)
          ? ''
          : 'none';
        break;
      case 'rotate':
        el.classList.toggle('pi-rotating', state === 'on');
        break;
    }
  }
}

/**
 * Sets an element's text. A lone text node is changed in place: replacing it (what setting
 * textContent does) costs a node and a relayout of more than the text on a dense image.
 */
export function setText(el: Element, text: string): void {
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === 3) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else if (el.textContent !== text) {
    el.textContent = text;
  }
}

const QUALITY_CLASSES = ['qualitygood', 'qualitybad', 'qualityuncertain'] as const;

/** Sets the quality class, writing to the element only when it changes. */
function setQuality(el: Element, quality: QualityClass): void {
  const list = el.classList;
  for (const c of QUALITY_CLASSES) {
    if (c !== quality && list.contains(c)) list.remove(c);
  }
  if (quality && !list.contains(quality)) list.add(quality);
}
