/**
 * Maintenance overview (SPEC §2 "maintenance overview", §7 maintenanceoverview/*): the service
 * state of every machine by station, or only the services due within a compare value (percent
 * of the interval left, or an absolute amount), each linking to its machine. It follows the
 * intervals live, like the notifications.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Link } from 'react-router';
import { pvUrlId } from '../../contract/keys.ts';
import { useFormat } from '../../app/useFormat.ts';
import {
  Button,
  ChoiceGroup,
  EmptyState,
  Field,
  LoadingState,
  PageHeader,
  Panel,
  TableHead,
} from '../../ui/index.ts';
import {
  loadDescriptions,
  loadProtocolByCompareValue,
  loadProtocolByStation,
} from './maintenanceApi.ts';
import { useAmount } from './RuntimePage.tsx';
import { ServiceStateBadge } from './ServiceState.tsx';
import { StorageCards } from './StorageCards.tsx';
import { useDueVersion } from './useDueVersion.tsx';
import { TableScroll } from './TableScroll.tsx';
import { loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { SOON_DUE_SHARE } from '../../domain/maintenance.ts';
import { machineName } from '../../domain/maintenanceForecast.ts';
import { requireNumber } from '../../domain/validation/forms.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import './maintenance.css';

/** How soon the overview asks again while estimates are being prepared. */
const ESTIMATE_RETRY_MS = 3_000;

type Mode = 'all' | 'percent' | 'absolute';

