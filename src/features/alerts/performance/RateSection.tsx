/**
 * The alarm rate over the period, per 10 minutes or per hour (a switch), with the benchmark
 * lines and the floods marked. The chart's code (uPlot) arrives with this section only.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { useFormat } from '../../../app/useFormat.ts';
import {
  ALARM_BENCHMARKS,
  floodSpans,
  type AlarmPerformance,
} from '../../../domain/alarmPerformance.ts';
import { ChoiceGroup, InfoPopup, Spinner } from '../../../ui/index.ts';
import type { BenchmarkLine } from './AlarmRateChart.tsx';

const loadChart = () => import('./AlarmRateChart.tsx');
const AlarmRateChart = lazy(loadChart);

/** Starts fetching the chart's code (uPlot) while the figures are computed. */
export function preloadRateChart(): void {
  void loadChart();
}

type Resolution = 'per10Min' | 'perHour';

const CHART_HEIGHT_PX = 260;

export function RateSection({ performance }: { performance: AlarmPerformance }) {
  const { t } = useTranslation();
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
      <figure
        className="perf-chart"
        role="img"
        aria-label={t(`${k}.summary`, {
          count: series.counts.length,
          peak: format.number(peak, 0),
          floods: performance.floodCount,
        })}
      >
        <Suspense
          fallback={
            <div className="perf-chart-pending" style={{ height: CHART_HEIGHT_PX }}>
              <Spinner label={t(`${k}.heading`)} />
            </div>
          }
        >
          <AlarmRateChart
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
        </Suspense>
      </figure>
    </section>
  );
}
