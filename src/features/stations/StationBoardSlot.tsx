/**
 * The start page's station board, loaded after the first script with the page-data library
 * it reads the stations through (startup budget, `shared/pageData.ts`). Until then it shows
 * what it shows while the stations load.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import './stations.css';

const StationStatusBoard = lazy(() =>
  import('./StationStatusBoard.tsx').then((m) => ({ default: m.StationStatusBoard })),
);

export function StationBoardSlot() {
  const { t } = useTranslation();
  const loading = (
    <section className="status-board" aria-labelledby="status-board-title">
      <h2 id="status-board-title">{t('stations.board.title')}</h2>
      <p className="state-note">{t('stations.loading')}</p>
    </section>
  );
  return (
    <Suspense fallback={loading}>
      <StationStatusBoard />
    </Suspense>
  );
}
