/**
 * Runtimes and switching cycles of a machine with its service intervals and the next service
 * due (SPEC §2 "runtimes and life cycle", §3 "Maintenance config"): the intervals arrive live
 * over the pv hub (`newMaintenanceConfig`), the open maintenance notifications follow them,
 * and the machine's protocol (`protocolofpv`) names when each service was last done. Staff
 * who may edit maintenance record the next service as done in one call (life-cycle entry:
 * the interval restarts and its notification closes), after the confirm step.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Link } from 'react-router';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { MaintenanceConfig } from '../../contract/maintenance.ts';
import type { PvRef } from '../../contract/pv.ts';
import { configList, nextServiceDue, serviceState } from '../../domain/maintenance.ts';
import { useFormat } from '../../app/useFormat.ts';
import { useLiveItem } from '../../live/index.ts';
import { failureText } from '../../app/failureText.ts';
import { Button, EmptyState, LoadingState, Panel, TableHead } from '../../ui/index.ts';
import { loadRuntimes } from '../shared/actions/actionsApi.ts';
import { useCommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { useSession } from '../shared/sessionStore.ts';
import { MachineFrame } from './MachineFrame.tsx';
import {
  loadLifecycle,
  loadNotifications,
  loadProtocolOfPv,
  saveLifecycleEntry,
} from './maintenanceApi.ts';
import { NotificationList } from './NotificationList.tsx';
import { ServiceStateBadge } from './ServiceState.tsx';
import { TableScroll } from './TableScroll.tsx';
import { loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';

export function RuntimePage() {
  return <MachineFrame view="runtime">{({ ref }) => <Runtime pvRef={ref} />}</MachineFrame>;
}

export function useAmount() {
  const { t } = useTranslation();
  const format = useFormat();
  return (value: number, c: Pick<MaintenanceConfig, 'runtimeDimension'>) =>
    c.runtimeDimension === 'Cycles'
      ? t('maintenance.amount.cycles', {
          count: Math.round(value),
          value: format.number(value, 0),
        })
      : t('maintenance.amount.hours', { value: format.number(value, 1) });
}

/**
 * "Service done" for the next service due: after the confirm step one call records it in the
 * life cycle, which restarts its interval and closes its notification (the live config and
 * the notification list follow). Without the right the reason is shown instead.
 */
