/** The list of process images (GET /api/visualization/processImages, under `root`). */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { ProcessImageDirectory } from '../../contract/dashboard.ts';
import { EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { StationAlarmLink } from '../shared/alarm/StationAlarmLink.tsx';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { fetchProcessImages } from './processImagesApi.ts';
import './processImages.css';

export function ProcessImageListPage() {
  const { t } = useTranslation();
  const [data, retry] = usePageQuery(pageKeys.processImages, (signal) =>
    fetchProcessImages(signal),
  );
  const root = data.state === 'ready' ? data.data.root : null;
  const empty = root !== null && countImages(root) === 0;
  return (
    <section className="page">
      <PageHeader title={t('processImages.title')} description={t('processImages.description')} />
      <LoadingState status={data.state} onRetry={retry} label={t('processImages.loading')}>
        {empty ? (
          <EmptyState title={t('processImages.none')} reason={t('processImages.noneReason')} />
        ) : (
          root && <Directory dir={root} level={2} />
        )}
      </LoadingState>
    </section>
  );
}

function countImages(dir: ProcessImageDirectory): number {
  return dir.images.length + dir.directories.reduce((n, d) => n + countImages(d), 0);
}

function Directory({ dir, level }: { dir: ProcessImageDirectory; level: number }) {
  // Folders are h2 under the page's h1: headings never skip a level.
  return (
    <div className="pi-dir">
      {level > 2 && <h2 className="pi-dir-title">{dir.name}</h2>}
      {dir.images.length > 0 && (
        <ul className="pi-list">
          {dir.images.map((image) => (
            <li key={image.name} className="pi-item">
              <Link to={`/process-images/${encodeURIComponent(image.name)}`} className="pi-card">
                <span className="pi-card-title">{image.title}</span>
                {image.stationNumber !== null && (
                  <span className="pi-card-meta">#{image.stationNumber}</span>
                )}
              </Link>
              {image.stationNumber !== null && (
                <StationAlarmLink
                  stationNumber={image.stationNumber}
                  stationName={image.title}
                  className="pi-card-alarm"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {dir.directories.map((d) => (
        <Directory key={d.name} dir={d} level={level + 1} />
      ))}
    </div>
  );
}
