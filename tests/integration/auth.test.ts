/**
 * Sign-in, sessions, CSRF and rights over HTTP against the real server (DESIGN.md "Sign-in
 * calls", "Security", "Rights"; SPEC §2 "Session redirects", §5 "Password", §6, §8 "Login").
 */
import { TEXT_MESSAGE_API } from '../../src/contract/actions.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, RightsInfo, StatusResult, UserInfo } from '../../src/contract/auth.ts';
import { API, CSRF_HEADER } from '../../src/contract/paths.ts';
import { startPlantServer, DEMO_PASSWORD, type PlantServerHandle } from '../support/plantServer.ts';
import { cookiesOf, openLogin, postJson, signInHttp, totpNow } from '../support/login.ts';

let main: PlantServerHandle;
let strict: PlantServerHandle;
let pvGroups: PlantServerHandle;
let disabled: PlantServerHandle;
let shortLease: PlantServerHandle;
let recaptchaStub: Server;

/** A stand-in for the reCAPTCHA verification service: only 'good-token' is valid. */
function startRecaptchaStub(): Promise<string> {
  recaptchaStub = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      const success =
        params.get('secret') === 'stub-secret' && params.get('response') === 'good-token';
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success }));
    });
  });
  return new Promise((resolve) =>
    recaptchaStub.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(recaptchaStub.address() as AddressInfo).port}/siteverify`),
    ),
  );
}

beforeAll(async () => {
  const stubUrl = await startRecaptchaStub();
  [main, strict, pvGroups, disabled, shortLease] = await Promise.all([
    startPlantServer({ env: { PEGEL_LOCKOUT_MS: '2000', PEGEL_DOMAIN_MANAGED_USERS: 'viewer' } }),
    startPlantServer({
      env: {
        PEGEL_LOGIN_WINDOW_MS: '1500',
        PEGEL_LICENSE_MAX_USERS: '1',
        PEGEL_TOTP_ALLOW_REPLAY: '0',
        PEGEL_RECAPTCHA_SECRET: 'stub-secret',
        PEGEL_RECAPTCHA_VERIFY_URL: stubUrl,
      },
    }),
    startPlantServer({
      env: { PEGEL_LICENSE_MAX_PVGROUPS: '5', PEGEL_LICENSE_ACTIVE_PVGROUPS: '6' },
    }),
    startPlantServer({ env: { PEGEL_LOGIN_DISABLED: '1' } }),
    startPlantServer({ env: { PEGEL_SESSION_LEASE_MS: '3000' } }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([main, strict, pvGroups, disabled, shortLease].map((s) => s?.dispose()));
  recaptchaStub?.close();
});

async function login(
  baseUrl: string,
  username: string,
  password: string,
  opts: {
    recaptchaToken?: string;
    csrfToken?: string;
    open?: { csrfToken: string; cookie: string };
  } = {},
) {
  const open = opts.open ?? (await openLogin(baseUrl));
  const res = await postJson(
    baseUrl + API.account.login,
    {
      csrfToken: opts.csrfToken ?? open.csrfToken,
      recaptchaToken: opts.recaptchaToken ?? '',
      username,
      password,
    },
    { Cookie: open.cookie },
  );
  return { open, body: (await res.json()) as LoginResponse };
}

async function verify(baseUrl: string, cookie: string, code: string) {
  const res = await postJson(baseUrl + API.account.verify, { code }, { Cookie: cookie });
  return { res, body: (await res.json()) as LoginResponse };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('login outcomes (SPEC §8 "Login")', () => {
  it('LG1: a correct password asks for the second factor; a correct code signs in with a strict cookie', async () => {
    const { open, body } = await login(main.url, 'operator', DEMO_PASSWORD);
    expect(body.status).toBe('SecondFactorRequired');
    const { res, body: verified } = await verify(main.url, open.cookie, totpNow());
    expect(verified.status).toBe('Success');
    expect(verified.csrfToken).toMatch(/^[\w-]{20,}$/);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('pegel_session='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it('LG2: a wrong password or unknown user answers InvalidCredentials', async () => {
    expect((await login(main.url, 'operator', 'wrong')).body.status).toBe('InvalidCredentials');
    expect((await login(main.url, 'nobody', DEMO_PASSWORD)).body.status).toBe('InvalidCredentials');
  });

  it('LG3: an unknown, mismatched or cookie-less login token answers CsrfTokenExpired', async () => {
    expect(
      (await login(main.url, 'operator', DEMO_PASSWORD, { csrfToken: 'nope' })).body.status,
    ).toBe('CsrfTokenExpired');
    const open = await openLogin(main.url);
    const res = await postJson(main.url + API.account.login, {
      csrfToken: open.csrfToken,
      recaptchaToken: '',
      username: 'operator',
      password: DEMO_PASSWORD,
    });
    expect(((await res.json()) as LoginResponse).status).toBe('CsrfTokenExpired');
  });

  it('LG4: a wrong TOTP code answers TokenIncorrect; verify without a pending login answers LoginWindowExpired', async () => {
    const { open } = await login(main.url, 'maintenance', DEMO_PASSWORD);
    const code = totpNow();
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await verify(main.url, open.cookie, wrong)).body.status).toBe('TokenIncorrect');
    expect((await verify(main.url, open.cookie, totpNow())).body.status).toBe('Success');
    const fresh = await openLogin(main.url);
    expect((await verify(main.url, fresh.cookie, totpNow())).body.status).toBe(
      'LoginWindowExpired',
    );
  });

  it('LG5: five wrong passwords lock the account; even the right password answers LockedOut until it ends', async () => {
    for (let i = 1; i <= 4; i++)
      expect((await login(main.url, 'admin', `wrong-${i}`)).body.status).toBe('InvalidCredentials');
    const fifth = await login(main.url, 'admin', 'wrong-5');
    expect(fifth.body.status).toBe('LockedOut');
    expect(fifth.body.lockedUntil).toBeGreaterThan(Date.now());
    const right = await login(main.url, 'admin', DEMO_PASSWORD);
    expect(right.body.status).toBe('LockedOut');
    await sleep(Math.max(0, fifth.body.lockedUntil! - Date.now()) + 100);
    expect((await login(main.url, 'admin', DEMO_PASSWORD)).body.status).toBe(
      'SecondFactorRequired',
    );
  });

  it('LG6: the login window closes a while after csrf: LoginWindowExpired', async () => {
    const open = await openLogin(strict.url);
    await sleep(1700);
    const { body } = await login(strict.url, 'operator', DEMO_PASSWORD, {
      open,
      recaptchaToken: 'good-token',
    });
    expect(body.status).toBe('LoginWindowExpired');
  });

  it('LG7: with a reCAPTCHA secret a bad token answers RecaptchaInvalid, a good one passes', async () => {
    expect(
      (await login(strict.url, 'operator', DEMO_PASSWORD, { recaptchaToken: 'bad' })).body.status,
    ).toBe('RecaptchaInvalid');
    expect(
      (await login(strict.url, 'operator', DEMO_PASSWORD, { recaptchaToken: 'good-token' })).body
        .status,
    ).toBe('SecondFactorRequired');
  });

  it('LG8: a used TOTP step cannot be replayed; more active users than licensed answers LicenseExceededUsers', async () => {
    const code = totpNow();
    const first = await login(strict.url, 'operator', DEMO_PASSWORD, {
      recaptchaToken: 'good-token',
    });
    expect((await verify(strict.url, first.open.cookie, code)).body.status).toBe('Success');
    const again = await login(strict.url, 'operator', DEMO_PASSWORD, {
      recaptchaToken: 'good-token',
    });
    expect(again.body.status).toBe('SecondFactorRequired');
    expect((await verify(strict.url, again.open.cookie, code)).body.status).toBe('TokenIncorrect');
    const other = await login(strict.url, 'viewer', DEMO_PASSWORD, {
      recaptchaToken: 'good-token',
    });
    expect(other.body.status).toBe('LicenseExceededUsers');
  });

  it('LG9: more active PV group registrations than licensed answers LicenseExceededPvGroups', async () => {
    expect((await login(pvGroups.url, 'operator', DEMO_PASSWORD)).body.status).toBe(
      'LicenseExceededPvGroups',
    );
  });

  it('LG10: a server refusing sign-ins answers LoginNotPossible', async () => {
    expect((await login(disabled.url, 'operator', DEMO_PASSWORD)).body.status).toBe(
      'LoginNotPossible',
    );
  });

  it('LG11: sign-ins are counted by outcome and active sessions are a gauge', async () => {
    const text = await (await fetch(`${main.url}/metrics`)).text();
    expect(text).toMatch(/pegel_logins_total\{outcome="InvalidCredentials"\} [1-9]/);
    expect(text).toMatch(/pegel_logins_total\{outcome="Success"\} [1-9]/);
    expect(text).toMatch(/pegel_sessions_active [1-9]/);
  });
});

describe('sessions and CSRF (DESIGN.md "Security")', () => {
  it('CS1: a state-changing call without a session answers 401 unauthorized', async () => {
    const res = await postJson(main.url + API.user.renewLease, {});
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    expect((await fetch(main.url + API.user.info)).status).toBe(401);
  });

  it('CS2: a state-changing call without or with a wrong CSRF header answers 403 csrf', async () => {
    const s = await signInHttp(main.url, 'operator');
    const variants: Record<string, string>[] = [
      { Cookie: s.cookie },
      { Cookie: s.cookie, [CSRF_HEADER]: 'wrong' },
    ];
    for (const headers of variants) {
      const res = await postJson(main.url + API.user.renewLease, {}, headers);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('csrf');
    }
    const ok = await s.fetch(API.user.renewLease, { method: 'POST', body: '{}' });
    expect(ok.status).toBe(200);
    const { leaseExpiresAt } = (await ok.json()) as { leaseExpiresAt: number };
    expect(leaseExpiresAt).toBeGreaterThan(Date.now());
  });

  it('CS4: read-only POSTs the engine worker sends (PV configs, text messages) need no CSRF header', async () => {
    const s = await signInHttp(main.url, 'operator');
    const res = await postJson(main.url + API.pv.configs, [{ type: 'AnaIn', nr: 100001 }], {
      Cookie: s.cookie,
    });
    expect(res.status).toBe(200);
    const texts = await postJson(main.url + TEXT_MESSAGE_API.get, [1], { Cookie: s.cookie });
    expect(texts.status).toBe(200);
    // Writing still needs the header.
    const write = await postJson(main.url + TEXT_MESSAGE_API.set, [{ id: 1, message: 'x' }], {
      Cookie: s.cookie,
    });
    expect(write.status).toBe(403);
  });

  it('CS3: the session cookie is read leniently (attributes in the Cookie header, as the Node SignalR client sends)', async () => {
    const s = await signInHttp(main.url, 'operator');
    const res = await fetch(main.url + API.user.info, {
      headers: { Cookie: `a=1; Path=/; HttpOnly; ${s.cookie}; Path=/; HttpOnly` },
    });
    expect(res.status).toBe(200);
  });
});

describe('session lease', () => {
  it('SE1: a lease ends unless renewed; renew-lease slides it', async () => {
    const s = await signInHttp(shortLease.url, 'operator');
    await sleep(2000);
    expect((await s.fetch(API.user.renewLease, { method: 'POST', body: '{}' })).status).toBe(200);
    await sleep(2000);
    // 4 s after sign-in with a 3 s lease: alive only because it was renewed.
    expect((await s.fetch(API.user.info)).status).toBe(200);
    await sleep(3200);
    expect((await s.fetch(API.user.info)).status).toBe(401);
  });
});

describe('logout redirect (SPEC §2 "Session redirects")', () => {
  const cases: [string, string][] = [
    ['/stations/12?tab=values', '/stations/12?tab=values'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/x', '/'],
    ['javascript:alert(1)', '/'],
    ['/a\nb', '/'],
    ['/login?returnUrl=/x', '/'],
  ];
  for (const [given, expected] of cases)
    it(`RU1: returnUrl ${JSON.stringify(given)} redirects to login with ${JSON.stringify(expected)}`, async () => {
      const res = await fetch(`${main.url}${API.logout}?returnUrl=${encodeURIComponent(given)}`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?returnUrl=${encodeURIComponent(expected)}`);
    });

  it('RU2: logout ends the session', async () => {
    const s = await signInHttp(main.url, 'operator');
    expect((await s.fetch(API.user.info)).status).toBe(200);
    const res = await s.fetch(`${API.logout}?returnUrl=%2Fcharts`);
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().join()).toMatch(/pegel_session=;/);
    expect((await s.fetch(API.user.info)).status).toBe(401);
  });
});

