import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './src/app/languageKey.ts';

/** Where `npm run dev` proxies /api, /hubs and /Views: the reference server or a real plant server. */
const target = process.env.PEGEL_SERVER_URL ?? 'http://127.0.0.1:8080';
const proxied = { target, changeOrigin: true, ws: true };

/**
 * The first render waits for the tab's language (one chunk per locale, src/app/i18n.ts).
 * Its import starts only once the app's modules have run; a tiny script at the top of the
 * page starts fetching the remembered language's chunk with the app's own modules instead.
 */
function preloadStoredLanguage(): Plugin {
  let base = '/';
  return {
    name: 'pegel-preload-stored-language',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks: Record<string, string> = {};
        for (const out of Object.values(ctx.bundle ?? {})) {
          const m =
            out.type === 'chunk' ? /locales\/(\w+)\.json$/.exec(out.facadeModuleId ?? '') : null;
          if (m?.[1]) chunks[m[1]] = base + out.fileName;
        }
        if (!chunks[DEFAULT_LANGUAGE]) return [];
        const script =
          `(function(){var c=${JSON.stringify(chunks)},l;` +
          `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
          `var k=document.createElement('link');k.rel='modulepreload';` +
          `k.href=c[l]||c[${JSON.stringify(DEFAULT_LANGUAGE)}];document.head.appendChild(k)})()`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadStoredLanguage()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': proxied, '/hubs': proxied, '/Views': proxied, '/Account': proxied },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
