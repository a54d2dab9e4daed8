/**
 * Who is called now, per station (SPEC §3 "Alarm plan": the active plan's recipients whose
 * call number is switched on; RA8): the station, its active plan and the people on call in
 * calling order. A station whose active plan calls nobody, or that has no active plan, is
 * marked — its alarms reach no one at night.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { AlarmPlan } from '../../contract/remoteAlert.ts';
import { onCallByStation } from '../../domain/remoteAlarm.ts';
import { StatusBadge, TableHead } from '../../ui/index.ts';

export function OnCallTable({ plans }: { plans: readonly AlarmPlan[] }) {
  const { t } = useTranslation();
  const rows = onCallByStation(plans);
  return (
    <table className="table oncall-table">
      <caption className="visually-hidden">{t('remoteAlarm.numbers.nowTitle')}</caption>
      <TableHead
        columns={[
          t('remoteAlarm.numbers.colStation'),
          t('remoteAlarm.numbers.colPlan'),
          t('remoteAlarm.numbers.colOnCall'),
        ]}
      />
      <tbody>
        {rows.map((s) => (
          <tr key={s.stationNumber} data-oncall-station={s.stationNumber}>
            <th scope="row">
              <Link to={`/remote-alarm/plans#station-${s.stationNumber}`}>{s.stationName}</Link>
            </th>
            <td data-label={t('remoteAlarm.numbers.colPlan')}>
              {s.activePlan ? (
                s.activePlan.planname
              ) : (
                <StatusBadge tone="warning">{t('remoteAlarm.summary.noPlan')}</StatusBadge>
              )}
            </td>
            <td data-label={t('remoteAlarm.numbers.colOnCall')}>
              {s.activePlan && s.onCall.length === 0 ? (
                <StatusBadge tone="warning">{t('remoteAlarm.summary.nobody')}</StatusBadge>
              ) : (
                <ol className="oncall-people">
                  {s.onCall.map((r) => (
                    <li key={r.callNumberId}>
                      {r.name} <span className="num oncall-number">{r.number}</span>
                    </li>
                  ))}
                </ol>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
