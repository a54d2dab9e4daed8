/**
 * One line on who a station's alarms reach now (SPEC §3 "Alarm plan"; RA3, RA5): its active
 * plan and the people on call in calling order — the first with the number that rings — or
 * a warning when no plan is active or the active plan calls nobody. Live from the engine's
 * plan topic; links to the station's plans. Shown on the station page and beside the alert
 * list; nothing while loading or for a station without plans.
 */
import { memo } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import { activePlanOf, onCallRecipients } from '../../../domain/remoteAlarm.ts';
import { Icon, StatusBadge } from '../../../ui/index.ts';
import { useLivePlans } from './useLivePlans.ts';
import './onCallSummary.css';

export function OnCallSummary({
  stationNumber,
  stationName,
  followsFocus = false,
}: {
  stationNumber: number;
  /** Named when the context does not say which station it is (the alert list). */
  stationName?: string;
  /**
   * The station changes with the operator's focus (the alert list): every plan is held and
   * leased, so a change of station shows its plans at once (useLivePlans.ts).
   */
  followsFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { status, plans } = useLivePlans(stationNumber, followsFocus);
  if (status !== 'ready' || plans.length === 0) return null;
  const active = activePlanOf(plans);
  const onCall = active ? onCallRecipients(active) : [];
  const [first, ...rest] = onCall;
  const state = !active ? 'no-plan' : first ? 'on-call' : 'nobody';
  return (
    <p className="oncall-summary" data-oncall-summary={stationNumber} data-state={state}>
      <Icon name={first ? 'bell' : 'bellOff'} />
      <span>
        {stationName
          ? t('remoteAlarm.summary.labelFor', { station: stationName })
          : t('remoteAlarm.summary.label')}
      </span>
      {active ? (
        <span>{t('remoteAlarm.summary.planActive', { plan: active.planname })}</span>
      ) : (
        <StatusBadge tone="warning">{t('remoteAlarm.summary.noPlan')}</StatusBadge>
      )}
      {active && !first && (
        <StatusBadge tone="warning">{t('remoteAlarm.summary.nobody')}</StatusBadge>
      )}
      {first && (
        <span className="oncall-summary-people">
          <FirstOnCall name={first.name} number={first.number} />
          {rest.length > 0 && (
            <span className="oncall-summary-rest">
              {' '}
              {t('remoteAlarm.summary.then', { names: rest.map((r) => r.name).join(', ') })}
            </span>
          )}
        </span>
      )}
      <Link to={`/remote-alarm/plans#station-${stationNumber}`}>
        {t('remoteAlarm.summary.link')}
      </Link>
    </p>
  );
}

/**
 * The first on call, with the number that rings: the name and number sit where the language
 * puts them in its sentence. Rendered again only when they change: beside the alert list the
 * line follows the top row's station, a new one with most new alerts of a flood, and `Trans`
 * parses its sentence anew at each render.
 */
const FirstOnCall = memo(function FirstOnCall({ name, number }: { name: string; number: string }) {
  const { t } = useTranslation();
  return (
    <Trans
      t={t}
      i18nKey="remoteAlarm.summary.onCall"
      values={{ name, number }}
      components={{ strong: <strong />, num: <span className="num" /> }}
    />
  );
});
