/**
 * Remote alarming (SPEC §2 "remote alarm plans", §3 "Alarm plan (remote alert)", "Alarm
 * line", §8 plan dialogs): per station its alarm plans — active or not, the priorities each
 * sends, the recipients in calling order with who is on call — and the station's alarm lines,
 * live from the engine's `plan` and `line` topics. Switching a plan is confirmed before it is
 * sent; a refusal lists the plans the user may not change. `#station-N` opens at a station;
 * each recipient links to its call number.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { http } from '../../api/http.ts';
import {
  REMOTE_ALERT_API,
  lineKey,
  planKey,
  type AlarmPlan,
  type AlarmPlanResult,
  type PlanActiveChange,
  type PlanRef,
} from '../../contract/remoteAlert.ts';
import { planResultDialog, type ResultDialog } from '../../domain/validation/resultDialogs.ts';
import { planActiveTarget } from '../../domain/validation/alarmPlanActive.ts';
import { useLiveItem, useLiveItemState } from '../../live/useLiveItem.ts';
import { Button, EmptyState, Icon, LoadingState, Panel, StatusBadge } from '../../ui/index.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { failedPlanResult, fetchPlans } from '../shared/remote-alarm/remoteAlarmApi.ts';
import { PlanLimitNotice } from './PlanLimitNotice.tsx';
import { useCommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { RemoteAlarmHeader } from './RemoteAlarmLinks.tsx';
import { useScrollToHash } from './useScrollToHash.ts';
import './remoteAlarm.css';

/** Lines a station may have (IP, GSM, analogue, an ISDN backup on larger ones). */
const LINE_NUMBERS = [1, 2, 3, 4];

function LineState({ stationNumber, lineNumber }: { stationNumber: number; lineNumber: number }) {
  const { t } = useTranslation();
  const line = useLiveItem('line', lineKey(stationNumber, lineNumber));
  if (!line) return null;
  const state = line.faulty ? 'faulty' : line.busy ? 'busy' : 'idle';
  return (
    <li data-line={lineKey(stationNumber, lineNumber)} data-state={state}>
      <span>{t('remoteAlarm.line', { nr: lineNumber, type: line.connectionType })}</span>{' '}
      <StatusBadge
        tone={state === 'faulty' ? 'alarm' : 'neutral'}
        icon={state === 'idle' ? 'check' : undefined}
      >
        {t(`remoteAlarm.lineState.${state}`)}
      </StatusBadge>
    </li>
  );
}

/**
 * What the plan's action sets (SPEC §4 "Alarm plan active flag"): its configured default
 * (PA1; 2 inverts), or the inverse of the current state when none is configured.
 */
function switchTarget(plan: Pick<AlarmPlan, 'active' | 'defaultAction'>): boolean {
  return plan.defaultAction === null
    ? !plan.active
    : planActiveTarget(plan.active, plan.defaultAction);
}

