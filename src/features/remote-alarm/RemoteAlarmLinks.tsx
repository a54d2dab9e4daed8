/**
 * What the remote-alarm pages share: the links between plans, call number activation and
 * call number editing (SPEC §2 navigation targets), and a number's stations in words.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { AlarmCallNumber, AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import { targetPath } from '../../domain/navigationTargets.ts';

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

/** The three pages of remote alarming, linked from each other. */
export function RemoteAlarmLinks({ current }: { current: 'plans' | 'numbers' | 'edit' }) {
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
