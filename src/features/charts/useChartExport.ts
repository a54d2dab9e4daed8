/**
 * A chart's export (SPEC §7 "Charts" export, CH5): the visible range's data as CSV from the
 * server (German number format unless the language is English), and the canvas as PNG with a
 * header band (title, plant, range, export time) and a legend under the plot (SO4).
 */
import { useTranslation } from '../../app/useTranslation.ts';
import type { Formatters } from '../../app/useFormat.ts';
import { useResource } from '../../app/resource.ts';
import { systemSettings } from '../../app/systemSettings.ts';
import { failureText } from '../../app/failureText.ts';
import type { ChartConfig, DataSourceType } from '../../contract/charts.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import type { ChartTarget } from '../../live/charts.ts';
import { exportChartData, saveBlob } from './chartsApi.ts';
import { composeExport, exportCaption } from './pngExport.ts';
import type { PlotModel } from './plotModel.ts';

export interface ChartExportInputs {
  config: ChartConfig;
  target: ChartTarget;
  view: TimeRange;
  source: DataSourceType;
  model: PlotModel;
  format: Formatters;
  canvas: { readonly current: HTMLCanvasElement | null };
  /** A sentence about the export's outcome (or null to clear it). */
  onNotice: (notice: string | null) => void;
}

export function useChartExport(inputs: ChartExportInputs): {
  exportCsv: () => Promise<void>;
  exportPng: () => void;
} {
  const { t } = useTranslation();
  const settings = useResource(systemSettings);
  const { config, target, view, source, model, format, canvas, onNotice } = inputs;

  const exportCsv = async () => {
    onNotice(null);
    try {
      const name = await exportChartData(
        {
          chartConfigId: target.kind === 'chart' ? target.chartId : null,
          series: target.kind === 'series' ? target.series : [],
          startDate: new Date(view.start).toISOString(),
          endDate: new Date(view.end).toISOString(),
          source,
        },
        format.locale !== 'en',
      );
      onNotice(t('charts.export.done', { name }));
    } catch (error) {
      onNotice(
        t('charts.export.failed', {
          error: failureText(error),
        }),
      );
    }
  };

  const exportPng = () => {
    const c = canvas.current;
    if (!c) return;
    const css = getComputedStyle(document.body);
    const at = (ms: number) => format.dateTime(ms, { seconds: false });
    const out = composeExport(
      c,
      exportCaption({
        title: config.title,
        plant: settings.status === 'ready' ? settings.data.plantName : '',
        range: `${at(view.start)} – ${at(view.end)}`,
        exported: t('safeOps.export.at', { time: format.dateTime(Date.now()) }),
      }),
      {
        background: css.getPropertyValue('--surface').trim() || '#ffffff',
        text: css.getPropertyValue('--text').trim() || '#1e2327',
        muted: css.getPropertyValue('--text-muted').trim() || '#59636b',
      },
      model.series.map((s) => ({
        color: s.color,
        label: s.dimension ? `${s.label} [${s.dimension}]` : s.label,
      })),
    );
    out?.toBlob((blob) => {
      if (blob) saveBlob(blob, `${config.title}.png`);
    }, 'image/png');
  };

  return { exportCsv, exportPng };
}
