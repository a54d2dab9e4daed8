/** A stored chart by id (`/charts/:id`, optional `start` and `end` in the address). */
import { useMemo } from 'react';
import { usePlantZone } from '../../app/useFormat.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import { useParams, useSearchParams } from 'react-router';
import { useLiveClient } from '../../live/index.ts';
import { LoadingState, PageHeader } from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { Breadcrumb } from '../shared/Breadcrumb.tsx';
import { rangeFromParams } from './chartRange.ts';
import { ChartView } from './ChartView.tsx';
import './charts.css';

export function ChartPage() {
  const { t } = useTranslation();
  const zone = usePlantZone();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const client = useLiveClient();
  const [state, retry] = usePageQuery(pageKeys.chartDefinition(id), () =>
    client.chartDefinition(id),
  );
  const initialRange = useMemo(() => rangeFromParams(params, Date.now()), [params]);
  const target = useMemo(() => ({ kind: 'chart' as const, chartId: id }), [id]);
  const title = state.state === 'ready' ? state.data.config.title : t('charts.chart');
  return (
    <div className="page charts-page">
      <Breadcrumb to="/charts" text={t('charts.directory.title')} label={t('charts.breadcrumb')} />
      <PageHeader
        title={title}
        subject={state.state === 'ready' ? title : undefined}
        description={
          state.state === 'ready'
            ? t(
                state.data.config.type === 'LiveMeasurement'
                  ? 'charts.type.live'
                  : 'charts.type.archive',
              )
            : undefined
        }
      />
      <LoadingState
        status={!Number.isSafeInteger(id) ? 'error' : zone ? state.state : 'loading'}
        onRetry={retry}
        errorMessage={
          !Number.isSafeInteger(id)
            ? t('charts.notFound')
            : state.state === 'error'
              ? t('charts.loadFailed', { error: state.error })
              : undefined
        }
        label={t('charts.chart')}
      >
        {state.state === 'ready' && zone && (
          <ChartView
            zone={zone}
            key={id}
            config={state.data.config}
            series={state.data.series}
            target={target}
            initialRange={initialRange}
          />
        )}
      </LoadingState>
    </div>
  );
}
