/**
 * The archive chart navigation target of SPEC §2: `/charts/archive?station=NR` opens the
 * station's archive chart, `/charts/archive?pv=TYPE-NR` the archive trend line of the PV;
 * an optional `start` (and `end`) is passed on.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchStations } from '../../api/stations.ts';
import type { ChartDirectory } from '../../contract/charts.ts';
import { parsePvUrlId, pvUrlId } from '../../contract/keys.ts';
import { useLiveClient } from '../../live/index.ts';
import { EmptyState, PageHeader, Spinner } from '../../ui/index.ts';
import { failureText } from '../../app/failureText.ts';
import './charts.css';

function findFolder(d: ChartDirectory, name: string): ChartDirectory | null {
  if (d.name === name && d.configList.length > 0) return d;
  for (const child of d.childDirectoryList) {
    const found = findFolder(child, name);
    if (found) return found;
  }
  return null;
}

export function ArchiveChartPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useLiveClient();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const range = new URLSearchParams();
    for (const key of ['start', 'end']) {
      const value = params.get(key);
      if (value) range.set(key, value);
    }
    const suffix = range.toString() ? `&${range.toString()}` : '';
    const pv = parsePvUrlId(params.get('pv') ?? '');
    if (pv) {
      navigate(`/trend/archive?pv=${pvUrlId(pv)}${suffix}`, { replace: true });
      return;
    }
    const station = Number(params.get('station'));
    if (!params.get('station') || !Number.isSafeInteger(station)) {
      setFailure(t('charts.archiveTarget.missing'));
      return;
    }
    let live = true;
    void (async () => {
      try {
        const [stations, root] = await Promise.all([
          fetchStations(),
          client.chartDirectory('Measurement'),
        ]);
        const name = stations.find((s) => s.id === station)?.name;
        const chart = name ? findFolder(root, name)?.configList[0] : undefined;
        if (!live) return;
        if (chart)
          navigate(`/charts/${chart.id}${suffix ? `?${suffix.slice(1)}` : ''}`, { replace: true });
        else setFailure(t('charts.archiveTarget.noChart', { station }));
      } catch (error) {
        if (live) setFailure(failureText(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [params, navigate, client, t]);

  return (
    <div className="page charts-page">
      <PageHeader title={t('charts.archiveTarget.title')} />
      {failure ? (
        <EmptyState
          title={t('charts.archiveTarget.failedTitle')}
          reason={failure}
          action={<Link to="/charts">{t('charts.directory.title')}</Link>}
        />
      ) : (
        <Spinner label={t('charts.data.loading')} showLabel />
      )}
    </div>
  );
}
