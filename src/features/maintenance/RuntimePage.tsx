/**
 * Runtimes and switching cycles of a machine with its service intervals and the next service
 * due (SPEC §2 "runtimes and life cycle", §3 "Maintenance config"): the intervals arrive live
 * over the pv hub (`newMaintenanceConfig`), the open maintenance notifications follow them.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { MaintenanceConfig } from '../../contract/maintenance.ts';
import type { PvRef } from '../../contract/pv.ts';
import { configList, nextServiceDue, serviceState } from '../../domain/maintenance.ts';
import { useFormat } from '../../app/useFormat.ts';
import { useLiveItem } from '../../live/index.ts';
import { EmptyState, LoadingState, Panel } from '../../ui/index.ts';
import { loadRuntimes } from '../actions/actionsApi.ts';
import { MachineFrame } from './MachineFrame.tsx';
import { loadNotifications } from './maintenanceApi.ts';
import { NotificationList } from './NotificationList.tsx';
import { ServiceStateBadge } from './ServiceState.tsx';
import { TableScroll } from './TableScroll.tsx';
import { useLoad } from './useLoad.ts';

export function RuntimePage() {
  return <MachineFrame view="runtime">{({ ref }) => <Runtime pvRef={ref} />}</MachineFrame>;
}

export function useAmount() {
  const { t } = useTranslation();
  const format = useFormat();
  return (value: number, c: Pick<MaintenanceConfig, 'runtimeDimension'>) =>
    c.runtimeDimension === 'Cycles'
      ? t('maintenance.amount.cycles', { value: format.number(value, 0) })
      : t('maintenance.amount.hours', { value: format.number(value, 1) });
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
  const notes = useLoad((s) => loadNotifications(pvRef, s), [pvRef.type, pvRef.nr, dueKey]);
  const keepsRuntimes = pvRef.type === 'DigiIn' || pvRef.type === 'AnaIn';
  const runtimes = useLoad(
    (s) => (keepsRuntimes ? loadRuntimes([pvRef], s) : Promise.resolve(null)),
    [pvRef.type, pvRef.nr],
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
          status={runtimes.loaded.state}
          onRetry={runtimes.reload}
          errorMessage={t('maintenance.runtime.loadFailed')}
        >
          {!keepsRuntimes || !runtimes.loaded.data?.runtimeValues.length ? (
            <p className="muted">{t('maintenance.runtime.noRuntimes')}</p>
          ) : (
            <dl className="machine-data">
              {runtimes.loaded.data.runtimeValues.map((r) => (
                <div key={r.runtimeValue.runtimeType} className="machine-data-row">
                  <dt>{t(`maintenance.runtimeType.${r.runtimeValue.runtimeType}`)}</dt>
                  <dd className="num">
                    {r.runtimeValue.runtimeType === 'Schaltzyklen'
                      ? t('maintenance.amount.cycles', {
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
              <thead>
                <tr>
                  <th scope="col">{t('maintenance.runtime.service')}</th>
                  <th scope="col" className="num">
                    {t('maintenance.runtime.interval')}
                  </th>
                  <th scope="col" className="num">
                    {t('maintenance.runtime.current')}
                  </th>
                  <th scope="col" className="num">
                    {t('maintenance.runtime.remaining')}
                  </th>
                  <th scope="col">{t('maintenance.runtime.state')}</th>
                </tr>
              </thead>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Panel>
      )}
      <Panel title={t('maintenance.notifications.title')} className="maintenance-wide">
        <LoadingState
          status={notes.loaded.state}
          onRetry={notes.reload}
          errorMessage={t('maintenance.notifications.loadFailed')}
        >
          <NotificationList
            notifications={notes.loaded.data?.notifications ?? []}
            showMachine={false}
          />
        </LoadingState>
      </Panel>
    </div>
  );
}