export function MaintenancePage() {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const format = useFormat();
  const amount = useAmount();
  const [machines] = usePageQuery(pageKeys.maintenance.descriptions, (s) => loadDescriptions(s), {
    keepPrevious: true,
  });
  const refs = useMemo(() => (machines.data ?? []).map((m) => m.pvRef), [machines.data]);
  const { version, watchers } = useDueVersion(refs);
  const [station, setStation] = useState(0);
  const [mode, setMode] = useState<Mode>('percent');
  const [typed, setTyped] = useState('10');
  const [compare, setCompare] = useState(10);
  const [inputError, setInputError] = useState<string | null>(null);
  const [protocol, reloadProtocol] = usePageQuery(
    [...pageKeys.maintenance.protocolOfStation(station), mode, compare, version],
    (s) =>
      mode === 'all'
        ? loadProtocolByStation(station, s)
        : loadProtocolByCompareValue(station, compare, mode === 'percent', s),
    { keepPrevious: true },
  );
  const stations = useMemo(() => {
    const seen = new Map<number, string>();
    for (const m of machines.data ?? []) seen.set(m.stationNumber, m.stationName);
    return [...seen.entries()].sort((a, b) => a[0] - b[0]);
  }, [machines.data]);
  const apply = () => {
    const notANumber = requireNumber(typed);
    if (notANumber) return setInputError(ruleText(notANumber));
    setInputError(null);
    setCompare(Number(typed.trim().replace(',', '.')));
  };
  const rows = protocol.data?.rows ?? [];
  // MA11: while the archive prepares a runtime's history the estimate follows: ask again.
  const pending = loadStatus(protocol) === 'ready' && rows.some((r) => r.estimatePending);
  useEffect(() => {
    if (!pending) return;
    const handle = setTimeout(reloadProtocol, ESTIMATE_RETRY_MS);
    return () => clearTimeout(handle);
  }, [pending, reloadProtocol]);
  const stateOf = (r: (typeof rows)[number]) =>
    r.due ? 'overdue' : r.remainingPercent / 100 <= SOON_DUE_SHARE ? 'soon' : 'ok';
  return (
    <section className="page maintenance-page">
      <PageHeader
        title={t('maintenance.overview.title')}
        description={t('maintenance.overview.description')}
        actions={
          <Link className="btn" to="/maintenance/notifications">
            {t('maintenance.notifications.pageTitle')}
          </Link>
        }
      />
      {watchers}
      <Panel>
        <form
          className="maintenance-filters"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Field label={t('maintenance.filter.station')}>
            {(p) => (
              <select
                {...p}
                className="input"
                value={station}
                onChange={(e) => setStation(Number(e.target.value))}
              >
                <option value={0}>{t('maintenance.filter.allStations')}</option>
                {stations.map(([nr, name]) => (
                  <option key={nr} value={nr}>
                    {nr} {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ChoiceGroup<Mode>
            legend={t('maintenance.overview.protocol')}
            value={mode}
            onChange={setMode}
            choices={[
              { value: 'all', label: t('maintenance.overview.byStation') },
              { value: 'percent', label: t('maintenance.overview.byPercent') },
              { value: 'absolute', label: t('maintenance.overview.byAbsolute') },
            ]}
          />
          {mode !== 'all' && (
            <div className="compare-row">
              <Field
                label={
                  mode === 'percent'
                    ? t('maintenance.overview.comparePercent')
                    : t('maintenance.overview.compareAbsolute')
                }
                error={inputError ?? undefined}
              >
                {(p) => (
                  <input
                    {...p}
                    className="input"
                    inputMode="decimal"
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                  />
                )}
              </Field>
              <Button type="submit">{t('maintenance.overview.apply')}</Button>
            </div>
          )}
        </form>
      </Panel>
      <StorageCards station={station} />
      <LoadingState
        status={loadStatus(protocol)}
        onRetry={reloadProtocol}
        errorMessage={t('maintenance.overview.loadFailed')}
      >
        {rows.length === 0 ? (
          <EmptyState
            icon="check"
            title={t('maintenance.overview.noneTitle')}
            reason={
              mode === 'all'
                ? t('maintenance.overview.noMachines')
                : t('maintenance.overview.noneDue')
            }
          />
        ) : (
          <TableScroll label={t('maintenance.overview.title')}>
            <table className="table protocol-table">
              <caption className="visually-hidden">{t('maintenance.overview.title')}</caption>
              <TableHead
                columns={[
                  t('maintenance.runtime.state'),
                  t('maintenance.overview.machine'),
                  t('maintenance.runtime.service'),
                  { label: t('maintenance.runtime.remaining'), num: true },
                  { label: t('maintenance.overview.percent'), num: true },
                  t('maintenance.overview.estimatedDue'),
                  t('maintenance.overview.lastService'),
                ]}
              />
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.pvRef.nr}-${r.serviceMessageType}`} data-state={stateOf(r)}>
                    <td>
                      <ServiceStateBadge state={stateOf(r)} />
                    </td>
                    <th scope="row">
                      <Link to={`/machines/${pvUrlId(r.pvRef)}/runtime`}>
                        {machineName(r.pvName)}
                      </Link>
                      <span className="service-desc">
                        {r.stationNumber} {r.stationName}
                      </span>
                    </th>
                    <td>
                      <span className="service-code">
                        {t(`maintenance.service.${r.serviceMessageType}`)}
                      </span>
                      <span className="service-desc">{r.description}</span>
                    </td>
                    <td className="num">{amount(r.remainingRuntime, r)}</td>
                    <td className="num">{format.number(r.remainingPercent, 1)} %</td>
                    <td data-estimate>
                      {r.due ? (
                        t('maintenance.overview.dueNow')
                      ) : r.estimatePending ? (
                        <span className="muted">{t('maintenance.overview.estimatePending')}</span>
                      ) : r.estimatedDue ? (
                        <>
                          {format.dateTime(r.estimatedDue, { part: 'date' })}
                          {r.ratePerDay ? (
                            <span className="service-desc">
                              {t('maintenance.overview.rate', {
                                rate: amount(r.ratePerDay, r),
                              })}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="muted">{t('maintenance.overview.noEstimate')}</span>
                      )}
                    </td>
                    <td>
                      {r.lastService
                        ? format.dateTime(r.lastService)
                        : t('maintenance.overview.never')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </LoadingState>
    </section>
  );
}
