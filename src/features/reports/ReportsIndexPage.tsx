/**
 * `/reports` (SPEC §2 reports area): the report configs of the plant and of every station,
 * each with its kinds (daily, weekly, monthly, annual, special), the overflow-basin log and
 * the archive browser.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import { Link } from 'react-router';
import { fetchStations } from '../../api/stations.ts';
import { REPORT_KIND_SLUGS, type ReportConfig } from '../../contract/reports.ts';
import { EmptyState, PageHeader, Spinner } from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { fetchReportConfigs } from './reportsApi.ts';
import '../shared/printAlone.css';
import './reports.css';

interface Group {
  stationNumber: number;
  name: string;
  configs: ReportConfig[];
}

async function loadGroups(signal: AbortSignal): Promise<Group[]> {
  const stations = await fetchStations(signal);
  const all = [{ id: 0, name: '' }, ...stations];
  const lists = await Promise.all(all.map((s) => fetchReportConfigs(s.id, signal)));
  return all
    .map((s, i) => ({ stationNumber: s.id, name: s.name, configs: lists[i]! }))
    .filter((g) => g.configs.length > 0);
}

export function ReportsIndexPage() {
  const { t } = useTranslation();
  const [load, retry] = usePageQuery(pageKeys.reportGroups, loadGroups);
  return (
    <div className="page report-page">
      <PageHeader title={t('reports.index.title')} description={t('reports.index.description')} />
      <ul className="report-index-extra">
        <li>
          <Link to="/reports/overflow">{t('reports.index.overflow')}</Link>
          <span>{t('reports.index.overflowText')}</span>
        </li>
        <li>
          <Link to="/archive">{t('reports.nav.archive')}</Link>
          <span>{t('reports.index.archiveText')}</span>
        </li>
      </ul>
      {load.state === 'loading' && <Spinner label={t('reports.index.title')} showLabel />}
      {load.state === 'error' && (
        <div className="report-error" role="alert">
          <p>{t('reports.index.failed', { error: load.error })}</p>
          <button type="button" onClick={retry}>
            {t('reports.failed.retry')}
          </button>
        </div>
      )}
      {load.state === 'ready' && load.data.length === 0 && (
        <EmptyState title={t('reports.index.empty')} reason={t('reports.index.emptyReason')} />
      )}
      {load.state === 'ready' && load.data.length > 0 && (
        <div className="report-index">
          {load.data.map((g) => (
            <section key={g.stationNumber} className="report-index-group">
              <h2>{g.stationNumber === 0 ? t('reports.index.plant') : g.name}</h2>
              {g.configs.map((c) => (
                <div key={c.id} className="report-index-config">
                  <h3>{c.name}</h3>
                  <p className="report-index-kinds">
                    {c.kinds.map((k) => (
                      <Link key={k} to={`/reports/${REPORT_KIND_SLUGS[k]}/${c.id}`}>
                        {t(`reports.kind.${k}`)}
                      </Link>
                    ))}
                  </p>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
