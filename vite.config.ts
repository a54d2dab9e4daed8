import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Where `npm run dev` proxies /api, /hubs and /Views: the reference server or a real plant server. */
const target = process.env.PEGEL_SERVER_URL ?? 'http://127.0.0.1:8080';
const proxied = { target, changeOrigin: true, ws: true };

export default defineConfig({
  plugins: [react()],
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
