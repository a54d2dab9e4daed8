/**
 * How every view shows a stale value (issue 41 item 2, rule in domain/valueStanding.ts): the
 * quality mark ('?' uncertain, '!' bad) with why in words and the value's age ('Station nicht
 * verbunden · vor 2 Stunden'), ticking with the tab's one clock. The value itself takes
 * `staleValueClass`: de-emphasised (muted, not bold, smaller), never a big normal number with
 * a small '?'. Renders nothing for a fresh value.
 */
import { useFormat } from '../app/useFormat.ts';
import { useTranslation } from '../app/useTranslation.ts';
import {
  staleGlyph,
  valueStanding,
  type StandingInput,
  type StationConnection,
  type ValueStanding,
} from '../domain/valueStanding.ts';
import { cx } from './cx.ts';
import { useNow } from './useNow.ts';

export interface StaleNoteProps {
  value: StandingInput | null | undefined;
  connection: StationConnection;
  /** Only the mark and the age (a table cell, a heat-map cell); the reason is its title. */
  compact?: boolean;
  /** False where the view shows the age in a column of its own (the station page). */
  showAge?: boolean;
  className?: string;
}

/** The class a stale value's text takes; '' for a fresh one. */
export function staleValueClass(standing: Pick<ValueStanding, 'stale' | 'mark'>): string {
  return standing.stale ? `value-stale value-stale-${standing.mark ?? 'uncertain'}` : '';
}

export function StaleNote({
  value,
  connection,
  compact = false,
  showAge = true,
  className,
}: StaleNoteProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const now = useNow();
  const standing = valueStanding(value, connection, now);
  if (!standing.stale || !standing.reason || !standing.mark) return null;
  const reason = t(`ui.stale.${standing.reason}`);
  const age = standing.ageMs === null ? null : format.age(standing.ageMs);
  const label = age ? `${reason} · ${age}` : reason;
  return (
    <span
      className={cx('stale-note', `stale-${standing.mark}`, compact && 'stale-compact', className)}
      data-stale={standing.reason}
      title={label}
    >
      <span className={`stale-mark stale-mark-${standing.mark}`} role="img" aria-label={reason}>
        {staleGlyph(standing.mark)}
      </span>
      {!compact && <span className="stale-reason">{reason}</span>}
      {age && showAge && <span className="stale-age">{age}</span>}
    </span>
  );
}
