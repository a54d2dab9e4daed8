/** Set-text modes (SPEC §4): what pressing a text output does. */

export type SetTextFlow = 'confirmThenSend' | 'sendNow' | 'editDialog';

/**
 * ST1: DirectWithAcknowledge asks for confirmation, then sends; ST2: DirectWithoutAcknowledge
 * sends at once; ST3: any other mode (known or not) opens an edit dialog.
 */
export function setTextFlow(mode: string | null | undefined): SetTextFlow {
  if (mode === 'DirectWithAcknowledge') return 'confirmThenSend';
  if (mode === 'DirectWithoutAcknowledge') return 'sendNow';
  return 'editDialog';
}
