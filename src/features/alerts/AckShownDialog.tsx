/**
 * The confirm of "acknowledge the shown alerts" (ISA-18.2, EEMUA 191: never a blind
 * acknowledgement): how many unacknowledged alerts of the list's filter it acknowledges, per
 * priority, and apart from them the returned alerts that never stood on screen, which it
 * acknowledges only when the operator ticks them in (AL3 of src/domain/RULES.md). The ids are
 * those counted when the dialog opened: alarms arriving meanwhile are not acknowledged unseen.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { useFormat } from '../../app/useFormat.ts';
import type { ShownAckPlan } from '../../domain/alertSelection.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { PriorityChip, type PriorityLook } from './AlertTable.tsx';
import { usePriorityName } from '../shared/alarm/usePriorities.ts';

export function AckShownDialog({
  plan,
  busy,
  colors,
  onConfirm,
  onCancel,
}: {
  plan: ShownAckPlan | null;
  busy: boolean;
  colors: ReadonlyMap<number, PriorityLook & { name: string }>;
  onConfirm: (ids: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const priorityName = usePriorityName();
  const [withUnseen, setWithUnseen] = useState(false);
  const [shownPlan, setShownPlan] = useState(plan);
  // A new plan (the dialog opened again) starts without the unseen ones.
  if (plan !== shownPlan) {
    setShownPlan(plan);
    setWithUnseen(false);
  }
  const checkId = useId();
  const ids = plan ? (withUnseen ? [...plan.ids, ...plan.unseenReturned] : plan.ids) : [];
  const n = (count: number) => format.number(count, 0);
  const counts = (list: [number, number][], unseen: boolean) => (
    <ul className="ack-counts" data-ack-counts={unseen ? 'unseen' : 'shown'}>
      {list.map(([priority, count]) => (
        <li key={priority} data-priority={priority}>
          <PriorityChip priority={priority} look={colors.get(priority)} />
          <span className="ack-count-name">
            {t('alerts.ackShown.priority', {
              priority,
              name: priorityName(priority, colors.get(priority)?.name),
            })}
          </span>
          <span className="ack-count num">{n(count)}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <Dialog
      open={plan !== null}
      onClose={onCancel}
      title={t('alerts.ackShown.title')}
      size="small"
      role="alertdialog"
      className="ack-shown-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {t('ui.confirm.cancel')}
          </Button>
          <Button
            variant="primary"
            icon="check"
            disabled={busy || ids.length === 0}
            onClick={() => onConfirm(ids)}
          >
            {t('alerts.ackShown.confirm', { count: ids.length, n: n(ids.length) })}
          </Button>
        </>
      }
    >
      {plan && (
        <>
          <p>
            {plan.ids.length > 0
              ? t('alerts.ackShown.message', { count: plan.ids.length, n: n(plan.ids.length) })
              : t('alerts.ackShown.none')}
          </p>
          {plan.ids.length > 0 && counts(plan.byPriority, false)}
          {plan.unseenReturned.length > 0 && (
            <div className="ack-unseen" role="group" aria-labelledby={`${checkId}-note`}>
              <p id={`${checkId}-note`} className="ack-unseen-note">
                {t('alerts.ackShown.unseenNote', {
                  count: plan.unseenReturned.length,
                  n: n(plan.unseenReturned.length),
                })}
              </p>
              {counts(plan.unseenByPriority, true)}
              <label className="check-label" htmlFor={checkId}>
                <input
                  id={checkId}
                  type="checkbox"
                  checked={withUnseen}
                  disabled={busy}
                  onChange={(e) => setWithUnseen(e.target.checked)}
                />{' '}
                {t('alerts.ackShown.includeUnseen', {
                  count: plan.unseenReturned.length,
                  n: n(plan.unseenReturned.length),
                })}
              </label>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
