/**
 * What the remote-alarm pages share: the header with the links between plans, call number
 * activation and call number editing (SPEC §2 navigation targets), the notes of who may not
 * change the numbers, and a number's stations in words.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { AlarmCallNumber, AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import { targetPath } from '../../domain/navigationTargets.ts';
import { PageHeader } from '../../ui/index.ts';
import { ReadOnlyNote, type WriteAccess } from '../shared/ReadOnlyNote.tsx';

/** The stations a number is called for, by name; every station as one word. */
export function groupsText(
  n: Pick<AlarmCallNumber, 'pvGroups'>,
  data: Pick<AlarmCallNumbersResult, 'pvGroups'>,
  all: string,
): string {
  if (data.pvGroups.length > 0 && data.pvGroups.every((g) => n.pvGroups.includes(g.id))) return all;
  const names = new Map(data.pvGroups.map((g) => [g.id, g.name]));
  return n.pvGroups.map((g) => names.get(g) ?? String(g)).join(', ');
}

type RemoteAlarmPage = 'plans' | 'numbers' | 'edit';

/** The three pages of remote alarming, linked from each other. */
export function RemoteAlarmLinks({ current }: { current: RemoteAlarmPage }) {
  const { t } = useTranslation();
  return (
    <nav className="remote-alarm-links" aria-label={t('remoteAlarm.linksLabel')}>
      {current !== 'plans' && <Link to="/remote-alarm/plans">{t('remoteAlarm.title')}</Link>}
      {current === 'plans' && (
        <Link to="/remote-alarm/plans/confirm">{t('remoteAlarm.confirmNav')}</Link>
      )}
      {current !== 'numbers' && (
        <Link to={targetPath({ kind: 'remoteAlarmActivation' })}>
          {t('remoteAlarm.numbers.title')}
        </Link>
      )}
      {current !== 'edit' && (
        <Link to={targetPath({ kind: 'remoteAlarmNumbersEdit' })}>
          {t('remoteAlarm.edit.title')}
        </Link>
      )}
    </nav>
  );
}

/** The header of one of the three pages: its title and description, the links to the others. */
export function RemoteAlarmHeader({ current }: { current: RemoteAlarmPage }) {
  const { t } = useTranslation();
  const texts = {
    plans: { title: t('remoteAlarm.title'), description: t('remoteAlarm.description') },
    numbers: {
      title: t('remoteAlarm.numbers.title'),
      description: t('remoteAlarm.numbers.description'),
    },
    edit: { title: t('remoteAlarm.edit.title'), description: t('remoteAlarm.edit.description') },
  }[current];
  return <PageHeader {...texts} actions={<RemoteAlarmLinks current={current} />} />;
}

/**
 * Why the call numbers cannot be changed here: the user's rights, or the plant server that
 * lets this user only read them (`canEdit` false).
 */
export function NumbersReadOnlyNote({
  access,
  canEdit,
}: {
  access: WriteAccess;
  /** What the server says; undefined until the numbers have loaded. */
  canEdit: boolean | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ReadOnlyNote access={access} />
      {access.may && canEdit === false && (
        <p className="read-only-note" data-read-only>
          <strong>{t('safeOps.readOnly.title')}</strong> {t('remoteAlarm.numbers.serverReadOnly')}
        </p>
      )}
    </>
  );
}
