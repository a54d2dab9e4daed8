/** Security headers on every kind of route (DESIGN.md "Security") — rules SH1, SH2. */
import Fastify from 'fastify';

import fastifyHelmet from '@fastify/helmet';

import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptHashes } from '../../server/http/securityHeaders.ts';
import { signInHttp } from '../support/login.ts';
import { PDF_BYTES, formWith } from '../support/multipart.ts';
import { MAINTENANCE_API, docPath } from '../../src/contract/maintenance.ts';

const plant = signedInPlant(['operator']);

function expectHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("frame-ancestors 'self'");
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scripts, what).not.toContain('unsafe-inline');
  expect(scripts, what).not.toContain('unsafe-eval');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('same-origin');
  // Plain http here: no HSTS.
  expect(res.headers.get('strict-transport-security'), what).toBeNull();
  // Helmet's own set besides (SH3 checks it against the library's defaults).
  expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
  expect(res.headers.get('origin-agent-cluster'), what).toBe('?1');
  expect(res.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
}

/** The headers Helmet sets with its defaults, on a bare Fastify answer. */
async function helmetDefaults(): Promise<Record<string, string>> {
  const bare = Fastify();
  await bare.register(fastifyHelmet);
  bare.get('/', async () => 'ok');
  const res = await bare.inject('/');
  await bare.close();
  const plain = (
    await Fastify()
      .get('/', async () => 'ok')
      .inject('/')
  ).headers;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!(name in plain)) out[name] = String(value);
  return out;
}

describe('static files', () => {
  it('SF1: hashed assets are cached for good; the page and client routes are revalidated', async () => {
    const assets = readdirSync(join(import.meta.dirname, '../../dist/assets'));
    for (const file of [
      assets.find((f) => f.endsWith('.js'))!,
      assets.find((f) => f.endsWith('.css'))!,
    ]) {
      const res = await fetch(`${plant.server.url}/assets/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/stations', '/alerts/archive']) {
      const res = await fetch(`${plant.server.url}${path}`);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('SF2: the service worker and the manifests are revalidated on every check, and the policy lets the worker and the manifest in', async () => {
    for (const [path, type] of [
      ['/sw.js', 'javascript'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/manifest-kiosk.webmanifest', 'application/manifest+json'],
    ] as const) {
      const res = await fetch(`${plant.server.url}${path}`);
      expect(res.status, path).toBe(200);
      // A cached sw.js would hide a new version from the browser's update check.
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-type'), path).toContain(type);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/worker-src 'self'/);
      expect(csp, path).not.toMatch(/manifest-src/);
      expect(csp, path).toContain("default-src 'self'");
    }
  });
});

describe('security headers', () => {
  it('SH1: the page, an asset, an API answer, an error, a hub negotiate, the metrics and uploads carry them', async () => {
    const page = await fetch(`${plant.server.url}/stations`);
    expectHeaders(page, 'page');
    const asset = readdirSync(join(import.meta.dirname, '../../dist/assets')).find((f) =>
      f.endsWith('.js'),
    )!;
    expectHeaders(await fetch(`${plant.server.url}/assets/${asset}`), 'asset');
    expectHeaders(await plant.operator.fetch('/api/station/GetAllStations'), 'api');
    const day = new Date().toISOString();
    const list = await plant.operator.fetch(
      `/api/alerts?start=2020-01-01T00:00:00Z&end=${day}&limit=10`,
    );
    expectHeaders(list, 'streamed alert list');
    expect(list.headers.get('content-type')).toContain('application/json');
    expect(Array.isArray(((await list.json()) as { alerts: unknown }).alerts)).toBe(true);
    expectHeaders(await fetch(`${plant.server.url}/api/station/GetAllStations`), 'api 401');
    expectHeaders(await fetch(`${plant.server.url}/api/nope`), '404');
    expectHeaders(
      await plant.operator.fetch('/hubs/pv/negotiate?negotiateVersion=1', { method: 'POST' }),
      'negotiate',
    );
    expectHeaders(await fetch(`${plant.server.url}/metrics`), 'metrics');
    // Uploads: the upload's answer, and the stored file as it is served back.
    const fitter = await signInHttp(plant.server.url, 'maintenance');
    const form = formWith(
      { description: 'Typenschild', docType: 'File' },
      {
        name: 'file',
        filename: 'typenschild.pdf',
        contentType: 'application/pdf',
        bytes: PDF_BYTES,
      },
    );
    const uploaded = await fitter.fetch(`${MAINTENANCE_API.docs}?pvType=AnaIn&pvNr=100001`, {
      method: 'POST',
      body: form,
    });
    expectHeaders(uploaded, 'upload');
    expect(uploaded.status).toBe(200);
    const { entries } = (await uploaded.json()) as { entries: { id: number }[] };
    const file = await fitter.fetch(docPath(entries[0]!.id) + '?download=1');
    expectHeaders(file, 'uploaded file');
    expect(file.headers.get('content-disposition')).toContain('attachment');
  });

  it("SH3: every header of Helmet's set is on the page and the API, HSTS only behind https and the CSP ours", async () => {
    const helmet = await helmetDefaults();
    expect(Object.keys(helmet).length).toBeGreaterThan(8);
    for (const res of [
      await fetch(`${plant.server.url}/stations`),
      await plant.operator.fetch('/api/station/GetAllStations'),
    ]) {
      for (const [name, value] of Object.entries(helmet)) {
        if (name === 'strict-transport-security') {
          expect(res.headers.get(name), name).toBeNull();
          continue;
        }
        expect(res.headers.get(name), name).not.toBeNull();
        // Same value as Helmet's default, but for the policies we set ourselves.
        if (!['content-security-policy', 'referrer-policy'].includes(name))
          expect(res.headers.get(name), name).toBe(value);
      }
      expect(res.headers.get('content-security-policy')).not.toBe(
        helmet['content-security-policy'],
      );
    }
  });

  it("SH2: the page's own inline script is allowed by its hash, and only it", async () => {
    const page = await fetch(`${plant.server.url}/`);
    const html = await page.text();
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const h of hashes) expect(csp).toContain(h);
    expect(inlineScriptHashes('<script>a()</script><script src="/x.js"></script>')).toHaveLength(1);
  });
});
