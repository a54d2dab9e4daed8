import './app/theme.css';
import './ui/ui.css';
import './app/shell.css';
import './app/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { initTheme } from './app/theme.ts';
import { App, firstPageLoaded } from './app/App.tsx';
import { prestartEngine } from './live/connectEngine.ts';
import { prefetchSession } from './api/userManagement.ts';

initTheme();
// Not on the sign-in page: no tab there registers, and there is no session to ask for.
if (!window.location.pathname.startsWith('/login')) {
  prestartEngine();
  prefetchSession();
}
/**
 * The first render waits for the page opened directly, up to this long: rendered before
 * it, the page shows its loading state and React holds its reveal for 300 ms after that.
 * NOTE: no top-level await here. The page's chunk imports from this one, and a module
 * still evaluating (awaiting) would hold the page's evaluation until after the render.
 */
const FIRST_PAGE_WAIT_MS = 1_000;
void Promise.all([
  initI18n(),
  Promise.race([firstPageLoaded, new Promise((r) => setTimeout(r, FIRST_PAGE_WAIT_MS))]),
]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
