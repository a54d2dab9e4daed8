import './app/theme.css';
import './ui/ui.css';
import './app/shell.css';
import './app/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { initTheme } from './app/theme.ts';
import { App, firstPageLoaded } from './app/App.tsx';
import { firstRenderReady } from './app/lazyPage.tsx';
import { prestartEngine } from './live/connectEngine.ts';
import { dropPrefetchedSession, prefetchSession } from './api/userManagement.ts';
import { sessionState, setSession } from './features/shared/sessionStore.ts';
import { getDefaultLiveClient } from './live/defaultLiveClient.ts';
import { ARCHIVE_PATH } from './features/alerts/archivePath.ts';
import { prefetchDefaultArchive } from './features/alerts/archiveQuery.ts';
import { prefetchPriorityStyles } from './features/shared/alarm/usePriorities.ts';
import { SIGN_IN_PREFIX } from './api/earlyRequests.ts';
import { systemSettings } from './app/systemSettings.ts';

/**
 * How long the first render waits, once the texts are in, for the page opened directly and
 * the session.
 */
const FIRST_PAGE_WAIT_MS = 150;

initTheme();
/** The session applied, or failed (the guard then shows why); on the sign-in page at once. */
let sessionIn: Promise<unknown> = Promise.resolve();
// Not on the sign-in page: no tab there registers, and there is no session to ask for.
if (!window.location.pathname.startsWith(SIGN_IN_PREFIX)) {
  prestartEngine();
  // Applied as it arrives, so the guard renders shell and page in the first render instead of
  // its loading state, then the shell after a round of effects (the page's first script has
  // asked for it, vite.config.ts). A failure is left to the guard, which takes the answer.
  const session = prefetchSession();
  sessionIn = session.then(
    ([info, rights]) => {
      dropPrefetchedSession(session);
      if (!sessionState.user) setSession(info, rights);
    },
    () => undefined,
  );
  prefetchPriorityStyles();
  // The tab registers now (its lock and its port to the engine), beside the page's own start:
  // taking the lock alone waits 50-130 ms for the browser, which the first view then need not.
  getDefaultLiveClient()
    .start()
    .catch(() => undefined);
  // The archive opened directly: the engine loads its range while the page loads, and answers
  // the first frame of the page's first view (AV3i), which the page then draws at once. Asked
  // from here, not after a chunk of its own (the range from the clock's Temporal half, no
  // date-fns: 0.3 kB gzip in the main chunk): the engine's first page then comes before the
  // page's first render instead of after it. The range is the plant's last 7 days: asked once
  // the settings name its zone (the page waits for them too, and this listener, registered
  // first, runs before it renders).
  if (window.location.pathname === ARCHIVE_PATH) {
    const stop = systemSettings.subscribe(() => {
      const settings = systemSettings.get();
      if (settings.status !== 'ready') return;
      stop();
      prefetchDefaultArchive(settings.data.timeZone);
    });
    systemSettings.load();
  }
}
// NOTE: no top-level await here. A page's chunk imports from this one, and a module still
// evaluating (awaiting) would hold the page's evaluation until after the first render.
void firstRenderReady(
  initI18n(),
  Promise.all([firstPageLoaded, sessionIn]).then(() => undefined),
  FIRST_PAGE_WAIT_MS,
).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
