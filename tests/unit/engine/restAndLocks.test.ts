/** The engine's REST call and Web Lock wiring — rules PC1, PC2, SE3, DT1 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { isUnauthorizedError } from '../../../workers/hubErrors.ts';
import { createPvConfigFetcher, HttpError } from '../../../workers/restClient.ts';
import { createWebLockManager, tabLockName } from '../../../workers/tabLocks.ts';
import { aiRef, pvConfig } from '../../support/engine/engineHarness.ts';

function fakeFetch(status: number, body: unknown, seen: { url: string; init?: RequestInit }[]) {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
}

describe('PV config call', () => {
  it('PC1: posts the refs to /api/Pv/configs and keeps only well-formed configs', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const fetchConfigs = createPvConfigFetcher(
      'http://plant.local',
      fakeFetch(200, [pvConfig(aiRef(1)), { nonsense: true }], seen),
    );
    expect(await fetchConfigs([aiRef(1), aiRef(2)])).toEqual([pvConfig(aiRef(1))]);
    expect(seen[0]?.url).toBe('http://plant.local/api/Pv/configs');
    expect(seen[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual([aiRef(1), aiRef(2)]);
  });

  it('SE3: a 401 answer is an HttpError the engine reads as the end of the session', async () => {
    const fetchConfigs = createPvConfigFetcher('http://plant.local', fakeFetch(401, {}, []));
    const failure = await fetchConfigs([aiRef(1)]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(isUnauthorizedError(failure)).toBe(true);
  });

  it('PC2: an answer that is not a list fails the batch', async () => {
    const fetchConfigs = createPvConfigFetcher('http://plant.local', fakeFetch(200, {}, []));
    await expect(fetchConfigs([aiRef(1)])).rejects.toThrow('expected a list');
  });
});

describe('Web Lock wiring', () => {
  it("DT1: the engine queues for the tab's lock and learns of its end when granted", async () => {
    const requests: { name: string; signal?: AbortSignal; grant: () => Promise<void> }[] = [];
    const locks = {
      request(name: string, options: LockOptions, callback: LockGrantedCallback<void>) {
        return new Promise<void>((resolve, reject) => {
          options.signal?.addEventListener('abort', () => reject(new Error('AbortError')));
          requests.push({
            name,
            signal: options.signal,
            grant: async () => resolve(await callback(null)),
          });
        });
      },
    } as unknown as LockManager;
    const manager = createWebLockManager(locks);
    const gone: string[] = [];
    manager.whenGone('t1', () => gone.push('t1'));
    const stop = manager.whenGone('t2', () => gone.push('t2'));
    expect(requests.map((r) => r.name)).toEqual([tabLockName('t1'), tabLockName('t2')]);
    expect(tabLockName('t1')).toBe('pegel-tab-t1');
    stop();
    expect(requests[1]?.signal?.aborted).toBe(true);
    await requests[0]!.grant();
    expect(gone).toEqual(['t1']);
  });
});
