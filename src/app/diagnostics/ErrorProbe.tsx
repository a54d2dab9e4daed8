/**
 * /diagnostics/error-boundary: proves the reload fallback works in the built product (browser
 * tests, support). Harmless: it only shows the fallback, and nothing links to it.
 * Without a query the whole page throws (route boundary); `?part=component` throws inside one
 * panel only (component boundary) while the rest of the page stays usable; `?part=until-fixed`
 * throws until the session storage holds PROBE_FIXED_KEY, so the retry is seen to render the
 * page again without a reload once the cause has gone.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../useTranslation.ts';
import { ErrorBoundary, PageHeader, Panel } from '../../ui/index.ts';

/** Session-storage key that ends the failure of `?part=until-fixed`. */
export const PROBE_FIXED_KEY = 'pegel.diagnostics.fixed';

function Broken(): never {
  throw new Error('Deliberate failure of the diagnostics page');
}

export function ErrorProbe() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const part = params.get('part');
  const fixed = part === 'until-fixed' && sessionStorage.getItem(PROBE_FIXED_KEY) === '1';
  if (part !== 'component' && !fixed) return <Broken />;
  return (
    <div className="page page-narrow">
      <PageHeader title={t('shell.diagnostics.title')} />
      <div className="settings-grid">
        <Panel title={t('shell.diagnostics.working')}>
          <p>{t('shell.diagnostics.workingText')}</p>
        </Panel>
        {!fixed && (
          <ErrorBoundary>
            <Broken />
          </ErrorBoundary>
        )}
      </div>
    </div>
  );
}