describe('info and rights per role (SPEC §6, DESIGN.md "Rights")', () => {
  it('RI1: info names the user and carries the session CSRF token', async () => {
    const s = await signInHttp(main.url, 'operator');
    const info = (await (await s.fetch(API.user.info)).json()) as UserInfo;
    expect(info).toMatchObject({ username: 'operator', role: 'operator', domainManaged: false });
    expect(info.csrfToken).toBe(s.csrfToken);
    expect(info.autoLogoutMs).toBe(15 * 60_000);
    expect(info.leaseExpiresAt).toBeGreaterThan(Date.now());
    expect(cookiesOf(await s.fetch(API.user.info))).toEqual([]);
  });

  it('RI2: rights follow the role; maintenance is limited to its stations', async () => {
    const rightsOf = async (user: string) =>
      (await (
        await (await signInHttp(main.url, user)).fetch(API.user.rights)
      ).json()) as RightsInfo;
    const operator = await rightsOf('operator');
    expect(operator.rights).toContain('writePvs');
    expect(operator.rights).not.toContain('admin');
    expect(operator.stations).toBeNull();
    const maintenance = await rightsOf('maintenance');
    expect(maintenance.rights.sort()).toEqual(
      [
        'ackFailureInputs',
        'ackPlans',
        'dialStations',
        'editMaintenance',
        'writeCounters',
        'writePlans',
        'writePvs',
      ].sort(),
    );
    expect(maintenance.stations).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await rightsOf('viewer')).rights).toEqual([]);
    expect(await rightsOf('admin')).toMatchObject({ stations: null });
    expect((await rightsOf('admin')).rights).toContain('admin');
  });
});

