/**
 * A chart's toolbar (SPEC §2 charts, §4 auto-refresh, §7 first/last-date and export): the
 * range bar (default, presets, custom range), jumps to the first and last archived data
 * (CV-E1), pan and zoom buttons and reset, the data source (Auto or explicit within the
 * archive limits, CR3), auto-refresh and the span lock, and the actions (annotation, CSV, PNG).
 */
import { useTranslation } from '../../app/useTranslation.ts';
import {
  DATA_SOURCE_TYPES,
  type ChartConfig,
  type DataSourcePreset,
  type DataSourceType,
} from '../../contract/charts.ts';
import { Button, Toolbar } from '../../ui/index.ts';
import { allowedSources, PAN_STEP, panRange, zoomRange } from './chartRange.ts';
import type { DataEdge } from './chartsApi.ts';
import { RangeBar } from './RangeBar.tsx';
import type { ChartWindow } from './useChartWindow.ts';

export interface ChartToolbarProps {
  config: ChartConfig;
  /** The plant's time zone: presets and archive limits are on its clock. */
  zone: string;
  chartWindow: ChartWindow;
  dataBounds: { first: number; last: number } | null;
  extentText: string | null;
  onJump: (edge: DataEdge) => void;
  sourceChoice: DataSourcePreset;
  /** The source in use (what Auto resolved to). */
  source: DataSourceType;
  onSourceChoice: (choice: DataSourcePreset) => void;
  /** Offered only to whom may annotate this chart. */
  onAnnotate: (() => void) | null;
  onExportCsv: () => void;
  onExportPng: () => void;
}

export function ChartToolbar({
  config,
  zone,
  chartWindow: w,
  dataBounds,
  extentText,
  onJump,
  sourceChoice,
  source,
  onSourceChoice,
  onAnnotate,
  onExportCsv,
  onExportPng,
}: ChartToolbarProps) {
  const { t } = useTranslation();
  const isLive = config.type === 'LiveMeasurement';
  const { view, changeView } = w;
  return (
    <Toolbar label={t('charts.toolbar')} className="chart-toolbar">
      <RangeBar
        view={view}
        choice={w.choice}
        zone={zone}
        onPreset={(range, preset) => {
          changeView(range, 'preset');
          w.setChoice({ kind: 'preset', preset });
        }}
        onCustom={(range) => changeView(range, 'custom')}
        dataBounds={dataBounds}
        extentText={extentText}
      />
      <div className="chart-nav" role="group" aria-label={t('charts.nav.label')}>
        {!isLive && <EdgeButton edge="first" onJump={onJump} />}
        <Button size="small" variant="quiet" onClick={() => changeView(panRange(view, -PAN_STEP))}>
          ◀ <span className="visually-hidden">{t('charts.nav.back')}</span>
        </Button>
        <Button size="small" variant="quiet" onClick={() => changeView(zoomRange(view, 0.5))}>
          + <span className="visually-hidden">{t('charts.nav.zoomIn')}</span>
        </Button>
        <Button size="small" variant="quiet" onClick={() => changeView(zoomRange(view, 2))}>
          − <span className="visually-hidden">{t('charts.nav.zoomOut')}</span>
        </Button>
        <Button size="small" variant="quiet" onClick={() => changeView(panRange(view, PAN_STEP))}>
          ▶ <span className="visually-hidden">{t('charts.nav.forward')}</span>
        </Button>
        {!isLive && <EdgeButton edge="last" onJump={onJump} />}
        <Button size="small" variant="quiet" onClick={w.reset}>
          {t('charts.nav.reset')}
        </Button>
      </div>
      <label className="chart-source">
        <span>{t('charts.source.label')}</span>
        <select
          name="source"
          value={sourceChoice}
          onChange={(e) => onSourceChoice(e.target.value as DataSourcePreset)}
        >
          <option value="Auto">
            {t('charts.dataSources.Auto')} ({t(`charts.dataSources.${source}`)})
          </option>
          {DATA_SOURCE_TYPES.map((s) => (
            <option key={s} value={s} disabled={!allowedSources(config, view, zone).includes(s)}>
              {t(`charts.dataSources.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <RefreshCheckbox
        name="autoRefresh"
        checked={w.refreshOn}
        onChange={w.setRefreshOn}
        label={t('charts.autoRefresh')}
      />
      {w.refreshOn && config.type === 'Measurement' && config.timeSpanFactor !== null && (
        <RefreshCheckbox
          name="dateLocked"
          checked={w.dateLocked}
          onChange={w.setDateLocked}
          label={t('charts.dateLocked')}
        />
      )}
      <div className="chart-actions">
        {onAnnotate && (
          <Button size="small" onClick={onAnnotate}>
            {t('charts.annotations.create')}
          </Button>
        )}
        <Button size="small" variant="quiet" onClick={onExportCsv}>
          {t('charts.export.csv')}
        </Button>
        <Button size="small" variant="quiet" onClick={onExportPng}>
          {t('charts.export.png')}
        </Button>
      </div>
    </Toolbar>
  );
}

/** A checkbox of the toolbar's refresh settings. */
function RefreshCheckbox({
  name,
  checked,
  onChange,
  label,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="chart-refresh">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** Jumps to the first or the last stored value of the chart. */
function EdgeButton({ edge, onJump }: { edge: DataEdge; onJump: (edge: DataEdge) => void }) {
  const { t } = useTranslation();
  const label = t(`charts.edge.${edge}`);
  return (
    <Button size="small" variant="quiet" title={label} onClick={() => onJump(edge)}>
      {edge === 'first' ? '|◀' : '▶|'} <span className="visually-hidden">{label}</span>
    </Button>
  );
}