function ServiceDone({
  pvRef,
  config,
  canEdit,
  known,
}: {
  pvRef: PvRef;
  config: MaintenanceConfig;
  canEdit: boolean;
  /** False while the rights are loading: nothing is shown yet. */
  known: boolean;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  const session = useSession();
  const confirm = useCommandConfirm();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!known) return null;
  if (!canEdit) return <p className="read-only-note">{t('maintenance.runtime.doneReadOnly')}</p>;
  const type = config.pvMaintenanceRef.serviceMessageType;
  const service = t(`maintenance.service.${type}`);
  const done = async () => {
    setOutcome(null);
    const ok = await confirm.ask({
      title: t('maintenance.runtime.doneTitle'),
      confirmLabel: t('maintenance.runtime.doneConfirm'),
      changes: [
        {
          pv: service,
          from:
            config.remainingTime <= 0
              ? t('maintenance.runtime.overdueBy', {
                  amount: amount(-config.remainingTime, config),
                })
              : t('maintenance.runtime.dueIn', { amount: amount(config.remainingTime, config) }),
          to: t('maintenance.runtime.doneTo'),
        },
      ],
      note: t('maintenance.runtime.doneNote'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await saveLifecycleEntry(pvRef, {
        maintenanceTimestamp: Date.now(),
        kind: 'Maintenance',
        description: config.description,
        performedBy: session.user?.displayName ?? '',
        serviceMessageType: type,
      });
      setOutcome(
        result.status === 'Success'
          ? { ok: true, text: t('maintenance.runtime.doneSaved', { service }) }
          : {
              ok: false,
              text: t('maintenance.runtime.doneFailed', {
                reason: result.message || result.status,
              }),
            },
      );
    } catch (error) {
      setOutcome({
        ok: false,
        text: t('maintenance.runtime.doneFailed', { reason: failureText(error) }),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon="check" disabled={busy} onClick={() => void done()}>
        {t('maintenance.runtime.done')}
      </Button>
      {outcome && (
        <p
          className={`outcome outcome-${outcome.ok ? 'ok' : 'error'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      )}
      {confirm.element}
    </>
  );
}

function Runtime({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = useAmount();
  const set = useLiveItem('maintenanceConfig', pvKey(pvRef));
  const configs = configList(set);
  const next = nextServiceDue(set);
  // The open notifications reload whenever one is raised or closed.
  const dueKey = configs.map((c) => c.openNotification ?? '').join(',');
  const [notes, reloadNotes] = usePageQuery(
    [...pageKeys.maintenance.notifications(pvRef), dueKey],
    (s) => loadNotifications(pvRef, s),
    { keepPrevious: true },
  );
  // When each service was last done; a recorded service changes its interval, so reload then.
  const serviceKey = configs.map((c) => `${c.remainingTime > 0}${c.openNotification}`).join();
  const [protocol] = usePageQuery(
    [...pageKeys.maintenance.protocol(pvRef), serviceKey],
    (s) => loadProtocolOfPv(pvRef, s),
    { keepPrevious: true },
  );
  const lastService = new Map(
    (protocol.data?.rows ?? []).map((r) => [r.serviceMessageType, r.lastService]),
  );
  const [rights] = usePageQuery(
    pageKeys.maintenance.lifecycle(pvRef),
    (s) => loadLifecycle(pvRef, s),
    { keepPrevious: true },
  );
  const canEdit = rights.data?.currentUserCanEdit ?? false;
  const lastServiceText = (at: number | null | undefined) =>
    at === undefined
      ? '…'
      : at === null
        ? t('maintenance.runtime.neverServiced')
        : format.dateTime(at, { seconds: false });
  const keepsRuntimes = pvRef.type === 'DigiIn' || pvRef.type === 'AnaIn';
  const [runtimes, reloadRuntimes] = usePageQuery(
    pageKeys.maintenance.runtimes(pvRef),
    (s) => (keepsRuntimes ? loadRuntimes([pvRef], s) : Promise.resolve(null)),
    { keepPrevious: true },
  );
  return (
    <div className="maintenance-grid">
      <Panel title={t('maintenance.runtime.next')} className="next-service">
        {set === undefined ? (
          <LoadingState status="loading" />
        ) : next ? (
          <div className="next-service-body" data-state={serviceState(next)}>
            <ServiceStateBadge state={serviceState(next)} />
            <p className="next-service-what">{next.description}</p>
            <p className="next-service-when">
              {next.remainingTime <= 0
                ? t('maintenance.runtime.overdueBy', { amount: amount(-next.remainingTime, next) })
                : t('maintenance.runtime.dueIn', { amount: amount(next.remainingTime, next) })}
            </p>
            <ServiceDone pvRef={pvRef} config={next} canEdit={canEdit} known={!!rights.data} />
            <Link to={`/machines/${pvUrlId(pvRef)}/lifecycle`}>
              {t('maintenance.runtime.record')}
            </Link>
          </div>
        ) : (
          <EmptyState
            title={t('maintenance.runtime.noIntervalsTitle')}
            reason={t('maintenance.runtime.noIntervals')}
          />
        )}
      </Panel>
      <Panel title={t('maintenance.runtime.runtimes')}>
        <LoadingState
          status={loadStatus(runtimes)}
          onRetry={reloadRuntimes}
          errorMessage={t('maintenance.runtime.loadFailed')}
        >
          {!keepsRuntimes || !runtimes.data?.runtimeValues.length ? (
            <p className="muted">{t('maintenance.runtime.noRuntimes')}</p>
          ) : (
            <dl className="machine-data">
              {runtimes.data.runtimeValues.map((r) => (
                <div key={r.runtimeValue.runtimeType} className="machine-data-row">
                  <dt>{t(`maintenance.runtimeType.${r.runtimeValue.runtimeType}`)}</dt>
                  <dd className="num">
                    {r.runtimeValue.runtimeType === 'Schaltzyklen'
                      ? t('maintenance.amount.cycles', {
                          count: Math.round(r.runtimeValue.value),
                          value: format.number(r.runtimeValue.value, 0),
                        })
                      : t('maintenance.amount.hours', {
                          value: format.number(r.runtimeValue.value, 1),
                        })}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </LoadingState>
      </Panel>
      {configs.length > 0 && (
        <Panel title={t('maintenance.runtime.intervals')} className="maintenance-wide">
          <TableScroll label={t('maintenance.runtime.intervals')}>
            <table className="table service-table">
              <TableHead
                columns={[
                  t('maintenance.runtime.service'),
                  { label: t('maintenance.runtime.interval'), num: true },
                  { label: t('maintenance.runtime.current'), num: true },
                  { label: t('maintenance.runtime.remaining'), num: true },
                  t('maintenance.runtime.state'),
                  t('maintenance.runtime.lastService'),
                ]}
              />
              <tbody>
                {configs.map((c) => (
                  <tr key={c.pvMaintenanceRef.serviceMessageType} data-state={serviceState(c)}>
                    <th scope="row">
                      <span className="service-code">
                        {t(`maintenance.service.${c.pvMaintenanceRef.serviceMessageType}`)}
                      </span>
                      <span className="service-desc">{c.description}</span>
                    </th>
                    <td className="num">
                      {c.runtimeEndType === 'Absolute'
                        ? t('maintenance.runtime.at', { amount: amount(c.targetRuntime, c) })
                        : t('maintenance.runtime.every', { amount: amount(c.runtimeHours, c) })}
                    </td>
                    <td className="num">{amount(c.currentRuntime, c)}</td>
                    <td className="num">{amount(c.remainingTime, c)}</td>
                    <td>
                      <ServiceStateBadge state={serviceState(c)} />
                    </td>
                    <td data-last-service>
                      {loadStatus(protocol) === 'error'
                        ? t('maintenance.runtime.protocolFailed')
                        : lastServiceText(lastService.get(c.pvMaintenanceRef.serviceMessageType))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Panel>
      )}
      <Panel title={t('maintenance.notifications.title')} className="maintenance-wide">
        <LoadingState
          status={loadStatus(notes)}
          onRetry={reloadNotes}
          errorMessage={t('maintenance.notifications.loadFailed')}
        >
          <NotificationList notifications={notes.data?.notifications ?? []} showMachine={false} />
        </LoadingState>
      </Panel>
    </div>
  );
}
