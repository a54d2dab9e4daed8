/**
 * Bedienen's dialogs for one PV as the station page, a dashboard's machine tile and a process
 * image open them (LazyPvActions.ts): a dialog at once, which says it is loading while the
 * dialogs' code and texts arrive, so a tap on a slow link is never a tap that showed nothing
 * (after LOAD_FAILURE_DELAY_MS it says they could not be loaded, and is replaced as soon as they
 * are); and where they cannot be loaded at all (PvActionsLoadError), a dialog that says so and
 * offers the reload, with the page and its values kept behind it; a dialog that fails while it
 * renders gets the same frame with the unknown error.
 */
import { Suspense } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { Dialog, ErrorBoundary, ErrorFallback, LoadingState } from '../../../ui/index.ts';
import { LazyPvActions, PvActionsLoadError } from './LazyPvActions.ts';
import type { PvActionsProps } from './PvActions.tsx';

export function PvActionsLoader(props: PvActionsProps) {
  return (
    <ErrorBoundary fallback={(error) => <NotLoaded error={error} onClose={props.onClose} />}>
      <Suspense fallback={<Loading onClose={props.onClose} />}>
        <LazyPvActions {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Only the shell's texts (`ui`): the dialogs' own arrive with them. */
function Loading({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} size="small" title={t('ui.loading.label')}>
      <LoadingState status="loading" />
    </Dialog>
  );
}

function NotLoaded({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} size="small" title={t('ui.error.title')}>
      <ErrorFallback
        error={error}
        // A dialog that failed while it rendered did load: its reason is the unknown error.
        reason={error instanceof PvActionsLoadError ? t('ui.loading.failed') : undefined}
        compact
        titled={false}
      />
    </Dialog>
  );
}
