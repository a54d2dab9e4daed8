/**
 * The chart directory (SPEC §2, §3 "Chart directory"): live and archive charts in their
 * nested folders; each chart opens its view. Folders fold with the native details element.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import { Link } from 'react-router';
import { CHART_TYPES, type ChartDirectory } from '../../contract/charts.ts';
import { useLiveClient } from '../../live/index.ts';
import { EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import './charts.css';

function countCharts(d: ChartDirectory): number {
  return d.configList.length + d.childDirectoryList.reduce((n, c) => n + countCharts(c), 0);
}

function Folder({ directory, depth }: { directory: ChartDirectory; depth: number }) {
  const { t } = useTranslation();
  const charts = countCharts(directory);
  return (
    <details className="chart-folder" open={depth < 2}>
      <summary>
        <span className="chart-folder-name">{directory.name}</span>
        <span className="chart-folder-count">{t('charts.directory.count', { count: charts })}</span>
      </summary>
      <ul className="chart-tree">
        {directory.childDirectoryList.map((child) => (
          <li key={`d${child.id}`}>
            <Folder directory={child} depth={depth + 1} />
          </li>
        ))}
        {directory.configList.map((config) => (
          <li key={`c${config.id}`} className="chart-leaf">
            <Link to={`/charts/${config.id}`} data-chart-id={config.id}>
              {config.title}
            </Link>
            <span className="chart-leaf-type">
              {t(config.type === 'LiveMeasurement' ? 'charts.type.live' : 'charts.type.archive')}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function ChartDirectoryPage() {
  const { t } = useTranslation();
  const client = useLiveClient();
  const [state, retry] = usePageQuery(pageKeys.chartDirectory, () =>
    Promise.all(CHART_TYPES.map((type) => client.chartDirectory(type, true))),
  );
  return (
    <div className="page charts-page">
      <PageHeader
        title={t('charts.directory.title')}
        description={t('charts.directory.description')}
        actions={
          <Link className="btn btn-quiet" to="/charts/annotations">
            {t('charts.annotations.overview')}
          </Link>
        }
      />
      <LoadingState
        status={state.state}
        onRetry={retry}
        errorMessage={state.state === 'error' ? state.error : undefined}
        label={t('charts.directory.title')}
      >
        {state.state === 'ready' &&
          (state.data.every((d) => countCharts(d) === 0) ? (
            <EmptyState
              title={t('charts.directory.emptyTitle')}
              reason={t('charts.directory.empty')}
            />
          ) : (
            <div className="chart-roots">
              {state.data.map((root) => (
                <section key={root.id} className="chart-root" aria-label={root.name}>
                  <Folder directory={root} depth={0} />
                </section>
              ))}
            </div>
          ))}
      </LoadingState>
    </div>
  );
}
