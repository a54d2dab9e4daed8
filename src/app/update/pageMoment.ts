/**
 * What the page is doing now, read from the document (updateRules.ts PageMoment): an open
 * dialog, and inputs the operator changed and has not sent. An input counts as changed from
 * the value it had when it was first focused; a submitted or reset form, an input whose
 * value is back to that, or one that left the page (its dialog closed, its page left) is not
 * unsent. Search and filter fields are not input to send.
 */

const DIALOG = 'dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]';
const NOT_INPUT = new Set([
  'button',
  'submit',
  'reset',
  'image',
  'hidden',
  'search',
  'range',
  'color',
]);

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function valueOf(field: Field): string {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return String(field.checked);
  return field.value;
}

function fieldOf(target: EventTarget | null): Field | null {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target;
  if (!(target instanceof HTMLInputElement) || NOT_INPUT.has(target.type)) return null;
  if (target.closest('[role="search"], [role="searchbox"]')) return null;
  return target;
}

/** Each field the operator touched, with its value when first focused. */
const touched = new Map<Field, string>();
let watching = false;

/** Starts watching the document's inputs (once). */
export function watchInputs(doc: Document = document): void {
  if (watching) return;
  watching = true;
  doc.addEventListener(
    'focusin',
    (event) => {
      const field = fieldOf(event.target);
      if (field && !touched.has(field)) touched.set(field, valueOf(field));
    },
    true,
  );
  const settle = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // After the form's own handling: a reset has set its fields back by then.
    queueMicrotask(() => {
      for (const field of touched.keys()) if (field.form === form) touched.delete(field);
    });
  };
  doc.addEventListener('submit', settle, true);
  doc.addEventListener('reset', settle, true);
}

/** Whether a field the operator changed still holds what was not sent. */
export function hasUnsentInput(): boolean {
  for (const [field, first] of touched) {
    if (!field.isConnected) touched.delete(field);
    else if (valueOf(field) !== first) return true;
  }
  return false;
}

export function isDialogOpen(doc: Document = document): boolean {
  return doc.querySelector(DIALOG) !== null;
}
