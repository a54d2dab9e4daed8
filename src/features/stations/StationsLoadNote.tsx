/** What a stations page shows while its data loads or after loading failed (with a retry). */
import { useTranslation } from '../../app/useTranslation.ts';
import type { PageState } from '../shared/pageData.ts';

export function StationsLoadNote({ data, retry }: { data: PageState<unknown>; retry: () => void }) {
  const { t } = useTranslation();
  if (data.state === 'loading') return <p className="state-note">{t('stations.loading')}</p>;
  if (data.state !== 'error') return null;
  return (
    <div className="state-note state-error" role="alert">
      <p>{t('stations.loadFailed', { error: data.error })}</p>
      <button type="button" className="btn" onClick={retry}>
        {t('stations.retry')}
      </button>
    </div>
  );
}
