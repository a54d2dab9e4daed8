/**
 * Read-only where the user may not act (SPEC §6): the rights the client already holds decide
 * whether a form is offered at all; the note says why it is read-only. The server still
 * checks every write. Several features offer forms (actions, alerts, remote alarm), so it lives
 * one floor below them.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import type { Right } from '../../contract/auth.ts';
import type { TFunction } from 'i18next';
import { useSession, type Session } from './sessionStore.ts';
import { Icon } from '../../ui/index.ts';

export interface WriteAccess {
  may: boolean;
  /** Why not, for the note; null when the user may act. */
  reason: string | null;
}

/** Whether the signed-in user may use `right` (on `station`, when given). */
export function useWriteAccess(right: Right, station?: number | null): WriteAccess {
  const { t } = useTranslation();
  return accessOf(useSession(), t, right, station);
}

/** The same, outside a hook (one answer per station of a list). */
export function accessOf(
  session: Session,
  t: TFunction,
  right: Right,
  station?: number | null,
): WriteAccess {
  if (!session.hasRight(right))
    return {
      may: false,
      reason: t('safeOps.readOnly.noRight', { right: t(`safeOps.rights.${right}`) }),
    };
  if (station !== undefined && station !== null && !session.mayActOnStation(station))
    return { may: false, reason: t('safeOps.readOnly.noStation', { station }) };
  return { may: true, reason: null };
}

export function ReadOnlyNote({ access, id }: { access: WriteAccess; id?: string }) {
  const { t } = useTranslation();
  if (access.may) return null;
  return (
    <p className="read-only-note" id={id} data-read-only>
      <Icon name="info" />
      <span>
        <strong>{t('safeOps.readOnly.title')}</strong> {access.reason}
      </span>
    </p>
  );
}