describe('change password (SPEC §5 "Password")', () => {
  const change = async (
    user: string,
    oldPassword: string,
    newPassword: string,
    newConfirmation = newPassword,
  ) => {
    const s = await signInHttp(main.url, user);
    const res = await s.fetch(API.user.changePassword, {
      method: 'POST',
      body: JSON.stringify({ oldPassword, newPassword, newConfirmation }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as StatusResult;
  };

  it('PW1: the server checks match, difference, policy and the old password', async () => {
    expect(await change('operator', DEMO_PASSWORD, 'Neues-Pass1', 'Neues-Pass2')).toEqual({
      status: 'Failed',
      message: 'passwords do not match',
    });
    expect((await change('operator', DEMO_PASSWORD, DEMO_PASSWORD)).message).toMatch(/differ/);
    expect((await change('operator', DEMO_PASSWORD, 'Sh0rt')).message).toMatch(/at least 10/);
    expect((await change('operator', DEMO_PASSWORD, 'nodigitsHere')).message).toMatch(/digit/);
    expect((await change('operator', DEMO_PASSWORD, 'alllower123')).message).toMatch(/upper/);
    expect((await change('operator', DEMO_PASSWORD, 'ALLUPPER123')).message).toMatch(/lower/);
    expect((await change('operator', 'Wrong-Old-1', 'Valid-Pass-123')).message).toMatch(/previous/);
  });

  it('PW2: a domain-managed user is told to change the password at the domain', async () => {
    const result = await change('viewer', DEMO_PASSWORD, 'Valid-Pass-123');
    expect(result.status).toBe('Failed');
    expect(result.message).toMatch(/domain/);
  });

  it('PW3: a valid change takes effect for the next sign-in', async () => {
    expect(await change('maintenance', DEMO_PASSWORD, 'Valid-Pass-123')).toEqual({
      status: 'Success',
      message: null,
    });
    expect((await login(main.url, 'maintenance', DEMO_PASSWORD)).body.status).toBe(
      'InvalidCredentials',
    );
    await signInHttp(main.url, 'maintenance', 'Valid-Pass-123');
  });

  it('PW4: a malformed body answers 400, never 500', async () => {
    const s = await signInHttp(main.url, 'operator');
    const res = await s.fetch(API.user.changePassword, {
      method: 'POST',
      body: '{"oldPassword":1}',
    });
    expect(res.status).toBe(400);
  });
});
