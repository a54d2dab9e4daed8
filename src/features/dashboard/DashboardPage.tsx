/**
 * A dashboard (`/dashboard/:id`): its tiles in its layout, live. For the control-room wall:
 * full screen (Fullscreen API) and the kiosk option `?kiosk=1` that hides the navigation.
 * `/dashboard` lists the dashboards.
 */
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button, EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { useKiosk } from '../../app/useKiosk.ts';
import { fetchDashboardConfig } from './dashboardApi.ts';
import { DashboardContext } from './DashboardContext.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { useFullscreen } from './useFullscreen.ts';
import { useFlushInterval } from '../../live/useFlushInterval.ts';
import './dashboard.css';

/**
 * Frames a dashboard takes at most, ms (workers/SPEC.md FR1, FR5). Every frame restyles,
 * lays out and repaints the tiles whose values changed; at the engine's 16 ms a dashboard of
 * busy PVs drew 60 frames a second no one reads. A quarter second keeps each value current
 * to the eye (a PV changes its shown number at most four times a second) at a fraction of
 * the cost (issue 44; measured in bench/scenarios/views.ts).
 */
export const DASHBOARD_FLUSH_INTERVAL_MS = 250;

export function DashboardPage() {
  const { t } = useTranslation();
  useFlushInterval(DASHBOARD_FLUSH_INTERVAL_MS);
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const [data, retry] = usePageQuery(pageKeys.dashboard, (signal) => fetchDashboardConfig(signal));
  const boardRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(boardRef);
  const config = data.state === 'ready' ? data.data : null;
  const dashboard = config?.dashboards.find((d) => d.id === id);

  return (
    <section ref={boardRef} className={`page dash-page${kiosk ? ' dash-kiosk' : ''}`}>
      <PageHeader
        title={dashboard?.name ?? t('dashboard.title')}
        subject={dashboard?.name}
        actions={
          <>
            {config && config.dashboards.length > 1 && (
              <>
                <nav aria-label={t('dashboard.others')} className="dash-switch">
                  {config.dashboards.map((d) => (
                    <Link
                      key={d.id}
                      to={`/dashboard/${d.id}`}
                      aria-current={d.id === id ? 'page' : undefined}
                    >
                      {d.name}
                    </Link>
                  ))}
                </nav>
                <select
                  className="dash-switch-select"
                  aria-label={t('dashboard.others')}
                  value={id}
                  onChange={(e) => void navigate(`/dashboard/${e.target.value}`)}
                >
                  {config.dashboards.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </>
            )}
            <Button icon="overview" onClick={() => void fullscreen.toggle()}>
              {fullscreen.active
                ? t('dashboard.fullscreen.leave')
                : t('dashboard.fullscreen.enter')}
            </Button>
          </>
        }
      />
      {fullscreen.refused && (
        <p className="dash-message" role="alert">
          {t('dashboard.fullscreen.notPossible')}{' '}
          <Button size="small" variant="quiet" onClick={fullscreen.dismiss}>
            {t('dashboard.fullscreen.dismiss')}
          </Button>
        </p>
      )}
      <LoadingState status={data.state} onRetry={retry} label={t('dashboard.loading')}>
        {config &&
          (dashboard ? (
            <DashboardContext.Provider value={config}>
              <DashboardLayout dashboard={dashboard} />
            </DashboardContext.Provider>
          ) : (
            <EmptyState
              title={t('dashboard.notFound')}
              reason={t('dashboard.notFoundReason')}
              action={<Link to="/dashboard">{t('dashboard.list')}</Link>}
            />
          ))}
      </LoadingState>
    </section>
  );
}

export function DashboardListPage() {
  const { t } = useTranslation();
  const [data, retry] = usePageQuery(pageKeys.dashboard, (signal) => fetchDashboardConfig(signal));
  const dashboards = data.state === 'ready' ? data.data.dashboards : [];
  return (
    <section className="page">
      <PageHeader title={t('dashboard.list')} description={t('dashboard.description')} />
      <LoadingState status={data.state} onRetry={retry} label={t('dashboard.loading')}>
        {dashboards.length === 0 ? (
          <EmptyState title={t('dashboard.none')} reason={t('dashboard.noneReason')} />
        ) : (
          <ul className="dash-list">
            {dashboards.map((d) => (
              <li key={d.id}>
                <Link to={`/dashboard/${d.id}`} className="dash-card">
                  <span className="dash-card-title">{d.name}</span>
                  <span className="dash-card-meta">
                    {t('dashboard.tileCount', { count: d.tiles.length })}
                  </span>
                </Link>
                <Link to={`/dashboard/${d.id}?kiosk=1`} className="dash-card-kiosk">
                  {t('dashboard.wallMonitor')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </LoadingState>
    </section>
  );
}
