/** A formatted PV value with its unit, or a dash while there is none. */
import type { FormattedPv } from '../domain/pvFormat.ts';

export function PvValueText({ shown }: { shown: FormattedPv | null }) {
  return (
    <>
      {shown ? shown.text : '—'}
      {shown?.unit ? <span className="unit"> {shown.unit}</span> : null}
    </>
  );
}

/**
 * What `PvValueText` renders, written into `el` in place (a value cell that changes without a
 * React render): its text, then the unit in its own span. Touches the DOM only where the text
 * changed, so a value written again as it was costs no style or layout.
 */
export function writePvValueText(el: HTMLElement, shown: FormattedPv | null): void {
  const text = shown ? shown.text : '—';
  let first = el.firstChild;
  if (!(first instanceof Text)) {
    el.textContent = '';
    first = el.appendChild(document.createTextNode(''));
  }
  const textNode = first as Text;
  if (textNode.data !== text) textNode.data = text;
  const unit = shown?.unit ? ` ${shown.unit}` : '';
  let unitSpan = textNode.nextSibling as HTMLElement | null;
  if (!unit) {
    unitSpan?.remove();
    return;
  }
  if (!unitSpan) {
    unitSpan = el.appendChild(document.createElement('span'));
    unitSpan.className = 'unit';
  }
  if (unitSpan.textContent !== unit) unitSpan.textContent = unit;
}
