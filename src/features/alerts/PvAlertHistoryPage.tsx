/**
 * A PV's alert history (SPEC §7 `POST /api/alerts/bypvs`): its alerts of the last 30 days,
 * newest first, with priority, state in words, who acknowledged and when it went — opened from
 * the PV's actions (`/alerts/history?pv=AnaIn-100001`).
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { postJson } from '../../api/http.ts';
import { ALERT_API, type AlertListResult } from '../../contract/alerts.ts';
import { parsePvUrlId } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import { useFormat } from '../../app/useFormat.ts';
import { usePvConfig } from '../../live/index.ts';
import { EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { useAsync } from '../stations/useAsync.ts';
import { PriorityChip, alertPhase } from './AlertTable.tsx';
import { usePriorityStyles } from './usePriorities.ts';
import './alerts.css';

const DAYS = 30;

export function PvAlertHistoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('pv') ?? '';
  const pv = useMemo(() => parsePvUrlId(id), [id]);
  if (!pv)
    return (
      <div className="page">
        <PageHeader title={t('alerts.history.title')} />
        <EmptyState
          title={t('alerts.history.unknown', { id })}
          reason={t('alerts.history.description')}
        />
      </div>
    );
  return <History pv={pv} id={id} />;
}

function History({ pv, id }: { pv: PvRef; id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const config = usePvConfig(pv).config;
  const colors = usePriorityStyles();
  const [alerts, retry] = useAsync(
    (signal) => {
      const end = Date.now() + 60_000;
      const query = `start=${new Date(end - DAYS * 86_400_000).toISOString()}&end=${new Date(end).toISOString()}&limit=500`;
      return postJson<AlertListResult>(`${ALERT_API.byPvs}?${query}`, [pv], { signal });
    },
    [id],
  );
  const name = config ? `${config.stationName}: ${config.name}` : id;
  return (
    <div className="page">
      <PageHeader
        title={`${t('alerts.history.title')}: ${name}`}
        description={t('alerts.history.description')}
        actions={
          config && <Link to={`/stations/${config.stationNumber}`}>{config.stationName}</Link>
        }
      />
      <LoadingState status={alerts.state} onRetry={retry} label={t('alerts.history.title')}>
        {alerts.state === 'ready' &&
          (alerts.data.alerts.length === 0 ? (
            <EmptyState title={t('alerts.history.none')} reason={t('alerts.history.noneReason')} />
          ) : (
            <>
              <p>{t('alerts.history.count', { count: alerts.data.alerts.length })}</p>
              <table className="table alert-history">
                <thead>
                  <tr>
                    <th scope="col">{t('alerts.columns.timestamp')}</th>
                    <th scope="col">{t('alerts.columns.priority')}</th>
                    <th scope="col">{t('alerts.columns.text')}</th>
                    <th scope="col">{t('alerts.columns.state')}</th>
                    <th scope="col">{t('alerts.columns.acknowledgedBy')}</th>
                    <th scope="col">{t('alerts.columns.cleared')}</th>
                  </tr>
                </thead>
                <tbody>
                  {alerts.data.alerts.map((a) => (
                    <tr key={a.id} data-alert-id={a.id}>
                      <td className="num">{format.dateTime(a.timestamp)}</td>
                      <td>
                        <PriorityChip priority={a.priority} look={colors.get(a.priority)} />
                      </td>
                      <td>{a.text}</td>
                      <td>{t(`alerts.phase.${alertPhase(a)}`)}</td>
                      <td>{a.acknowledgedBy ?? ''}</td>
                      <td className="num">{a.clearedAt ? format.dateTime(a.clearedAt) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ))}
      </LoadingState>
    </div>
  );
}
