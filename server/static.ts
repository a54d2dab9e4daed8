/** Serves the built client from dist/ with history fallback for client routes. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { notFound } from './http/errors.ts';

/** Paths that belong to the server; everything else that is not a file is a client route. */
const SERVER_PREFIXES = ['/api/', '/hubs/', '/Views/', '/Account/', '/metrics'];

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const index = join(distDir, 'index.html');
  const hasClient = existsSync(index);
  if (!hasClient) app.log.warn(`No built client in ${distDir}; run "npm run build".`);
  else
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The header is ours alone: with its own (on by default) the plugin writes
      // "public, max-age=0" over the one set below, and every tab fetched every chunk again.
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing asset or top-level file (/assets/x.js, /favicon.ico) is a 404; a deeper path
    // with a dot is still a client route (/process-images/pumpwerk.svg can be reloaded).
    const missingFile = path.startsWith('/assets/') || /^\/[^/]*\.[a-z0-9]+$/i.test(path);
    const isClientRoute =
      request.method === 'GET' && !SERVER_PREFIXES.some((p) => path.startsWith(p)) && !missingFile;
    if (isClientRoute && hasClient)
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(notFound(`No route ${request.method} ${path}`).toBody());
  });
}
