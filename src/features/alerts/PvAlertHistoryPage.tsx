/**
 * Alert history (SPEC §7 `POST /api/alerts/bypvs`): the alerts of the last 30 days, newest
 * first, with priority, state in words, who acknowledged and when it went —
 * of one PV (`/alerts/history?pv=AnaIn-100001`, opened from the PV's actions), or of every PV
 * of a station (`/alerts/history?station=1`, opened from the station list). Without either,
 * a picker over the whole plant (`GET /api/Pv/all`) chooses one.
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { postJson } from '../../api/http.ts';
import { fetchPvList } from '../../api/stations.ts';
import { ALERT_API, type AlertListResult } from '../../contract/alerts.ts';
import { parsePvUrlId, pvUrlId } from '../../contract/keys.ts';
import type { PvListEntry } from '../../contract/plant.ts';
import type { PvRef } from '../../contract/pv.ts';
import { requirePv } from '../../domain/validation/forms.ts';
import { useFormat } from '../../app/useFormat.ts';
import { usePvConfig } from '../../live/index.ts';
import {
  Button,
  EmptyState,
  LoadingState,
  PageHeader,
  SelectField,
  TableHead,
} from '../../ui/index.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { PvOptions } from '../shared/PvOptions.tsx';
import { PriorityChip, alertPhase } from './AlertTable.tsx';
import { FailureInputAck } from './FailureInputAck.tsx';
import { useAlarmText } from '../shared/alarm/useAlarmText.ts';
import { usePriorityStyles } from '../shared/alarm/usePriorities.ts';
import './alerts.css';

const DAYS = 30;

type Subject = { kind: 'pv'; pv: PvRef; id: string } | { kind: 'station'; stationNumber: number };

export function PvAlertHistoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('pv');
  const station = params.get('station');
  if (id !== null) {
    const pv = parsePvUrlId(id);
    if (!pv) return <Unknown text={t('alerts.history.unknown', { id })} />;
    return <PvHistory key={id} subject={{ kind: 'pv', pv, id }} />;
  }
  if (station !== null) {
    const stationNumber = Number(station);
    if (station.trim() === '' || !Number.isSafeInteger(stationNumber))
      return <Unknown text={t('alerts.history.unknownStation', { station })} />;
    return <StationHistory key={station} stationNumber={stationNumber} />;
  }
  return <HistoryPicker />;
}

function Unknown({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('alerts.history.title')} />
      <EmptyState
        title={text}
        reason={t('alerts.history.description')}
        action={<Link to="/alerts/history">{t('alerts.history.pick')}</Link>}
      />
    </div>
  );
}

/** The alerts of `pvs` in the last DAYS days. */
function loadHistory(pvs: readonly PvRef[], signal: AbortSignal) {
  const end = Date.now() + 60_000;
  const query = `start=${new Date(end - DAYS * 86_400_000).toISOString()}&end=${new Date(end).toISOString()}&limit=500`;
  return postJson<AlertListResult>(`${ALERT_API.byPvs}?${query}`, pvs, { signal });
}

function PvHistory({ subject }: { subject: Extract<Subject, { kind: 'pv' }> }) {
  const { t } = useTranslation();
  const configState = usePvConfig(subject.pv);
  const config = configState.config;
  const [alerts, retry] = usePageQuery(pageKeys.alertHistory(subject.id), (signal) =>
    loadHistory([subject.pv], signal),
  );
  const name = config ? `${config.stationName}: ${config.name}` : subject.id;
  return (
    <div className="page">
      <PageHeader
        title={`${t('alerts.history.title')}: ${name}`}
        subject={name}
        description={t('alerts.history.description')}
        actions={
          config && (
            <Link to={`/alerts/history?station=${config.stationNumber}`}>
              {t('alerts.history.ofStation', { station: config.stationName })}
            </Link>
          )
        }
      />
      {configState.state === 'error' && (
        // SPEC §8 "loading failures for PVs": said so; its archived alerts are listed still.
        <p className="history-note" role="status">
          {t('results.load.pvMissing', { type: subject.pv.type, nr: subject.pv.nr })}
        </p>
      )}
      {config?.alertInputConfig && (
        <FailureInputAck pvRef={subject.pv} station={config.stationNumber} />
      )}
      <LoadingState status={alerts.state} onRetry={retry} label={t('alerts.history.title')}>
        {alerts.state === 'ready' && (
          <HistoryTable
            result={alerts.data}
            withSource={false}
            noneReason={t('alerts.history.noneReason')}
          />
        )}
      </LoadingState>
    </div>
  );
}

