/** The floor without a framework: the rows built with the DOM's own calls. */
import './floor.css';
import { floorRows, notePainted } from './rows.ts';

function el(tag: string, className?: string, text?: string | number): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = String(text);
  return e;
}

function cell(...children: HTMLElement[]): HTMLElement {
  const c = el('span');
  c.setAttribute('role', 'gridcell');
  c.append(...children);
  return c;
}

const grid = el('div');
grid.setAttribute('role', 'grid');
for (const r of floorRows()) {
  const row = el('div', 'floor-row');
  row.setAttribute('role', 'row');
  const box = el('input') as HTMLInputElement;
  box.type = 'checkbox';
  row.append(
    cell(box),
    cell(el('span', 'floor-chip', r.priority)),
    cell(el('span', undefined, r.time)),
    cell(el('span', 'floor-cut', r.station)),
    cell(el('span', 'floor-cut', r.source)),
    cell(el('span', 'floor-cut', r.text)),
    cell(el('span', undefined, r.state)),
    cell(el('span', undefined, r.acknowledgedBy)),
    cell(el('span', undefined, r.cleared)),
  );
  grid.append(row);
}
document.getElementById('root')!.append(grid);
notePainted();
