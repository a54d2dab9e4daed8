/**
 * The alarm mark of AlarmMark.tsx as a plain DOM element, for places React does not render
 * (the uPlot legend). Same markup and classes, so it looks the same everywhere.
 */
import { ALARM_SHAPES, alarmShapeOf, type AlarmMarkProps } from './AlarmMark.tsx';

const SVG_NS = 'http://www.w3.org/2000/svg';

export function alarmMarkElement(
  doc: Document,
  { priority, phase, fill, ink, label, className }: AlarmMarkProps,
): HTMLSpanElement {
  const shape = ALARM_SHAPES[alarmShapeOf(priority)];
  const hollow = phase === 'returned';
  const color = fill ?? 'var(--text)';
  const span = doc.createElement('span');
  span.className = `alarm-mark is-${phase}${className ? ` ${className}` : ''}`;
  span.setAttribute('role', 'img');
  span.setAttribute('aria-label', label);
  span.title = label;
  span.dataset.priority = String(priority);
  span.dataset.phase = phase;
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', shape.d);
  path.setAttribute('fill', hollow ? 'var(--surface-raised)' : color);
  path.setAttribute('stroke', hollow ? color : 'var(--alarm-mark-edge)');
  path.setAttribute('stroke-width', hollow ? '2' : '1');
  path.setAttribute('stroke-linejoin', 'round');
  const text = doc.createElementNS(SVG_NS, 'text');
  text.setAttribute('x', '10');
  text.setAttribute('y', String(shape.textY));
  text.setAttribute('text-anchor', 'middle');
  text.setAttribute('fill', hollow ? 'var(--text)' : (ink ?? '#ffffff'));
  text.textContent = String(priority);
  svg.append(path, text);
  span.append(svg);
  return span;
}
