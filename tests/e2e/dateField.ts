/**
 * Typing into the app's date fields (react-aria DatePicker, src/features/shared/
 * PlantDateField.tsx) as a user does: each segment focused and its digits typed, whatever
 * order the language shows them in. Values are wall text on the plant's clock.
 */
import type { Locator, Page } from '@playwright/test';

/** The date field labelled `label` (its `data-name` when given a name instead). */
export function dateField(scope: Page | Locator, label: string | { name: string }): Locator {
  // `has` is matched inside each field, so it is built from the page, not from the scope.
  const page = 'page' in scope ? scope.page() : scope;
  return typeof label === 'string'
    ? scope.locator('.date-field').filter({
        has: page.locator('.field-label', { hasText: new RegExp(`^${label}( \\*)?$`) }),
      })
    : scope.locator(`.date-field[data-name="${label.name}"]`);
}

const SEGMENTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** Types `2026-03-29T02:30[:15]` (or a day) into the field's segments. */
export async function typeWall(field: Locator, wall: string): Promise<void> {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(wall);
  if (!m) throw new Error(`not a wall time: ${wall}`);
  // The picker loads with its first showing: wait for its segments.
  await field.locator('[data-type="day"]').waitFor();
  for (const [i, type] of SEGMENTS.entries()) {
    const digits = m[i + 1];
    if (digits === undefined) continue;
    const segment = field.locator(`[data-type="${type}"]`);
    if ((await segment.count()) === 0) continue;
    await segment.focus();
    await segment.pressSequentially(digits);
  }
}

/** The wall text the field shows now, read from its segments. */
export async function wallOf(field: Locator): Promise<string> {
  const part = async (type: string) =>
    ((await field.locator(`[data-type="${type}"]`).first().textContent()) ?? '').trim();
  const day = `${await part('year')}-${await part('month')}-${await part('day')}`;
  const hour = field.locator('[data-type="hour"]');
  return (await hour.count()) ? `${day}T${await part('hour')}:${await part('minute')}` : day;
}
