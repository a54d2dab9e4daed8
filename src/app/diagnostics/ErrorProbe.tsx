/**
 * /diagnostics/error-boundary: proves the reload fallback works in the built product (browser
 * tests, support). Harmless: it only shows the fallback, and nothing links to it.
 * Without a query the whole page throws (route boundary); `?part=component` throws inside one
 * panel only (component boundary) while the rest of the page stays usable.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary, PageHeader, Panel } from '../../ui/index.ts';

function Broken(): never {
  throw new Error('Deliberate failure of the diagnostics page');
}

export function ErrorProbe() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get('part') !== 'component') return <Broken />;
  return (
    <div className="page page-narrow">
      <PageHeader title={t('shell.diagnostics.title')} />
      <div className="settings-grid">
        <Panel title={t('shell.diagnostics.working')}>
          <p>{t('shell.diagnostics.workingText')}</p>
        </Panel>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </div>
    </div>
  );
}
