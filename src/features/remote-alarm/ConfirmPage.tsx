/**
 * Alarm plans to confirm (SPEC §2, §6 ackPlans, §8 'Pläne wurden nicht quittiert'): the night
 * alarms a plan sent that nobody has confirmed, acknowledged selected or all after the confirm
 * step; those whose messages are still on their way only when the user says so (ackNonSent).
 * A plan whose action has a configured default is set to it by the confirmation (SPEC §4
 * "Alarm plan active flag", PA3): the confirm step shows that change too, and it is sent
 * for the acknowledged plans right after the acknowledgement.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { http, getJson } from '../../api/http.ts';
import {
  REMOTE_ALERT_API,
  planKey,
  type AlarmPlanResult,
  type PlanAck,
  type PlanActiveChange,
  type PlanRef,
  type PlanToConfirm,
} from '../../contract/remoteAlert.ts';
import {
  planResultDialog,
  type PlanResultLike,
  type ResultDialog,
} from '../../domain/validation/resultDialogs.ts';
import {
  canChangePlanActive,
  confirmationActiveFlags,
} from '../../domain/validation/alarmPlanActive.ts';
import { useFormat } from '../../app/useFormat.ts';
import { Button, EmptyState, LoadingState, PageHeader, Toolbar } from '../../ui/index.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { failedPlanResult } from '../shared/remote-alarm/remoteAlarmApi.ts';
import { useCommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { ReadOnlyNote, useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { invalidatePageData, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import './remoteAlarm.css';

export function ConfirmPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [list, retry] = usePageQuery(pageKeys.plansToConfirm, (signal) =>
    getJson<PlanToConfirm[]>(REMOTE_ALERT_API.plansToConfirm, { signal }),
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [nonSent, setNonSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<ResultDialog | null>(null);
  const confirm = useCommandConfirm();
  const items = list.state === 'ready' ? list.data : [];
  // SPEC §6 ackPlans: without the right nothing is offered; with it, all means all one may.
  const access = useWriteAccess('ackPlans');
  const mine = items.filter((p) => p.currentUserCanEdit);
  const name = (p: PlanToConfirm) => `${p.stationName}: ${p.planName}`;
  const namesOf = (ref: PlanRef) => {
    const p = items.find((x) => planKey(x.plan) === planKey(ref));
    return p && { stationName: p.stationName, planName: p.planName };
  };

  const acknowledge = async (chosen: PlanToConfirm[]) => {
    if (chosen.length === 0) return;
    const flags = confirmationActiveFlags(
      chosen,
      chosen.map((p) => p.defaultAction),
    );
    const switches = chosen.flatMap((p, i) =>
      flags[i] !== p.isActive && canChangePlanActive(p) ? [{ plan: p, active: flags[i]! }] : [],
    );
    const state = (active: boolean) =>
      active ? t('remoteAlarm.active') : t('remoteAlarm.inactive');
    const ok = await confirm.ask({
      title: t('remoteAlarm.ackTitle'),
      confirmLabel: t('remoteAlarm.ackLabel'),
      changes: [
        ...chosen.map((p) => ({
          pv: p.planName,
          station: p.stationName,
          from: t('remoteAlarm.toConfirm'),
          to: t('remoteAlarm.acknowledged'),
        })),
        ...switches.map(({ plan: p, active }) => ({
          pv: `${t('remoteAlarm.activeAfter')}: ${p.planName}`,
          station: p.stationName,
          from: state(p.isActive),
          to: state(active),
        })),
      ],
    });
    if (!ok) return;
    setBusy(true);
    try {
      const body: PlanAck[] = chosen.map((p) => ({ planRef: p.plan, ack: true }));
      const result = await http<AlarmPlanResult>(REMOTE_ALERT_API.ackPlans, {
        method: 'POST',
        body,
        query: { ackNonSent: nonSent },
      });
      // The acknowledged plans whose default changes their state are switched now.
      const acked = new Set(result.alarmPlans.map((a) => planKey(a)));
      const body2: PlanActiveChange[] = switches
        .filter((s) => acked.has(planKey(s.plan.plan)))
        .map((s) => ({ planRef: s.plan.plan, active: s.active }));
      let switched: PlanResultLike | null = null;
      if (body2.length > 0) {
        try {
          switched = await http<AlarmPlanResult>(REMOTE_ALERT_API.setActive, {
            method: 'POST',
            body: body2,
          });
        } catch (error) {
          switched = failedPlanResult(error);
        }
      }
      setDialog(
        switched && switched.status !== 'Success'
          ? planResultDialog('save', switched, namesOf)
          : planResultDialog('acknowledge', result, namesOf),
      );
      setSelected(new Set());
      // Confirmed plans leave the list; a plan switched on or off changes the plans.
      void invalidatePageData([pageKeys.plansToConfirm, pageKeys.remotePlans]);
    } catch (error) {
      // The selection stays for another try.
      setDialog(planResultDialog('acknowledge', failedPlanResult(error), namesOf));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <PageHeader
        title={t('remoteAlarm.confirmPageTitle')}
        description={t('remoteAlarm.confirmPageDescription')}
      />
      <ReadOnlyNote access={access} id="confirm-read-only" />
      <LoadingState status={list.state} onRetry={retry} label={t('remoteAlarm.loading')}>
        {list.state === 'ready' &&
          (items.length === 0 ? (
            <EmptyState
              title={t('remoteAlarm.confirmNone')}
              reason={t('remoteAlarm.confirmNoneReason')}
              icon="check"
            />
          ) : (
            <>
              <Toolbar label={t('remoteAlarm.confirmPageTitle')}>
                <Button
                  variant="primary"
                  disabled={busy || !access.may || selected.size === 0}
                  aria-describedby={access.may ? undefined : 'confirm-read-only'}
                  onClick={() =>
                    void acknowledge(items.filter((p) => selected.has(planKey(p.plan))))
                  }
                >
                  {t('remoteAlarm.ackSelected')}
                </Button>
                <Button
                  disabled={busy || !access.may || mine.length === 0}
                  aria-describedby={access.may ? undefined : 'confirm-read-only'}
                  onClick={() => void acknowledge(mine)}
                >
                  {t('remoteAlarm.ackAll')}
                </Button>
                <label className="plan-nonsent">
                  <input
                    type="checkbox"
                    disabled={!access.may}
                    checked={nonSent}
                    onChange={(e) => setNonSent(e.target.checked)}
                  />{' '}
                  {t('remoteAlarm.ackNonSent')}
                </label>
              </Toolbar>
              <ul className="plan-confirm-list">
                {items.map((p) => {
                  const key = planKey(p.plan);
                  return (
                    <li key={key} data-confirm={key}>
                      <label>
                        <input
                          type="checkbox"
                          aria-label={t('remoteAlarm.select', { plan: name(p) })}
                          disabled={!p.currentUserCanEdit}
                          checked={selected.has(key)}
                          onChange={() =>
                            setSelected((held) => {
                              const next = new Set(held);
                              if (!next.delete(key)) next.add(key);
                              return next;
                            })
                          }
                        />
                        <span className="plan-confirm-text">
                          <strong>{name(p)}</strong> · P{p.priority} · {p.alertText}
                          <span className="plan-confirm-meta">
                            {format.dateTime(p.raisedAt)} ·{' '}
                            {t('remoteAlarm.waiting', { count: p.pendingCount })} ·{' '}
                            {p.sent ? t('remoteAlarm.sent') : t('remoteAlarm.notSent')}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </>
          ))}
      </LoadingState>
      {confirm.element}
      <ActionResultDialog dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
