import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './src/app/languageKey.ts';
import { SHELL_FILE } from './src/app/localeAreas.ts';
import { EARLY_PATHS, EARLY_REQUESTS_KEY, SIGN_IN_PREFIX } from './src/api/earlyRequests.ts';
import { compileHintForEntries } from './scripts/compileHint.ts';
import { reactRouterProduction } from './scripts/reactRouterProduction.ts';
import { pegelServiceWorker } from './scripts/pwa.ts';
import { signalrUnusedParts } from './scripts/signalrUnusedParts.ts';

/** Where `npm run dev` proxies /api, /hubs and /Views: the reference server or a real plant server. */
const target = process.env.PEGEL_SERVER_URL ?? 'http://127.0.0.1:8080';
const proxied = { target, changeOrigin: true, ws: true };

/** A locale file (locales/<lang>/<file>.json): its language and file. */
const LOCALE_FILE = /locales\/(\w+)\/(\w+)\.json$/;

/**
 * The language and file of a locale file in the build: each is an asset of its own, fetched
 * as JSON by src/app/i18n.ts (a module would keep its texts' source in the tab's heap).
 */
function localeFileOf(out: {
  type: string;
  originalFileNames?: readonly string[];
}): { lang: string; file: string } | null {
  if (out.type !== 'asset') return null;
  for (const name of out.originalFileNames ?? []) {
    const m = LOCALE_FILE.exec(name);
    if (m?.[1] && m[2]) return { lang: m[1], file: m[2] };
  }
  return null;
}

/**
 * A tiny script at the top of the page starts, beside the app's own modules, what their first
 * render waits for and would otherwise ask for only once they have been compiled and run
 * (a second tab: 100-400 ms after navigation):
 * - the shell's texts in the tab's language (src/app/i18n.ts): a preload (as fetch) of the
 *   remembered language's shell file;
 * - the signed-in user and rights (`EARLY_PATHS`, src/api/earlyRequests.ts), on every page but
 *   the sign-in page: the responses wait on `window.__pegelEarly` for the app to take them;
 * - the tab's first number and date formatters (`ICU_WARM_UP`), and its first look into
 *   sessionStorage (`STORAGE_WARM_UP`), in a task of their own while the main module still
 *   streams and compiles;
 * - the files of the page it opens with (`ROUTE_PRELOAD_SCRIPT`, scripts/routePreloads.ts): the
 *   lazy page's chunks, style sheets and text files in the tab's language, which App.tsx would
 *   ask for only once the main module runs.
 */
/**
 * A tab's first `Intl` formatter loads ICU's data for its language (20-30 ms of the main
 * thread; src/domain/format.ts), which the first render paid in the middle of the rows. Made
 * in the idle time before the main module runs, the app's own formatters later find it loaded.
 */
const ICU_WARM_UP =
  `(function(l){new Intl.NumberFormat(l,{maximumFractionDigits:0}).format(1234);` +
  `new Intl.DateTimeFormat(l,{year:'numeric',month:'2-digit',day:'2-digit',hour:'2-digit',` +
  `minute:'2-digit',second:'2-digit'}).format(0)})`;

/**
 * A tab's first sessionStorage access opens its storage area (4-6 ms of the main thread),
 * which the shell's first render paid reading the kiosk flag (src/app/useKiosk.ts).
 */
const STORAGE_WARM_UP = `try{sessionStorage.length}catch(e){}`;

