/**
 * A day field of the report pages while it is typed: the address (`?date=`, `?from=`) holds
 * the day the page shows, the field holds what the user types. A day goes to the address once
 * it is whole (four-digit year: typing 2026 passes 0002, 0020, 0202 first) and valid; until
 * then, and while it is refused (an end before the start), the field keeps what was typed.
 */
import { useState } from 'react';

/** The field's text: the address's day, or what was typed over it. */
export function useDayDraft(committed: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState<{ over: string; text: string } | null>(null);
  const text = draft && draft.over === committed ? draft.text : committed;
  return [text, (next) => setDraft({ over: committed, text: next })];
}

/** Whether a day field's text is a whole day to show (`yyyy-MM-dd`, year from 1000). */
export function isWholeDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && Number(text.slice(0, 4)) >= 1000;
}
