/**
 * The text of a system or control event in the reader's language: the server writes a key and
 * its parameters (src/contract/eventText.ts), rendered from `alerts.eventText.*`; rows written
 * before, and keys this client does not know, show the text as stored.
 */
import type { TFunction } from 'i18next';
import { isEventTextKey, type EventMessage } from '../../contract/eventText.ts';

export function eventText(
  t: TFunction,
  event: { text: string; message?: EventMessage | null },
): string {
  const m = event.message;
  if (!m || !isEventTextKey(m.key)) return event.text;
  const params: Record<string, string | number> = { ...m.params };
  // A dial action is named as the dial dialog names it.
  if (m.key === 'dialAction' && typeof params.action === 'string')
    params.action = t(`alerts.eventText.dialActions.${params.action}`, {
      defaultValue: params.action,
    });
  return t(`alerts.eventText.${m.key}`, params);
}
