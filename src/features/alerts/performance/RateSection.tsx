/**
 * The alarm rate over the period, per 10 minutes or per hour (a switch), with the benchmark
 * lines and the floods marked. The chart's code (uPlot) arrives with this section only.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { useFormat } from '../../../app/useFormat.ts';
import {
  ALARM_BENCHMARKS,
  floodSpans,
  type AlarmPerformance,
} from '../../../domain/alarmPerformance.ts';
import { ChoiceGroup, InfoPopup, LoadingState, Spinner } from '../../../ui/index.ts';
import type * as AlarmRateChartModule from './AlarmRateChart.tsx';
import type { BenchmarkLine } from './AlarmRateChart.tsx';

type ChartModule = typeof AlarmRateChartModule;

/**
 * The chart's code once it is in, or the failure of its last fetch. Not React.lazy: a lazy
 * component suspends on its first render even when its code has long arrived (the page fetches
 * it while the figures are computed), and Suspense then reveals the chart up to 300 ms later,
 * moving the tables under it while they are drawn and read (e2e APG22 clicked a link that
 * moved under the pointer).
 */
type ChartState =
  { status: 'loading' } | { status: 'ready'; module: ChartModule } | { status: 'error' };

let chartState: ChartState = { status: 'loading' };
let chartLoading: Promise<void> | null = null;
const chartListeners = new Set<() => void>();

function setChartState(next: ChartState) {
  chartState = next;
  for (const listener of chartListeners) listener();
}

function loadChart(): Promise<void> {
  if (chartState.status === 'error') setChartState({ status: 'loading' });
  return (chartLoading ??= import('./AlarmRateChart.tsx').then(
    (module) => setChartState({ status: 'ready', module }),
    () => {
      // A retry fetches again.
      chartLoading = null;
      setChartState({ status: 'error' });
    },
  ));
}

function subscribeChart(listener: () => void): () => void {
  chartListeners.add(listener);
  return () => chartListeners.delete(listener);
}

/** The chart's code, fetched on first use. */
function useChartModule(): ChartState {
  const state = useSyncExternalStore(subscribeChart, () => chartState);
  useEffect(() => {
    if (chartState.status === 'loading') void loadChart();
  }, []);
  return state;
}

/** Starts fetching the chart's code (uPlot) while the figures are computed. */
export function preloadRateChart(): void {
  void loadChart();
}

type Resolution = 'per10Min' | 'perHour';

const CHART_HEIGHT_PX = 260;

/**
 * The chart's box: as high as the drawn chart (plot and legend, --perf-chart-legend in
 * performance.css) from the start, so nothing under it moves when it is drawn.
 */
const CHART_BOX = { minHeight: `calc(${CHART_HEIGHT_PX}px + var(--perf-chart-legend))` };

/** A spinner over the chart's box while its code arrives and until it is drawn. */
function ChartPending({ label }: { label: string }) {
  return (
    <div className="perf-chart-pending">
      <Spinner label={label} />
    </div>
  );
}

export function RateSection({ performance }: { performance: AlarmPerformance }) {
  const { t } = useTranslation();
  const chart = useChartModule();
  const format = useFormat();
  const [resolution, setResolution] = useState<Resolution>(
    performance.hours > 7 * 24 ? 'perHour' : 'per10Min',
  );
  const k = 'alerts.performance.chart';
  const lines = useMemo<BenchmarkLine[]>(
    () =>
      resolution === 'per10Min'
        ? [
            {
              value: ALARM_BENCHMARKS.per10MinAcceptable,
              label: t(`${k}.acceptable10`, { count: ALARM_BENCHMARKS.per10MinAcceptable }),
              kind: 'acceptable',
            },
            {
              value: ALARM_BENCHMARKS.floodThreshold,
              label: t(`${k}.flood`, { count: ALARM_BENCHMARKS.floodThreshold }),
              kind: 'flood',
            },
          ]
        : [
            {
              value: ALARM_BENCHMARKS.perHourAcceptable,
              label: t(`${k}.acceptableHour`, { count: ALARM_BENCHMARKS.perHourAcceptable }),
              kind: 'acceptable',
            },
          ],
    [resolution, t],
  );
  // Every flood is marked, from the 10-minute series: the figures list only the first floods.
  const floods = useMemo(
    () => floodSpans(performance.per10Min, performance.request.end),
    [performance],
  );
  const series = resolution === 'per10Min' ? performance.per10Min : performance.perHour;
  const peak = Math.max(0, ...series.counts);
  return (
    <section className="perf-rate" aria-labelledby="perf-rate-heading">
      <div className="perf-section-head">
        <h2 id="perf-rate-heading" className="perf-heading">
          {t(`${k}.heading`)}
        </h2>
        <InfoPopup title={t(`${k}.heading`)}>
          <p>{t(`${k}.definition`)}</p>
          <p className="perf-source">{t(`${k}.source`)}</p>
        </InfoPopup>
      </div>
      <div className="perf-rate-controls">
        <ChoiceGroup<Resolution>
          legend={t(`${k}.resolution`)}
          value={resolution}
          choices={[
            { value: 'per10Min', label: t(`${k}.per10Min`) },
            { value: 'perHour', label: t(`${k}.perHour`) },
          ]}
          onChange={setResolution}
        />
        <ul className="perf-legend" aria-label={t(`${k}.legend`)}>
          {lines.map((l) => (
            <li key={l.label} className={`perf-legend-${l.kind}`}>
              <span className="perf-legend-line" aria-hidden="true" />
              {l.label}
            </li>
          ))}
          <li className="perf-legend-floodArea">
            <span className="perf-legend-swatch" aria-hidden="true" />
            {t(`${k}.floodArea`, { count: performance.floodCount })}
          </li>
        </ul>
      </div>
      {chart.status === 'error' ? (
        // The chart's code could not be fetched: said so, with a retry, in the chart's place.
        <div className="perf-chart" style={CHART_BOX}>
          <LoadingState status="error" onRetry={() => void loadChart()} />
        </div>
      ) : (
        <figure
          className="perf-chart"
          role="img"
          aria-label={t(`${k}.summary`, {
            count: series.counts.length,
            peak: format.number(peak, 0),
            floods: performance.floodCount,
          })}
        >
          <div className="perf-chart-box" style={CHART_BOX}>
            {chart.status === 'ready' ? (
              <chart.module.default
                pending={<ChartPending label={t(`${k}.heading`)} />}
                series={series}
                stepMs={resolution === 'per10Min' ? 600_000 : 3_600_000}
                lines={lines}
                floods={floods}
                start={performance.request.start}
                end={performance.request.end}
                timeZone={format.timeZone}
                locale={format.locale}
                seriesLabel={t(`${k}.${resolution}`)}
                timeLabel={t(`${k}.time`)}
                height={CHART_HEIGHT_PX}
              />
            ) : (
              <ChartPending label={t(`${k}.heading`)} />
            )}
          </div>
        </figure>
      )}
    </section>
  );
}
