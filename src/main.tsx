import './app/theme.css';
import './ui/ui.css';
import './app/shell.css';
import './app/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { initTheme } from './app/theme.ts';
import { App } from './app/App.tsx';

initTheme();
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
