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
/** Gap between the mark and its value text, in image units. */
const MARK_GAP = 3;

/**
 * PMK1: how a mark is drawn for a priority (0 the most urgent): the more urgent, the larger,
 * so priority 0 and 1 are the strongest marks in the image, never the weakest; the number
 * is bold and large enough to read at the image's usual scale, in the ink that reads on the
 * fill, and an active mark has a dark edge that sets it off from a light image. An
 * unacknowledged mark never fades: its pulse is a halo around it (processImages.css).
 */
export function markLook(priority: number): { size: number; fontSize: number; edge: number } {
  if (priority <= 1) return { size: 24, fontSize: 14, edge: 1.6 };
  if (priority <= 3) return { size: 20, fontSize: 13, edge: 1.2 };
  if (priority <= 5) return { size: 18, fontSize: 12, edge: 1 };
  return { size: 16, fontSize: 12, edge: 1 };
}

export interface AlarmLook {
  fill(priority: number): string | undefined;
  ink(priority: number): string | undefined;
  label(alarm: PvAlarmState): string;
}

const marks = new WeakMap<Element, SVGGElement>();

/**
 * Writes the alarm state of `el`; `withMark` for value texts. Returns true when the mark
 * beside the text has to be placed: that reads the text's box, so the caller places all
 * marks of a frame together (`placeMarks`), after every write, with one layout.
 */
export function applyAlarm(
  el: Element,
  alarm: PvAlarmState | null | undefined,
  look: AlarmLook,
  withMark: boolean,
): boolean {
  if (!alarm) {
    // The common case on a dense image: no alarm now, none before; touch nothing.
    if (!el.hasAttribute('data-alarm')) return false;
    el.removeAttribute('data-alarm');
    el.removeAttribute('data-alarm-priority');
    (el as SVGElement).style?.removeProperty('--alarm-color');
    marks.get(el)?.remove();
    marks.delete(el);
    return false;
  }
  const phase = alarm.phase;
  const priority = String(alarm.priority);
  if (el.getAttribute('data-alarm') !== phase) el.setAttribute('data-alarm', phase);
  if (el.getAttribute('data-alarm-priority') !== priority) {
    el.setAttribute('data-alarm-priority', priority);
  }
  const fill = look.fill(alarm.priority);
  if (fill) (el as SVGElement).style?.setProperty('--alarm-color', fill);
  return withMark;
}

/** Places the marks of value texts in alarm: all boxes read first, then all marks drawn. */
export function placeMarks(
  items: readonly { el: Element; alarm: PvAlarmState }[],
  look: AlarmLook,
): void {
  const boxes = items.map(({ el }) => {
    try {
      return (el as SVGGraphicsElement).getBBox();
    } catch {
      return null; // not rendered (hidden): the attributes still say it
    }
  });
  items.forEach(({ el, alarm }, i) => {
    const box = boxes[i];
    if (box) drawMark(el, alarm, look, box);
  });
}

function drawMark(el: Element, alarm: PvAlarmState, look: AlarmLook, box: DOMRect | SVGRect): void {
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
  const size = markLook(alarm.priority);
  const scale = size.size / 20;
  const x = box.x - size.size - MARK_GAP;
  const y = box.y + (box.height - size.size) / 2;
  const transform = `translate(${x} ${y}) scale(${scale})`;
  if (mark.getAttribute('transform') !== transform) mark.setAttribute('transform', transform);
  const label = look.label(alarm);
  // A value change moves the mark at most; its content only changes with the alarm.
  const signature = `${alarm.phase}|${alarm.priority}|${fill}|${label}`;
  if (mark.getAttribute('data-signature') === signature) return;
  mark.setAttribute('data-signature', signature);
  mark.setAttribute('data-phase', alarm.phase);
  mark.setAttribute('aria-label', label);
  mark.replaceChildren();
  const title = el.ownerDocument.createElementNS(SVG_NS, 'title');
  title.textContent = label;
  // The halo: drawn around the shape, it pulses while the alarm is unacknowledged.
  const halo = el.ownerDocument.createElementNS(SVG_NS, 'path');
  halo.setAttribute('class', 'pi-alarm-halo');
  halo.setAttribute('d', shape.d);
  halo.setAttribute('fill', 'none');
  halo.setAttribute('stroke', fill);
  halo.setAttribute('stroke-width', '7');
  halo.setAttribute('stroke-linejoin', 'round');
  const path = el.ownerDocument.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', shape.d);
  path.setAttribute('fill', hollow ? '#ffffff' : fill);
  path.setAttribute('stroke', hollow ? fill : '#1e2327');
  path.setAttribute('stroke-width', hollow ? '2' : String(size.edge));
  path.setAttribute('stroke-linejoin', 'round');
  const text = el.ownerDocument.createElementNS(SVG_NS, 'text');
  text.setAttribute('x', '10');
  text.setAttribute('y', String(shape.textY));
  text.setAttribute('text-anchor', 'middle');
  // In the shape's 20-unit box: the number keeps its size on screen as the shape grows.
  text.setAttribute('font-size', String(Math.round((size.fontSize * 20 * 10) / size.size) / 10));
  text.setAttribute('font-weight', '700');
  text.setAttribute('fill', hollow ? '#1e2327' : (look.ink(alarm.priority) ?? '#ffffff'));
  text.textContent = String(alarm.priority);
  if (alarm.phase === 'unacknowledged') mark.append(title, halo, path, text);
  else mark.append(title, path, text);
}
