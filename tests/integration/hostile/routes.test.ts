/**
 * Hostile input against every HTTP route of the reference server (OWASP ASVS V5, V13),
 * enumerated from the route table as registered (`buildServer().routes`), so a new route
 * cannot be missed: malformed JSON, wrong types, empty and huge bodies, huge arrays, deep
 * nesting, unicode edge cases, negative, NaN and overlong numbers, path traversal in every
 * path parameter and junk in the query. The server never answers 5xx, every refusal is the
 * one error shape, and a refused request changes nothing in SQLite — rules HO1, HO2, HO4;
 * property-based bodies (fast-check, seed printed on failure) — rule HO6.
 */
import fc from 'fast-check';

import { describe, expect, it } from 'vitest';
import { inProcessPerFile } from '../../support/serverPerFile.ts';
import type { RegisteredRoute } from '../../../server/app.ts';
import type { SessionUser } from '../../../server/auth/service.ts';

const ADMIN: SessionUser = {
  userId: 1,
  username: 'admin',
  role: 'admin',
  rights: new Set(['admin']),
  stations: null,
  sessionId: 'hostile',
};

const plant = inProcessPerFile(
  {},
  { build: { auth: { userOf: (r) => (r.headers['x-test-user'] === 'admin' ? ADMIN : null) } } },
);

const PARAMS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%00',
  '-1',
  'NaN',
  '1e309',
  '99999999999999999999999',
  'ü€😀\u202e',
  'x'.repeat(3000),
];

const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
const BODIES: [name: string, payload: string][] = [
  ['malformed', '{"a": '],
  ['null', 'null'],
  ['string', '"x"'],
  ['number', '-1e309'],
  ['empty object', '{}'],
  ['empty array', '[]'],
  ['array of junk', JSON.stringify([null, -1, 'NaN', { id: 'x' }, [], true, 1e308])],
  ['huge array', JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, nr: -i })))],
  ['deep', JSON.stringify(deep(2_000))],
  ['proto', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  [
    'wrong types',
    JSON.stringify({
      id: 'x',
      ids: 'all',
      status: 7,
      message: { a: 1 },
      text: null,
      timestamp: 'NaN',
      pv: 'AnaIn-1',
      stations: 'x',
      oldValues: 1,
      newValues: [{}],
    }),
  ],
  [
    'unicode',
    JSON.stringify({
      text: '\u0000\ud800😀\u202e<script>alert(1)</script>',
      message: 'ü'.repeat(10_000),
    }),
  ],
];
const QUERY = '?start=NaN&end=../../x&limit=-1&pvType=%00&pvNr=1e309&date=2026-13-45&source=<x>';

function routes(): RegisteredRoute[] {
  return plant.server.routes.filter(
    (r) =>
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS' &&
      !r.url.includes('*') &&
      (r.url.startsWith('/api/') || r.url.startsWith('/Views/') || r.url.startsWith('/hubs/')),
  );
}

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(value));
}

/**
 * Rows changed by the server's one database connection since it opened, less those the
 * archive wrote itself (a history filled for a read or in the background, its PV register).
 */
const changes = () =>
  (plant.server.context.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n -
  plant.server.archive.ownWrites();

async function expectSafe(method: string, url: string, payload?: string) {
  // A history an earlier answer queued (the maintenance overview's runtimes) is written in the
  // background; it is the archive's own work, not this request's.
  while (plant.server.archive.fillsPending()) await new Promise((resolve) => setImmediate(resolve));
  const before = changes();
  const res = await plant.server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      'x-test-user': 'admin',
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  const what = `${method} ${url.slice(0, 120)} ${payload?.slice(0, 40) ?? ''}`;
  expect(res.statusCode, what).toBeLessThan(500);
  // A refused request leaves SQLite as it was (no half-done write before the refusal).
  if (res.statusCode >= 400) expect(changes(), `${what}: changed SQLite`).toBe(before);
  // The simulated OpenWeatherMap service answers in that service's own error shape.
  const ownShape = !url.startsWith('/api/weather/data/');
  if (
    ownShape &&
    res.statusCode >= 400 &&
    String(res.headers['content-type'] ?? '').includes('json')
  ) {
    const body = res.json() as { error?: { code?: unknown; message?: unknown } };
    expect(typeof body.error?.code, what).toBe('string');
    expect(typeof body.error?.message, what).toBe('string');
  }
  return res.statusCode;
}

describe('hostile input', () => {
  it('HO1: every route, enumerated from the route table, survives hostile path parameters and queries', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(60);
    let tried = 0;
    for (const r of list) {
      for (const p of r.url.includes(':') ? PARAMS : ['']) {
        await expectSafe(r.method, fill(r.url, p) + QUERY, r.method === 'GET' ? undefined : '{}');
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(100);
  }, 120_000);

  it('HO2: every route that takes a body survives malformed, wrong, huge and deep bodies', async () => {
    const list = routes().filter((r) => r.method !== 'GET');
    expect(list.length).toBeGreaterThan(25);
    for (const r of list) {
      for (const [, payload] of BODIES) await expectSafe(r.method, fill(r.url, '1'), payload);
    }
  }, 120_000);

  it('HO6: property-based bodies (fast-check) against every route that takes one', async () => {
    const list = routes().filter((r) => r.method !== 'GET');
    // A JSON value of any shape, and objects with the field names the routes read.
    const field = fc.constantFrom(
      'id',
      'ids',
      'type',
      'nr',
      'pv',
      'pvs',
      'value',
      'values',
      'oldValues',
      'newValues',
      'start',
      'end',
      'text',
      'message',
      'status',
      'stations',
      'limit',
      'code',
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.dictionary(field, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
      fc.array(fc.dictionary(field, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), {
        maxLength: 8,
      }),
    );
    const seed = Number(process.env.PEGEL_PROPERTY_SEED ?? Date.now() % 2_147_483_647);
    const runs = Number(process.env.PEGEL_PROPERTY_RUNS ?? 25);
    // The long run (npm run test:long) says its seed; PEGEL_PROPERTY_SEED repeats a run.
    if (runs > 100) console.info(`HO6: seed ${seed}, ${runs} bodies per route`);
    for (const r of list) {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          await expectSafe(r.method, fill(r.url, '1'), JSON.stringify(value));
        }),
        { seed, numRuns: runs, endOnFailure: true },
      );
    }
  }, 120_000);
});
