/**
 * `/alerts/performance`: the alarm-system figures of ANSI/ISA-18.2 and EEMUA 191 for a period
 * and a station or the whole plant, computed by the engine from the alert archive
 * (`useAlarmPerformance`). Figures first, then the alarm rate, then the tables; the choice
 * lives in the address, so a link or a favorite opens the same figures. Printable, and
 * exported as CSV and XLSX from the same rows the tables show, every row of them: the engine
 * answers the page the first rows of each long list and the export the whole lists.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { failureText } from '../../../app/failureText.ts';
import { PlantZoneGate } from '../../../app/PlantZoneGate.tsx';
import { fetchStations } from '../../../api/stations.ts';
import type { AlarmPerformance } from '../../../domain/alarmPerformance.ts';
import { useLiveClient } from '../../../live/index.ts';
import { useAlarmPerformance } from '../../../live/useAlarmPerformance.ts';
import { Button, ChoiceGroup, PageHeader, Spinner, Toolbar } from '../../../ui/index.ts';
import { usePageQuery } from '../../shared/pageData.ts';
import { pageKeys } from '../../shared/pageKeys.ts';
import { nativeBridge } from '../../../platform/index.ts';
import { saveFile } from '../../../platform/saveFile.ts';
import { downloadText, toCsv } from '../../shared/csv.ts';
import { CustomRangeFields } from '../RangePicker.tsx';
import { usePriorityName, usePriorityStyles } from '../../shared/alarm/usePriorities.ts';
import { useAlarmText } from '../../shared/alarm/useAlarmText.ts';
import { PerformanceFigures } from './PerformanceFigures.tsx';
import { PerformanceTables } from './PerformanceTables.tsx';
import { preloadRateChart, RateSection } from './RateSection.tsx';
import { fileBaseOf, performanceSheet } from './performanceExport.ts';
import { performanceTables } from './performanceTables.ts';
import { afterNextFrame } from './afterNextFrame.ts';
import {
  choiceFromParams,
  choiceToParams,
  NOW_STEP_MS,
  PERFORMANCE_PERIODS,
  requestOf,
  type PerformanceChoice,
  type PerformancePeriod,
} from './performanceChoice.ts';
import '../alerts.css';
import '../../shared/printAlone.css';
import './performance.css';

export function AlarmPerformancePage() {
  return <PlantZoneGate>{(zone) => <AlarmPerformanceIn timeZone={zone} />}</PlantZoneGate>;
}

/**
 * The page on the plant's clock (`timeZone`): the figures' hours and days are the plant's from
 * the first request on, never the browser's while the server's settings load.
 */
