/**
 * A bar per row of one column (the flow volumes of a day, the monthly volumes of a year): where
 * a look beats reading the table. Plain SVG, scaled to its box; the values stay in the table.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import { useFormat } from '../../app/useFormat.ts';
import type { ReportColumn, ReportData } from '../../contract/reports.ts';

const W = 320;
const H = 180;
const PAD = 24;

export function ReportChart({
  data,
  column,
  index,
}: {
  data: ReportData;
  column: ReportColumn;
  index: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const values = data.rows.map((r) => r.values[index] ?? null);
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  const n = values.length;
  const bar = (W - PAD) / n;
  const label = t('reports.chart.label', { column: column.title });
  return (
    <figure className="report-chart">
      <figcaption>
        {t('reports.chart.title', { column: column.title, unit: column.dimension })}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1={PAD} y1={H - PAD} x2={W} y2={H - PAD} className="report-chart-axis" />
        <text x={PAD - 4} y={12} className="report-chart-tick" textAnchor="end">
          {max > 0 ? format.number(max, 0) : ''}
        </text>
        <text x={PAD - 4} y={H - PAD} className="report-chart-tick" textAnchor="end">
          0
        </text>
        {values.map((v, i) =>
          v === null || max <= 0 ? null : (
            <rect
              key={data.rows[i]!.t}
              x={PAD + i * bar + bar * 0.15}
              width={bar * 0.7}
              y={H - PAD - ((H - PAD - 16) * v) / max}
              height={((H - PAD - 16) * v) / max}
              className="report-chart-bar"
            >
              <title>{format.number(v, column.decimals)}</title>
            </rect>
          ),
        )}
      </svg>
    </figure>
  );
}
