import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A window stand-in: http.ts reads window.top and window.location. */
function fakeWindow(path = '/stations/3', search = '?tab=1') {
  const location = {
    pathname: path,
    search,
    origin: 'http://plant.example',
    assign: vi.fn<(url: string) => void>(),
  };
  const win: { location: typeof location; top: unknown } = { location, top: null };
  win.top = win;
  return win;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function freshHttp() {
  vi.resetModules();
  return import('../../../src/api/http.ts');
}

describe('http wrapper (src/api/http.ts)', () => {
  let win: ReturnType<typeof fakeWindow>;
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    win = fakeWindow();
    vi.stubGlobal('window', win);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('HT1: sends cookies, JSON, and the CSRF header only on state-changing calls', async () => {
    const http = await freshHttp();
    http.setCsrfToken('tok');
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await http.getJson('/api/x', { query: { a: 1, pv: ['AnaIn-1', 'AnaIn-2'] } });
    await http.postJson('/api/y', { v: 2 });
    const [getUrl, getInit] = fetchMock.mock.calls[0]!;
    expect(getUrl).toBe('/api/x?a=1&pv=AnaIn-1&pv=AnaIn-2');
    expect(getInit?.credentials).toBe('include');
    expect(new Headers(getInit?.headers).has('X-CSRF-Token')).toBe(false);
    const [, postInit] = fetchMock.mock.calls[1]!;
    const headers = new Headers(postInit?.headers);
    expect(headers.get('X-CSRF-Token')).toBe('tok');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(postInit?.body).toBe('{"v":2}');
  });

  it('HT2: errors carry status, code and message of the one error shape', async () => {
    const http = await freshHttp();
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: { code: 'validation', message: 'Invalid body', issues: [] } }),
    );
    const err = await http.getJson('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(http.HttpError);
    expect(err).toMatchObject({ status: 400, code: 'validation', message: 'Invalid body' });
  });

  it('HT3: an unreachable server is a NetworkError', async () => {
    const http = await freshHttp();
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(http.getJson('/api/x')).rejects.toBeInstanceOf(http.NetworkError);
  });

  it('SR1: any 401 sends the window to logout with path and query, exactly once', async () => {
    const http = await freshHttp();
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { error: { code: 'unauthorized', message: 'Not signed in' } }),
    );
    const results = await Promise.allSettled([http.getJson('/api/a'), http.postJson('/api/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(win.location.assign).toHaveBeenCalledTimes(1);
    expect(win.location.assign).toHaveBeenCalledWith(
      '/Account/Logout?returnUrl=%2Fstations%2F3%3Ftab%3D1',
    );
  });

  it('SR2: when framed on the same origin, the top window is sent', async () => {
    const top = fakeWindow('/dashboard/2', '');
    win.top = top;
    const http = await freshHttp();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: { code: 'unauthorized', message: '' } }),
    );
    await http.getJson('/api/a').catch(() => undefined);
    expect(top.location.assign).toHaveBeenCalledWith('/Account/Logout?returnUrl=%2Fdashboard%2F2');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('SR3: framed by another origin, only this frame is sent', async () => {
    win.top = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    const http = await freshHttp();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: { code: 'unauthorized', message: '' } }),
    );
    await http.getJson('/api/a').catch(() => undefined);
    expect(win.location.assign).toHaveBeenCalledTimes(1);
  });
});
