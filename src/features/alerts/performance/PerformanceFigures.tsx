/**
 * The figures as cards, first on the page: each says its value, the benchmark, and whether it
 * is within in words and with a shape (a tick, or a triangle for outside), never by colour
 * alone; the (i) popup gives the definition and its source.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import type { Formatters } from '../../../app/useFormat.ts';
import { ALARM_BENCHMARKS, type AlarmPerformance } from '../../../domain/alarmPerformance.ts';
import { Icon, InfoPopup, cx } from '../../../ui/index.ts';
import {
  bandShares,
  figuresOf,
  shareText,
  type Figure,
  type Verdict,
} from './performanceFigures.ts';

export function figureValueText(figure: Figure, format: Formatters): string {
  if (figure.kind === 'share') return shareText(figure.value, format);
  if (figure.kind === 'rate') return format.number(figure.value, figure.value >= 100 ? 0 : 1);
  return format.number(figure.value, 0);
}

export function VerdictMark({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  return (
    <span className={cx('perf-verdict', `perf-verdict-${verdict}`)}>
      {verdict !== 'none' && (
        <Icon name={verdict === 'within' ? 'check' : 'warning'} className="perf-verdict-shape" />
      )}
      <span>{t(`alerts.performance.verdict.${verdict}`)}</span>
    </span>
  );
}

function FigureCard({
  figure,
  performance,
  format,
}: {
  figure: Figure;
  performance: AlarmPerformance;
  format: Formatters;
}) {
  const { t } = useTranslation();
  const key = `alerts.performance.figures.${figure.id}` as const;
  const label = t(`${key}.label`);
  const limit =
    figure.kind === 'share' ? shareText(figure.limit, format) : format.number(figure.limit, 0);
  const shares = bandShares(performance);
  const { priorityShare } = ALARM_BENCHMARKS;
  const value =
    figure.id === 'priorities'
      ? `${shareText(shares.high, format)} / ${shareText(shares.medium, format)} / ${shareText(shares.low, format)}`
      : figureValueText(figure, format);
  const benchmark =
    figure.id === 'priorities'
      ? t(`${key}.benchmark`, {
          high: shareText(priorityShare.high, format),
          medium: shareText(priorityShare.medium, format),
          low: shareText(priorityShare.low, format),
        })
      : t(`${key}.benchmark`, { limit });
  const detail =
    figure.id === 'peak10Min' && performance.peak10Min
      ? t('alerts.performance.figures.peak10Min.at', {
          time: format.dateTime(performance.peak10Min.start, { seconds: false }),
        })
      : figure.id === 'priorities'
        ? t('alerts.performance.figures.priorities.order')
        : null;
  return (
    <li className={cx('perf-figure', `is-${figure.verdict}`)} data-figure={figure.id}>
      <div className="perf-figure-head">
        <h3 className="perf-figure-label">{label}</h3>
        <InfoPopup title={label} triggerLabel={t('alerts.performance.figures.help', { label })}>
          <p>{t(`${key}.definition`)}</p>
          <p className="perf-source">{t(`${key}.source`)}</p>
        </InfoPopup>
      </div>
      <p className="perf-figure-value">{value}</p>
      {detail && <p className="perf-figure-detail">{detail}</p>}
      <p className="perf-figure-foot">
        <VerdictMark verdict={figure.verdict} />
        <span className="perf-figure-benchmark">{benchmark}</span>
      </p>
    </li>
  );
}

export function PerformanceFigures({
  performance,
  format,
}: {
  performance: AlarmPerformance;
  format: Formatters;
}) {
  const { t } = useTranslation();
  const figures = figuresOf(performance);
  const outside = figures.filter((f) => f.verdict === 'outside').length;
  return (
    <section className="perf-figures" aria-labelledby="perf-figures-heading">
      <h2 id="perf-figures-heading" className="perf-heading">
        {t('alerts.performance.figures.heading')}
      </h2>
      <p className="perf-summary" role="status">
        {outside === 0
          ? t('alerts.performance.figures.allWithin', { count: performance.total })
          : t('alerts.performance.figures.outsideCount', { count: outside })}
      </p>
      <ul className="perf-figure-list">
        {figures.map((f) => (
          <FigureCard key={f.id} figure={f} performance={performance} format={format} />
        ))}
      </ul>
    </section>
  );
}
