/**
 * The installable app and its service worker (README "Offline start and updates"), built by
 * vite-plugin-pwa with Workbox: the worker precaches the built client (hashed chunks, the
 * per-language text chunks, the page, icons and manifests) and answers every navigation to an
 * app route with the cached page, so a tab opens when the server cannot be reached. Nothing
 * under the server's own paths is cached: live data and user data come from the server only.
 * The worker waits after installing; the tab decides when it takes over (src/app/update).
 */
import type { Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** Theme colours of the UI kit (src/app/theme.css): the header and the page background. */
const THEME_COLOR = '#2a3136';
const BACKGROUND_COLOR = '#e6e8ea';

/**
 * Paths the server answers itself (server/static.ts SERVER_PREFIXES): never the cached page,
 * never a cached answer.
 */
export const SERVER_PATHS = /^\/(api|hubs|Views|Account|metrics)(\/|$)/;

const icons: ManifestOptions['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];

/**
 * The operators' app. Its scope is the whole origin, so a scanned QR code (a page address of
 * this origin, src/features/qr) or a native app's start path opens in the installed app where
 * the platform hands links to it (handle_links), in the window already open (launch_handler).
 */
export const appManifest: Partial<ManifestOptions> & Record<string, unknown> = {
  id: '/',
  name: 'Pegel',
  short_name: 'Pegel',
  description: 'Prozessüberwachung und Bedienung für Wasser-, Abwasser- und Leitungsstationen',
  lang: 'de',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['utilities', 'productivity'],
  icons,
  launch_handler: { client_mode: ['navigate-existing', 'auto'] },
  handle_links: 'preferred',
};

/** The wall monitor's app: installed from a kiosk tab, it starts in kiosk mode, full screen. */
export const kioskManifest = {
  ...appManifest,
  id: '/?kiosk=1',
  name: 'Pegel Wandmonitor',
  short_name: 'Pegel Kiosk',
  start_url: '/?kiosk=1',
  display: 'fullscreen',
  display_override: ['fullscreen', 'standalone'],
  launch_handler: { client_mode: 'focus-existing' },
};
export const KIOSK_MANIFEST_FILE = 'manifest-kiosk.webmanifest';

/** The build's time, the version the tabs compare (src/app/update/versionRule.ts). */
function buildId(): Plugin {
  const id = process.env.PEGEL_BUILD_ID ?? new Date().toISOString();
  return {
    name: 'pegel-build-id',
    config: () => ({ define: { __PEGEL_BUILD__: JSON.stringify(id) } }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: KIOSK_MANIFEST_FILE,
        source: JSON.stringify(kioskManifest),
      });
    },
  };
}

export function pegelServiceWorker(): Plugin[] {
  // Unit tests build no client; PEGEL_SERVICE_WORKER=0 builds one without the worker (the
  // bench compares both builds).
  if (process.env.VITEST) return [];
  if (process.env.PEGEL_SERVICE_WORKER === '0') return [buildId()];
  return [
    buildId(),
    ...VitePWA({
      strategies: 'generateSW',
      // The tab asks the waiting worker to take over (update prompt, kiosk, version rule).
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: appManifest,
      includeManifestIcons: false,
      // `npm run dev` serves no worker (and src/app/update removes one left on the origin).
      devOptions: { enabled: false },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json,woff2}'],
        // The process images of the server come from the server (/Views/), not from dist.
        globIgnores: ['**/*.map', 'sw.js', 'workbox-*.js', 'sw-routes.js'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [SERVER_PATHS],
        cleanupOutdatedCaches: true,
        // A tab that applied the update reloads into it; the first install serves at once.
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [],
        // Static routes: hashed chunks straight from the precache (public/sw-routes.js).
        // PEGEL_SW_ROUTES=0 leaves them out, so Workbox answers the chunks itself (the code
        // cache traces of bench/README "Why no later tab uses a code cache" compare both).
        importScripts: process.env.PEGEL_SW_ROUTES === '0' ? [] : ['/sw-routes.js'],
        sourcemap: false,
      },
    }),
  ];
}
