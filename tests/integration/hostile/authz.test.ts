/**
 * Every route without a session, and every state-changing route without the session's CSRF
 * token, is refused (OWASP ASVS V3, V4, V13.2.3), enumerated from the route table so a new
 * route cannot be missed — rule HO5. Sign-in and the API's rate limits — rule HO7.
 */
import { describe, expect, it } from 'vitest';
import { signedInProcess } from '../../support/serverPerFile.ts';
import type { RegisteredRoute } from '../../../server/app.ts';
import { API, CSRF_HEADER } from '../../../src/contract/paths.ts';
import { CHART_API } from '../../../src/contract/charts.ts';
import { ALERT_API } from '../../../src/contract/alerts.ts';
import { TEXT_MESSAGE_API } from '../../../src/contract/actions.ts';
import { startInProcess } from '../../support/inProcessServer.ts';
import { signInHttp } from '../../support/login.ts';

/** Routes anyone may call: the sign-in steps, the public login page's settings, logout. */
const PUBLIC = new Set([
  `GET ${API.account.csrf}`,
  `POST ${API.account.login}`,
  `POST ${API.account.verify}`,
  `GET ${API.logout}`,
  `GET ${API.system.passwordPolicy}`,
  `GET ${API.system.settings}`,
  `GET ${API.system.licenseOptions}`,
  'GET /metrics',
]);
/** The simulated weather service checks its own API key and answers in its own shape. */
const OWN_AUTH = '/api/weather/data/';

const plant = signedInProcess(['admin']);

function apiRoutes(): RegisteredRoute[] {
  return plant.server.server.routes.filter(
    (r) =>
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS' &&
      !r.url.includes('*') &&
      (r.url.startsWith('/api/') || r.url.startsWith('/Views/') || r.url.endsWith('/negotiate')),
  );
}
const fill = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1');
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function call(r: RegisteredRoute, headers: Record<string, string>) {
  const body = r.method === 'GET' ? undefined : '{}';
  return fetch(plant.server.url + fill(r.url), {
    method: r.method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body,
    redirect: 'manual',
  });
}

describe('sessions and CSRF on every route', () => {
  it('HO5: every non-public route refuses a request without a session (401, one error shape)', async () => {
    const list = apiRoutes().filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    expect(list.length).toBeGreaterThan(60);
    const open: string[] = [];
    for (const r of list) {
      const res = await call(r, {});
      const text = await res.text();
      const shaped =
        /"error":\{"code":"[a-z_]+","message":/.test(text) || r.url.startsWith(OWN_AUTH);
      if (res.status !== 401 || !shaped)
        open.push(`${r.method} ${r.url} -> ${res.status} ${text.slice(0, 60)}`);
    }
    expect(open).toEqual([]);
  }, 60_000);

  it('HO5: every state-changing API route refuses a session without its CSRF token, or with another', async () => {
    const exempt = new Set<string>([
      // They carry the pre-login token in the body.
      API.account.login,
      API.account.verify,
      // Read-only POSTs sent by the engine's worker (server/auth/routes.ts READ_ONLY_POSTS).
      API.pv.configs,
      CHART_API.dataAuto,
      CHART_API.firstDatePvs,
      CHART_API.lastDatePvs,
      TEXT_MESSAGE_API.get,
    ]);
    const list = apiRoutes().filter(
      (r) => STATE_CHANGING.has(r.method) && r.url.startsWith('/api/') && !exempt.has(r.url),
    );
    expect(list.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const r of list) {
      const none = await call(r, { Cookie: plant.admin.cookie });
      const wrong = await call(r, { Cookie: plant.admin.cookie, [CSRF_HEADER]: 'x'.repeat(43) });
      for (const res of [none, wrong]) {
        const code =
          res.status === 403 ? ((await res.json()) as { error: { code: string } }).error.code : '';
        if (code !== 'csrf') open.push(`${r.method} ${r.url} -> ${res.status} ${code}`);
      }
    }
    expect(open).toEqual([]);
  }, 60_000);
});

describe('rate limits', () => {
  it('HO7: sign-in and archive ranges answer 429 with Retry-After in the one error shape beyond their limit', async () => {
    const limited = await startInProcess({
      PEGEL_RATE_SIGNIN_PER_MIN: '6',
      PEGEL_RATE_HEAVY_PER_MIN: '5',
    });
    try {
      // Two sessions (each GET csrf takes one of the address's burst of two).
      const operator = await signInHttp(limited.url, 'operator');
      const viewer = await signInHttp(limited.url, 'viewer');
      const refused = await fetch(limited.url + API.account.csrf);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('rate_limited');
      expect(body.error.message).toMatch(/sign-in.*try again in \d+ s/);
      // The archive ranges: a burst of one per session, then 429 for that session only.
      const range = `${ALERT_API.controlEvents}?start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date().toISOString()}&limit=10`;
      expect((await operator.fetch(range)).status).toBe(200);
      const second = await operator.fetch(range);
      expect(second.status).toBe(429);
      expect(((await second.json()) as { error: { code: string } }).error.code).toBe(
        'rate_limited',
      );
      expect((await viewer.fetch(range)).status).toBe(200);
      // Calls that are not limited go on.
      expect((await operator.fetch(API.user.info)).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  }, 60_000);

  it('HO7b: a limited route tells its budget in x-ratelimit-* headers, and a 429 when to come back', async () => {
    const limited = await startInProcess({ PEGEL_RATE_HEAVY_PER_MIN: '5' });
    try {
      const operator = await signInHttp(limited.url, 'operator');
      const range = `${ALERT_API.controlEvents}?start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date().toISOString()}&limit=10`;
      const first = await operator.fetch(range);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('1');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1);
      const second = await operator.fetch(range);
      expect(second.status).toBe(429);
      expect(second.headers.get('x-ratelimit-limit')).toBe('1');
      expect(second.headers.get('x-ratelimit-remaining')).toBe('0');
      const retry = Number(second.headers.get('retry-after'));
      // A burst of one at 5 a minute: the next comes within 12 s.
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(12);
      expect(((await second.json()) as { error: { message: string } }).error.message).toContain(
        `try again in ${retry} s`,
      );
      // A route without a rule carries no budget.
      expect((await operator.fetch(API.user.info)).headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await limited.dispose();
    }
  }, 60_000);
});
