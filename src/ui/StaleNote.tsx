/**
 * How every view shows a stale value (issue 41 item 2, rule in domain/valueStanding.ts): the
 * quality mark ('?' uncertain, '!' bad) with why in words and the value's age ('Station nicht
 * verbunden · vor 2 Stunden'), ticking with the tab's one clock. The value itself takes
 * `staleValueClass`: de-emphasised (muted, not bold, smaller), never a big normal number with
 * a small '?'. Renders nothing for a fresh value.
 */
import { useLayoutEffect, useRef } from 'react';
import { useFormatAge } from './useFormatAge.ts';
import { useTranslation } from './useTranslation.ts';
import {
  staleGlyph,
  valueStanding,
  type StaleReason,
  type StandingInput,
  type StationConnection,
  type ValueStanding,
} from '../domain/valueStanding.ts';
import { AgeText } from './AgeText.tsx';
import { watchAge } from './ageClock.ts';
import { cx } from './cx.ts';

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

export function StaleNote(props: StaleNoteProps) {
  const { t } = useTranslation();
  const formatAge = useFormatAge();
  return (
    <StaleNoteWith
      {...props}
      reasonText={(reason) => t(`ui.stale.${reason}`)}
      formatAge={formatAge}
    />
  );
}

/**
 * The note with its texts handed in: a list that renders many notes (the station page's PV
 * rows) asks for its texts once and hands them to each row, rather than each note asking
 * react-i18next (some 13 hooks and two listeners a call). Renders again when the list's
 * texts change (a new `reasonText` with the language).
 */
export function StaleNoteWith({
  value,
  connection,
  compact = false,
  showAge = true,
  className,
  reasonText,
  formatAge,
}: StaleNoteProps & {
  reasonText: (reason: StaleReason) => string;
  formatAge: (ageMs: number) => string;
}) {
  const note = useRef<HTMLSpanElement>(null);
  const standing = valueStanding(value, connection);
  const reason = standing.reason ? reasonText(standing.reason) : null;
  const timestamp =
    typeof value?.timestamp === 'number' && Number.isFinite(value.timestamp)
      ? value.timestamp
      : null;
  // The title says the age too; the tab's age clock keeps it current (no render per tick).
  useLayoutEffect(() => {
    const el = note.current;
    if (!el || reason === null) return;
    if (timestamp === null) {
      el.setAttribute('title', reason);
      return;
    }
    return watchAge(el, timestamp, formatAge, (target, age) =>
      target.setAttribute('title', `${reason} · ${age}`),
    );
  }, [reason, timestamp, formatAge]);
  if (!standing.stale || !standing.mark || reason === null) return null;
  return (
    <span
      ref={note}
      className={cx('stale-note', `stale-${standing.mark}`, compact && 'stale-compact', className)}
      data-stale={standing.reason}
    >
      <span className={`stale-mark stale-mark-${standing.mark}`} role="img" aria-label={reason}>
        {staleGlyph(standing.mark)}
      </span>
      {!compact && <span className="stale-reason">{reason}</span>}
      {timestamp !== null && showAge && <AgeText className="stale-age" timestamp={timestamp} />}
    </span>
  );
}