function PlanCard({
  initial,
  onSwitch,
  busy,
}: {
  initial: AlarmPlan;
  onSwitch: (plan: AlarmPlan) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  // Loading shows the plan as listed; a failed subscribe says the card is no longer live.
  const live = useLiveItemState(
    'plan',
    planKey({ station: initial.station, planNumber: initial.planNumber }),
  );
  const plan = (live.state === 'done' || live.state === 'error' ? live.item : null) ?? initial;
  const priorities = plan.activePriorities.flatMap((on, p) => (on ? [p] : []));
  const target = switchTarget(plan);
  // A configured default of 0 or 1 always sets that state; the card says so.
  const fixed = plan.defaultAction === 0 || plan.defaultAction === 1;
  const recipients = plan.recipients.filter((r) => r !== null);
  return (
    <li className={plan.active ? 'plan-card is-active' : 'plan-card'} data-plan={planKey(plan)}>
      <div className="plan-head">
        <h3>{t('remoteAlarm.plan', { nr: plan.planNumber, name: plan.planname })}</h3>
        <StatusBadge
          tone={plan.active ? 'info' : 'neutral'}
          icon={plan.active ? 'bell' : 'bellOff'}
        >
          {plan.active ? t('remoteAlarm.active') : t('remoteAlarm.inactive')}
        </StatusBadge>
        {plan.currentUserCanEdit ? (
          <Button
            variant={target ? 'primary' : 'secondary'}
            disabled={busy || target === plan.active}
            aria-describedby={fixed ? `plan-action-${planKey(plan)}` : undefined}
            onClick={() => onSwitch(plan)}
          >
            {target ? t('remoteAlarm.activate') : t('remoteAlarm.deactivate')}
          </Button>
        ) : (
          <span className="plan-readonly">{t('remoteAlarm.readOnly')}</span>
        )}
      </div>
      <dl className="facts plan-facts">
        <dt>{t('remoteAlarm.priorities')}</dt>
        <dd>{priorities.length ? priorities.join(', ') : '—'}</dd>
        <dt>{t('remoteAlarm.recipients')}</dt>
        <dd>
          {recipients.length === 0 ? (
            t('remoteAlarm.noRecipients')
          ) : (
            <ol className="plan-recipients">
              {recipients.map((r) => (
                <li key={r.callNumberId}>
                  <Link to={`/remote-alarm/numbers#number-${r.callNumberId}`}>{r.name}</Link>{' '}
                  <span className="num">{r.number}</span>{' '}
                  <span className={r.active ? 'on-call' : 'off-call'}>
                    ({r.active ? t('remoteAlarm.onCall') : t('remoteAlarm.offCall')})
                  </span>
                </li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
      <p className="plan-counts">
        {t('remoteAlarm.counts', {
          sent: plan.alertingCount,
          count: plan.alertingCountMax,
          undelivered: plan.undeliveredMessages,
        })}
      </p>
      {fixed && (
        <p className="plan-action-note" id={`plan-action-${planKey(plan)}`}>
          {t(plan.defaultAction === 1 ? 'remoteAlarm.actionOn' : 'remoteAlarm.actionOff')}
          {target === plan.active && ` ${t('remoteAlarm.actionDone')}`}
        </p>
      )}
      <PlanLimitNotice plan={plan} />
      {live.state === 'error' && (
        <p className="plan-not-live" role="status">
          <Icon name="warning" /> {t('remoteAlarm.notLive', { error: live.error })}
        </p>
      )}
    </li>
  );
}

export function PlansPage() {
  const { t } = useTranslation();
  const [plans, retry] = usePageQuery(pageKeys.remotePlans, (signal) => fetchPlans(signal));
  const confirm = useCommandConfirm();
  const [dialog, setDialog] = useState<ResultDialog | null>(null);
  const [busy, setBusy] = useState(false);
  const stations = useMemo(() => {
    const by = new Map<number, { name: string; plans: AlarmPlan[] }>();
    if (plans.state === 'ready')
      for (const p of plans.data) {
        const entry = by.get(p.station.stationNumber) ?? { name: p.stationName, plans: [] };
        entry.plans.push(p);
        by.set(p.station.stationNumber, entry);
      }
    return [...by.entries()];
  }, [plans]);
  useScrollToHash(stations.length > 0);

  const onSwitch = async (plan: AlarmPlan) => {
    const to = switchTarget(plan);
    const ok = await confirm.ask({
      title: t('remoteAlarm.confirmTitle'),
      confirmLabel: t('remoteAlarm.confirmLabel'),
      changes: [
        {
          pv: t('remoteAlarm.plan', { nr: plan.planNumber, name: plan.planname }),
          station: plan.stationName,
          from: plan.active ? t('remoteAlarm.active') : t('remoteAlarm.inactive'),
          to: to ? t('remoteAlarm.active') : t('remoteAlarm.inactive'),
        },
      ],
    });
    if (!ok) return;
    setBusy(true);
    const list = plans.state === 'ready' ? plans.data : [plan];
    const namesOf = (ref: PlanRef) => {
      const p = list.find(
        (x) =>
          x.station.stationNumber === ref.station.stationNumber && x.planNumber === ref.planNumber,
      );
      return p && { stationName: p.stationName, planName: p.planname };
    };
    try {
      const body: PlanActiveChange[] = [
        { planRef: { station: plan.station, planNumber: plan.planNumber }, active: to },
      ];
      const result = await http<AlarmPlanResult>(REMOTE_ALERT_API.setActive, {
        method: 'POST',
        body,
      });
      setDialog(planResultDialog('save', result, namesOf));
    } catch (error) {
      setDialog(planResultDialog('save', failedPlanResult(error), namesOf));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <RemoteAlarmHeader current="plans" />
      <LoadingState
        status={plans.state}
        onRetry={retry}
        label={t('remoteAlarm.loading')}
        errorMessage={t('remoteAlarm.plansFailed')}
      >
        {plans.state === 'ready' &&
          (stations.length === 0 ? (
            <EmptyState title={t('remoteAlarm.none')} reason={t('remoteAlarm.noneReason')} />
          ) : (
            <div className="plan-stations">
              {stations.map(([nr, s]) => (
                <Panel
                  key={nr}
                  id={`station-${nr}`}
                  title={<Link to={`/stations/${nr}`}>{s.name}</Link>}
                >
                  <ul className="plan-cards">
                    {s.plans.map((p) => (
                      <PlanCard
                        key={planKey(p)}
                        initial={p}
                        onSwitch={(plan) => void onSwitch(plan)}
                        busy={busy}
                      />
                    ))}
                  </ul>
                  <h3 className="plan-lines-title">{t('remoteAlarm.lines')}</h3>
                  <ul className="plan-lines">
                    {LINE_NUMBERS.map((l) => (
                      <LineState key={l} stationNumber={nr} lineNumber={l} />
                    ))}
                  </ul>
                </Panel>
              ))}
            </div>
          ))}
      </LoadingState>
      {confirm.element}
      <ActionResultDialog dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
