/**
 * One line on who a station's alarms reach now (SPEC §3 "Alarm plan"; RA3, RA5): its active
 * plan and the people on call in calling order — the first with the number that rings — or
 * a warning when no plan is active or the active plan calls nobody. Live from the engine's
 * plan topic; links to the station's plans. Shown on the station page and beside the alert
 * list; nothing while loading or for a station without plans. Rendered only when what it
 * shows changes: not when a plan's item changes by a remote alarm it sends (issue 58).
 */
import { memo, useRef } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { AlarmPlan } from '../../../contract/remoteAlert.ts';
import { activePlanOf, onCallRecipients } from '../../../domain/remoteAlarm.ts';
import { Icon, StatusBadge } from '../../../ui/index.ts';
import { useFollowLinks } from '../useFollowLinks.ts';
import { useLivePlansSelected } from './useLivePlans.ts';
import './onCallSummary.css';

/** What the line shows of a station's plans: nothing without plans. */
interface OnCallShown {
  state: 'no-plan' | 'on-call' | 'nobody';
  /** The active plan's name; null without one. */
  plan: string | null;
  /** The first on call, with the number that rings. */
  first: { name: string; number: string } | null;
  /** The others on call, in calling order, their names joined. */
  rest: string;
}

function shownOf(plans: readonly AlarmPlan[]): OnCallShown | null {
  if (plans.length === 0) return null;
  const active = activePlanOf(plans);
  const [first, ...rest] = active ? onCallRecipients(active) : [];
  return {
    state: !active ? 'no-plan' : first ? 'on-call' : 'nobody',
    plan: active?.planname ?? null,
    first: first ? { name: first.name, number: first.number } : null,
    rest: rest.map((r) => r.name).join(', '),
  };
}

function sameShown(a: OnCallShown | null, b: OnCallShown | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.state === b.state &&
    a.plan === b.plan &&
    a.rest === b.rest &&
    a.first?.name === b.first?.name &&
    a.first?.number === b.first?.number
  );
}

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
  // Only what the line shows of the plans: each remote alarm a plan sends changes its item
  // (the count to confirm), in a flood about once a new alert, and renders nothing here.
  const { status, selected } = useLivePlansSelected(
    stationNumber,
    followsFocus,
    shownOf,
    sameShown,
  );
  if (status !== 'ready' || selected === null) return null;
  return <OnCallLine stationNumber={stationNumber} stationName={stationName} shown={selected} />;
}

/**
 * The line itself, rendered again only when what it shows changes. Its link is a plain link
 * followed in the app (useFollowLinks): a router `Link` is some eleven hooks each render.
 */
const OnCallLine = memo(function OnCallLine({
  stationNumber,
  stationName,
  shown,
}: {
  stationNumber: number;
  stationName: string | undefined;
  shown: OnCallShown;
}) {
  const { t } = useTranslation();
  const line = useRef<HTMLParagraphElement>(null);
  useFollowLinks(line);
  const { first } = shown;
  return (
    <p
      ref={line}
      className="oncall-summary"
      data-oncall-summary={stationNumber}
      data-state={shown.state}
    >
      <Icon name={first ? 'bell' : 'bellOff'} />
      <span>
        {stationName
          ? t('remoteAlarm.summary.labelFor', { station: stationName })
          : t('remoteAlarm.summary.label')}
      </span>
      {shown.plan !== null ? (
        <span>{t('remoteAlarm.summary.planActive', { plan: shown.plan })}</span>
      ) : (
        <StatusBadge tone="warning">{t('remoteAlarm.summary.noPlan')}</StatusBadge>
      )}
      {shown.state === 'nobody' && (
        <StatusBadge tone="warning">{t('remoteAlarm.summary.nobody')}</StatusBadge>
      )}
      {first && (
        <span className="oncall-summary-people">
          <FirstOnCall name={first.name} number={first.number} />
          {shown.rest && (
            <span className="oncall-summary-rest">
              {' '}
              {t('remoteAlarm.summary.then', { names: shown.rest })}
            </span>
          )}
        </span>
      )}
      <a href={`/remote-alarm/plans#station-${stationNumber}`}>{t('remoteAlarm.summary.link')}</a>
    </p>
  );
});

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
