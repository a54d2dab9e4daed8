/**
 * A PV's alarm state on a process image (DESIGN.md "Alarm states"): elements bound to a PV
 * in alarm get `data-alarm` (phase) and `data-alarm-priority`, and a value text gets the
 * alarm mark of the UI kit drawn beside it in SVG: shape and number in the priority's colour,
 * hollow once returned to normal, with the state in words as its title.
 */
import type { PvAlarmState } from '../../domain/pvAlarm.ts';
import { ALARM_SHAPES, alarmShapeOf } from '../../ui/index.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const MARK_CLASS = 'pi-alarm-mark';
/** Size of the mark in image units, and its gap to the value text. */
const MARK_SIZE = 14;
const MARK_GAP = 3;

export interface AlarmLook {
  fill(priority: number): string | undefined;
  ink(priority: number): string | undefined;
  label(alarm: PvAlarmState): string;
}

const marks = new WeakMap<Element, SVGGElement>();

/** Writes the alarm state of `el`; `withMark` for value texts. */
export function applyAlarm(
  el: Element,
  alarm: PvAlarmState | null | undefined,
  look: AlarmLook,
  withMark: boolean,
): void {
  if (!alarm) {
    // The common case on a dense image: no alarm now, none before; touch nothing.
    if (!el.hasAttribute('data-alarm')) return;
    el.removeAttribute('data-alarm');
    el.removeAttribute('data-alarm-priority');
    (el as SVGElement).style?.removeProperty('--alarm-color');
    marks.get(el)?.remove();
    marks.delete(el);
    return;
  }
  el.setAttribute('data-alarm', alarm.phase);
  el.setAttribute('data-alarm-priority', String(alarm.priority));
  const fill = look.fill(alarm.priority);
  if (fill) (el as SVGElement).style?.setProperty('--alarm-color', fill);
  if (withMark) placeMark(el, alarm, look);
}

function placeMark(el: Element, alarm: PvAlarmState, look: AlarmLook): void {
  let box: DOMRect | SVGRect;
  try {
    box = (el as SVGGraphicsElement).getBBox();
  } catch {
    return; // not rendered (hidden): the attributes still say it
  }
  let mark = marks.get(el);
  if (!mark) {
    mark = el.ownerDocument.createElementNS(SVG_NS, 'g') as SVGGElement;
    mark.setAttribute('class', MARK_CLASS);
    mark.setAttribute('role', 'img');
    el.parentNode?.insertBefore(mark, el);
    marks.set(el, mark);
  }
  const shape = ALARM_SHAPES[alarmShapeOf(alarm.priority)];
  const hollow = alarm.phase === 'returned';
  const fill = look.fill(alarm.priority) ?? '#1e2327';
  const scale = MARK_SIZE / 20;
  const x = box.x - MARK_SIZE - MARK_GAP;
  const y = box.y + (box.height - MARK_SIZE) / 2;
  const label = look.label(alarm);
  mark.setAttribute('transform', `translate(${x} ${y}) scale(${scale})`);
  mark.setAttribute('data-phase', alarm.phase);
  mark.setAttribute('aria-label', label);
  mark.replaceChildren();
  const title = el.ownerDocument.createElementNS(SVG_NS, 'title');
  title.textContent = label;
  const path = el.ownerDocument.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', shape.d);
  path.setAttribute('fill', hollow ? '#ffffff' : fill);
  path.setAttribute('stroke', hollow ? fill : 'rgba(0,0,0,0.55)');
  path.setAttribute('stroke-width', hollow ? '2' : '1');
  const text = el.ownerDocument.createElementNS(SVG_NS, 'text');
  text.setAttribute('x', '10');
  text.setAttribute('y', String(shape.textY));
  text.setAttribute('text-anchor', 'middle');
  text.setAttribute('font-size', '11');
  text.setAttribute('font-weight', '700');
  text.setAttribute('fill', hollow ? '#1e2327' : (look.ink(alarm.priority) ?? '#ffffff'));
  text.textContent = String(alarm.priority);
  mark.append(title, path, text);
}