function AlarmPerformanceIn({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => choiceFromParams(params), [params]);
  // A period ending now is fixed when chosen, so the figures do not recompute on each render;
  // "Neu berechnen" moves it to the present.
  const [now, setNow] = useState(() => Math.floor(Date.now() / NOW_STEP_MS) * NOW_STEP_MS);
  const request = useMemo(() => requestOf(choice, now, timeZone), [choice, now, timeZone]);
  const result = useAlarmPerformance(request);
  useEffect(preloadRateChart, []);
  const [stations] = usePageQuery(pageKeys.stations, (signal) => fetchStations(signal));
  const stationList = stations.state === 'ready' ? stations.data : [];
  const stationName =
    choice.station === null
      ? t('alerts.performance.choice.plant')
      : (stationList.find((s) => s.id === choice.station)?.name ??
        t('alerts.performance.choice.stationNr', { nr: choice.station }));
  // NOTE: the address changes before a navigation's render commits (it runs in a transition),
  // so a second change right after the first is built on the address, not on this render.
  const choose = (next: (current: PerformanceChoice) => PerformanceChoice) => {
    setNow(Math.floor(Date.now() / NOW_STEP_MS) * NOW_STEP_MS);
    setParams(choiceToParams(next(choiceFromParams(new URLSearchParams(window.location.search)))));
  };
  const [customOpen, setCustomOpen] = useState(choice.period === 'custom');
  const periodChoices = PERFORMANCE_PERIODS.map((p) => ({
    value: p,
    label: t(`alerts.performance.choice.periods.${p}`),
  }));
  const data = result.data;
  return (
    <div className="page perf-page">
      <PageHeader
        title={t('alerts.performance.title')}
        subject={choice.station === null ? undefined : stationName}
        description={t('alerts.performance.description')}
        actions={data && <ExportActions performance={data} stationName={stationName} />}
      />
      <p className="perf-print-head">
        {stationName} · {format.dateTime(request.start, { seconds: false })} –{' '}
        {format.dateTime(request.end, { seconds: false })}
      </p>
      <div className="perf-choice">
        <ChoiceGroup<PerformancePeriod>
          legend={t('alerts.performance.choice.period')}
          value={customOpen ? 'custom' : choice.period}
          choices={periodChoices}
          onChange={(p) => {
            if (p === 'custom') setCustomOpen(true);
            else {
              setCustomOpen(false);
              choose((c) => ({ period: p, station: c.station }));
            }
          }}
        />
        {customOpen && (
          <div className="range-picker perf-custom">
            <CustomRangeFields
              initial={{ start: request.start, end: request.end }}
              onApply={(range) =>
                range.end > range.start &&
                choose((c) => ({ period: 'custom', ...range, station: c.station }))
              }
            />
          </div>
        )}
        <label className="perf-station">
          <span className="field-label">{t('alerts.performance.choice.station')}</span>
          <select
            className="input"
            name="station"
            value={choice.station === null ? '' : String(choice.station)}
            onChange={(e) =>
              choose((c) => ({
                ...c,
                station: e.target.value === '' ? null : Number(e.target.value),
              }))
            }
          >
            <option value="">{t('alerts.performance.choice.plant')}</option>
            {choice.station !== null && !stationList.some((s) => s.id === choice.station) && (
              <option value={choice.station}>{stationName}</option>
            )}
            {stationList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="perf-choice-foot">
        <p className="perf-period" aria-live="polite">
          {t('alerts.performance.choice.range', {
            start: format.dateTime(request.start, { seconds: false }),
            end: format.dateTime(request.end, { seconds: false }),
          })}
        </p>
        <Button
          size="small"
          icon="refresh"
          disabled={result.status === 'loading'}
          onClick={() => {
            // Fetched again from the archive, and a period ending now moves to the present.
            setNow(Math.floor(Date.now() / NOW_STEP_MS) * NOW_STEP_MS);
            result.reload();
          }}
        >
          {t('alerts.performance.recompute')}
        </Button>
      </div>
      <Status result={result} />
      {data && (
        // While new figures load, the last ones stay, marked as not current.
        <div className="perf-results" aria-busy={result.status === 'loading'}>
          <Results performance={data} />
        </div>
      )}
    </div>
  );
}

type PerformanceResult = ReturnType<typeof useAlarmPerformance>;

function Status({ result }: { result: PerformanceResult }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (result.status === 'loading') {
    const progress = result.progress;
    return (
      <div className="perf-loading" role="status">
        <Spinner label={t('alerts.performance.loading.label')} showLabel />
        {progress && (
          <>
            <progress
              className="perf-progress"
              max={1}
              value={progress.covered}
              aria-label={t('alerts.performance.loading.label')}
            />
            <span>
              {t('alerts.performance.loading.progress', {
                count: progress.loaded,
                loaded: format.number(progress.loaded, 0),
                covered: format.number(Math.round(progress.covered * 100), 0),
              })}
            </span>
          </>
        )}
      </div>
    );
  }
  if (result.status === 'error')
    return (
      <div className="perf-error" role="alert">
        <p>
          {t('alerts.performance.failed', {
            reason: failureText(result.error),
          })}
        </p>
        <Button size="small" onClick={result.reload}>
          {t('alerts.performance.retry')}
        </Button>
      </div>
    );
  return null;
}

function Results({ performance }: { performance: AlarmPerformance }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The rate section and the tables come a frame after the first figures (their render was
  // one task with the figures'); once shown they stay, with their choices, for new figures.
  const [restShown, setRestShown] = useState(false);
  useEffect(() => {
    if (!restShown) return afterNextFrame(() => setRestShown(true));
  }, [restShown]);
  // The same elements while the page re-renders (a reload's progress), so these do not render
  // again.
  const figures = useMemo(
    () => <PerformanceFigures performance={performance} format={format} />,
    [performance, format],
  );
  const rate = useMemo(() => <RateSection performance={performance} />, [performance]);
  return (
    <>
      {performance.truncated && (
        <p className="perf-partial" role="status">
          {t('alerts.performance.truncated')}
        </p>
      )}
      <p className="perf-computed">
        {t('alerts.performance.computed', {
          count: performance.total,
          total: format.number(performance.total, 0),
          time: format.dateTime(performance.computedAt, { seconds: false }),
        })}
      </p>
      {figures}
      {restShown && rate}
      {restShown && <PerformanceTables performance={performance} />}
    </>
  );
}

function ExportActions({
  performance,
  stationName,
}: {
  performance: AlarmPerformance;
  stationName: string;
}) {
  const client = useLiveClient();
  const { t } = useTranslation();
  const format = useFormat();
  const priorities = usePriorityStyles();
  const priorityName = usePriorityName();
  const alarmText = useAlarmText();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  /** The sheet of every row: the page's figures hold the first rows of each long list. */
  const sheet = async () => {
    // The same figures with every row (AP12), from the rows the engine computed these from.
    const all = await client.alarmPerformance({
      ...performance.request,
      reload: false,
      whole: { computedAt: performance.computedAt },
    });
    return performanceSheet(
      all,
      performanceTables(all, t, format, (l) => priorityName(l, priorities.get(l)?.name), alarmText),
      t,
      format,
      stationName,
    );
  };
  const base = fileBaseOf(performance);
  const exporting = async (write: () => Promise<void>) => {
    setBusy(true);
    setFailed(null);
    try {
      await write();
    } catch (error) {
      setFailed(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = () =>
    exporting(async () => {
      const rows = await sheet();
      downloadText(`${base}.csv`, toCsv(rows[0]!.map(String), rows.slice(1)));
    });
  const exportXlsx = () =>
    exporting(async () => {
      const [{ xlsxBlob }, rows] = await Promise.all([
        import('../../../platform/xlsxExport.ts'),
        sheet(),
      ]);
      void saveFile(
        nativeBridge(),
        await xlsxBlob(t('alerts.performance.title'), rows, 0),
        `${base}.xlsx`,
      );
    });
  return (
    <Toolbar label={t('alerts.performance.export.label')}>
      <Button size="small" disabled={busy} onClick={() => void exportCsv()}>
        {t('alerts.performance.export.csv')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => void exportXlsx()}>
        {t('alerts.performance.export.xlsx')}
      </Button>
      <Button size="small" icon="print" onClick={() => window.print()}>
        {t('alerts.performance.export.print')}
      </Button>
      {failed && (
        <span className="perf-export-failed" role="alert">
          {t('alerts.performance.export.failed', { reason: failed })}
        </span>
      )}
    </Toolbar>
  );
}
