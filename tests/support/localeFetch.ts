/**
 * Vitest setup: the app fetches its texts (src/app/i18n.ts, locales/<lang>/<file>.json as the
 * build's assets); in a test there is no server, so a fetch of a locale file's path is answered
 * from the repository's file. Every other fetch goes where it went.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const LOCALE_PATH = /^\/locales\/\w+\/\w+\.json$/;

const pass = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = new URL(url, 'http://localhost/').pathname;
  if (!LOCALE_PATH.test(path)) return pass(input, init);
  const text = await readFile(join(ROOT, path), 'utf8').catch(() => null);
  return text === null
    ? new Response('not found', { status: 404 })
    : new Response(text, { headers: { 'content-type': 'application/json' } });
};