function StationHistory({ stationNumber }: { stationNumber: number }) {
  const { t } = useTranslation();
  const [state, retry] = usePageQuery(
    pageKeys.stationAlertHistory(stationNumber),
    async (signal) => {
      const pvs = (await fetchPvList(signal)).filter((e) => e.stationNumber === stationNumber);
      if (pvs.length === 0) return { name: null, result: null };
      const result = await loadHistory(
        pvs.map((e) => e.pvRef),
        signal,
      );
      return { name: pvs[0]!.stationName, result };
    },
  );
  const name = state.state === 'ready' ? state.data.name : null;
  return (
    <div className="page">
      <PageHeader
        title={`${t('alerts.history.title')}: ${name ?? t('alerts.history.station', { station: stationNumber })}`}
        subject={name ?? undefined}
        description={t('alerts.history.stationDescription')}
        actions={<Link to={`/stations/${stationNumber}`}>{name ?? stationNumber}</Link>}
      />
      <LoadingState status={state.state} onRetry={retry} label={t('alerts.history.title')}>
        {state.state === 'ready' &&
          (state.data.result ? (
            <HistoryTable
              result={state.data.result}
              withSource
              noneReason={t('alerts.history.stationNoneReason')}
            />
          ) : (
            <EmptyState
              title={t('alerts.history.unknownStation', { station: stationNumber })}
              reason={t('alerts.history.noPvs')}
              action={<Link to="/alerts/history">{t('alerts.history.pick')}</Link>}
            />
          ))}
      </LoadingState>
    </div>
  );
}

function HistoryTable({
  result,
  withSource,
  noneReason,
}: {
  result: AlertListResult;
  withSource: boolean;
  noneReason: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const colors = usePriorityStyles();
  const alarmText = useAlarmText();
  if (result.alerts.length === 0)
    return <EmptyState title={t('alerts.history.none')} reason={noneReason} />;
  return (
    <>
      <p>{t('alerts.history.count', { count: result.alerts.length })}</p>
      <table className="table alert-history">
        <TableHead
          columns={[
            t('alerts.columns.timestamp'),
            t('alerts.columns.priority'),
            withSource && t('alerts.columns.sourceName'),
            t('alerts.columns.text'),
            t('alerts.columns.state'),
            t('alerts.columns.acknowledgedBy'),
            t('alerts.columns.cleared'),
          ]}
        />
        <tbody>
          {result.alerts.map((a) => (
            <tr key={a.id} data-alert-id={a.id}>
              <td className="num">{format.dateTime(a.timestamp)}</td>
              <td>
                <PriorityChip priority={a.priority} look={colors.get(a.priority)} />
              </td>
              {withSource && (
                <td>
                  {a.pvRef ? (
                    <Link to={`/alerts/history?pv=${pvUrlId(a.pvRef)}`}>{a.sourceName}</Link>
                  ) : (
                    a.sourceName
                  )}
                </td>
              )}
              <td>{alarmText(a.text)}</td>
              <td>{t(`alerts.phase.${alertPhase(a)}`)}</td>
              <td>{a.acknowledgedBy ?? ''}</td>
              <td className="num">{a.clearedAt ? format.dateTime(a.clearedAt) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Chooses a station, and optionally one of its PVs, from every PV of the plant. */
function HistoryPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ruleText = useRuleText();
  const [list, retry] = usePageQuery(pageKeys.pvList, (signal) => fetchPvList(signal));
  const [station, setStation] = useState('');
  const [pv, setPv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stations = useMemo(() => {
    const by = new Map<number, { name: string; pvs: PvListEntry[] }>();
    if (list.state === 'ready')
      for (const e of list.data) {
        const entry = by.get(e.stationNumber) ?? { name: e.stationName, pvs: [] };
        entry.pvs.push(e);
        by.set(e.stationNumber, entry);
      }
    return [...by].sort(([a], [b]) => a - b);
  }, [list]);
  const pvsOfStation = stations.find(([nr]) => String(nr) === station)?.[1].pvs ?? [];
  const show = () => {
    // SPEC §5 "Forms": please select a PV (a station stands for all of its PVs).
    const missing = requirePv(pv || station);
    if (missing) {
      setError(ruleText(missing));
      return;
    }
    navigate(pv ? `/alerts/history?pv=${pv}` : `/alerts/history?station=${station}`);
  };
  return (
    <div className="page page-narrow">
      <PageHeader
        title={t('alerts.history.title')}
        description={t('alerts.history.pickDescription')}
      />
      <LoadingState status={list.state} onRetry={retry} label={t('alerts.history.title')}>
        <form
          className="history-pick"
          onSubmit={(e) => {
            e.preventDefault();
            show();
          }}
        >
          <SelectField
            label={t('alerts.history.stationLabel')}
            name="station"
            value={station}
            onChange={(next) => {
              setStation(next);
              setPv('');
              setError(null);
            }}
          >
            <option value="">–</option>
            {stations.map(([nr, s]) => (
              <option key={nr} value={nr}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('alerts.history.pvLabel')}
            error={error ?? undefined}
            name="pv"
            value={pv}
            disabled={!station}
            onChange={(next) => {
              setPv(next);
              setError(null);
            }}
          >
            <option value="">{t('alerts.history.allPvs')}</option>
            <PvOptions pvs={pvsOfStation} />
          </SelectField>
          <div>
            <Button type="submit" variant="primary">
              {t('alerts.history.show')}
            </Button>
          </div>
        </form>
      </LoadingState>
    </div>
  );
}