function bootScript(): Plugin {
  let base = '/';
  return {
    name: 'pegel-boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        const chunks: Record<string, string> = {};
        for (const out of Object.values(ctx.bundle ?? {})) {
          const m = localeFileOf(out);
          if (m && m.file === SHELL_FILE) chunks[m.lang] = base + out.fileName;
        }
        if (!chunks[DEFAULT_LANGUAGE]) return [];
        const { lazyRoutesOf, routePreloadMap, ROUTE_PRELOAD_SCRIPT } =
          await import('./scripts/routePreloads.ts');
        const bundle = ctx.bundle ?? {};
        const moduleIds = Object.values(bundle).flatMap((o) =>
          o.type === 'chunk' ? o.moduleIds : [],
        );
        const routes = routePreloadMap(await lazyRoutesOf(moduleIds), bundle, base);
        const lang = `c[l]?l:${JSON.stringify(DEFAULT_LANGUAGE)}`;
        // `var c=` stays first: bench/scenarios/startup.ts reads the shell files from it.
        const script =
          `(function(){var c=${JSON.stringify(chunks)},l;` +
          `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
          `var k=document.createElement('link');k.rel='preload';k.as='fetch';k.crossOrigin='';` +
          `k.href=c[l]||c[${JSON.stringify(DEFAULT_LANGUAGE)}];document.head.appendChild(k);` +
          `setTimeout(function(){${STORAGE_WARM_UP}try{${ICU_WARM_UP}(${lang})}catch(e){}});` +
          `if(location.pathname.indexOf(${JSON.stringify(SIGN_IN_PREFIX)})!==0&&window.fetch){` +
          `var e=window[${JSON.stringify(EARLY_REQUESTS_KEY)}]={},` +
          `o={credentials:'include',headers:{Accept:'application/json'}};` +
          `${JSON.stringify(EARLY_PATHS)}.forEach(function(p){(e[p]=fetch(p,o)).catch(function(){})})}` +
          // After the session's requests: the settings they fetch start the engine's first page.
          `try{(${ROUTE_PRELOAD_SCRIPT})(${JSON.stringify(routes)},${JSON.stringify(base)},${lang})}catch(e){}})()`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The SignalR client reaches for Node modules (ws, node-fetch, tough-cookie) through `require`
 * on branches a browser never takes (`Platform.isNode`). Left in, the bare `require` makes the
 * bundler wrap it in a shim of its own in every chunk with the client, the engine worker among
 * them (~200 B gzip of its 34 kB budget). In a browser build those branches load nothing: the
 * lookup becomes one that says so, and `typeof require` is known to be undefined.
 */
const SIGNALR_REQUIRE =
  /typeof __webpack_require__ === "function" \? __non_webpack_require__ : require/g;
const SIGNALR_HAS_REQUIRE = /typeof require !== "undefined"/g;
function signalrWithoutNodeRequire(): Plugin {
  return {
    name: 'pegel-signalr-without-node-require',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/@microsoft/signalr/dist/esm/')) return null;
      const out = code
        .replace(
          SIGNALR_REQUIRE,
          '((name) => { throw new Error(`No Node module ${name} in a browser`); })',
        )
        .replace(SIGNALR_HAS_REQUIRE, 'false');
      // The lines stay where they were, so the module's source map still holds.
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    bootScript(),
    signalrUnusedParts(),
    signalrWithoutNodeRequire(),
    compileHintForEntries(),
    ...pegelServiceWorker(),
  ],
  build: {
    outDir: 'dist',
    // A locale file stays a file of its own, however small (src/app/i18n.ts fetches it).
    assetsInlineLimit: (file) => (LOCALE_FILE.test(file) ? false : undefined),
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // What the first screen needs is one chunk, not forty small ones: fewer requests,
        // and gzip compresses it as a whole (about 14 kB less than in separate chunks).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
        // Locale files are named by language and file (`cs-shell-<hash>.json`).
        assetFileNames: (asset) => {
          const m = localeFileOf({ type: 'asset', originalFileNames: asset.originalFileNames });
          return m ? `assets/${m.lang}-${m.file}-[hash][extname]` : 'assets/[name]-[hash][extname]';
        },
      },
    },
  },
  worker: {
    format: 'es',
    plugins: () => [signalrUnusedParts(), signalrWithoutNodeRequire()],
    rolldownOptions: {
      output: {
        // Every module the engine's start runs goes into its entry chunk, also those its lazy
        // parts share (the contract's enums and alert helpers were two small chunks): one
        // request, and gzip sees it whole (0.4 kB less; tests/unit/build/workerBudget.test.ts).
        codeSplitting: { groups: [{ name: 'worker-start', tags: ['$initial'] }] },
        // `@__PURE__` marks help a bundler that takes the file in, and none does (0.1 kB).
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': proxied, '/hubs': proxied, '/Views': proxied, '/Account': proxied },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // The app's texts are fetched; a test answers those fetches from locales/.
    setupFiles: ['tests/support/localeFetch.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A poll ends when its condition holds; the default 1 s gave up on a busy machine
    // (tests/support/testSize.ts CONDITION_WAIT_MS).
    expect: { poll: { timeout: 15_000 } },
    // Vitest's default on two cores is one worker; most integration tests wait on servers,
    // timers and sockets, so three share the cores well (the unit run takes a third less).
    maxWorkers: 3,
  },
});
