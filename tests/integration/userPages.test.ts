/**
 * Favorites and recently visited pages per user, stored on the server (SPEC §2) — rules
 * UP1..UP3: the list is the user's own and in the user's order, only app addresses are taken,
 * and the recent list keeps the last ten visits without repeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_PAGES_API, type UserPages } from '../../src/contract/userPages.ts';
import { startInProcess, type InProcessServer } from '../support/inProcessServer.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';

let s: InProcessServer;
let operator: SignedIn;
let viewer: SignedIn;
beforeAll(async () => {
  s = await startInProcess();
  operator = await signInHttp(s.url, 'operator');
  viewer = await signInHttp(s.url, 'viewer');
}, 60_000);
afterAll(async () => s?.dispose());

const put = (who: SignedIn, pages: unknown) =>
  who.fetch(USER_PAGES_API.favorites, { method: 'PUT', body: JSON.stringify({ pages }) });
const list = async (who: SignedIn) =>
  (await (await who.fetch(USER_PAGES_API.list)).json()) as UserPages;

describe('favorites and recently visited', () => {
  it('UP1: favorites belong to their user, keep the order given and survive a new session', async () => {
    const pages = [
      { path: '/stations/2', title: 'Wasserwerk Talaue' },
      { path: '/dashboard/1', title: 'Leitwarte Übersicht' },
      { path: '/charts/22', title: 'Füllstände' },
      { path: '/stations/2', title: 'doppelt' },
    ];
    expect((await put(operator, pages)).status).toBe(200);
    const again = await signInHttp(s.url, 'operator');
    expect((await list(again)).favorites.map((p) => p.path)).toEqual([
      '/stations/2',
      '/dashboard/1',
      '/charts/22',
    ]);
    expect((await list(viewer)).favorites).toEqual([]);
    // Reordered: the stored times stay with their pages.
    const before = await list(operator);
    await put(operator, [pages[2], pages[0], pages[1]]);
    const after = await list(operator);
    expect(after.favorites.map((p) => p.path)).toEqual([
      '/charts/22',
      '/stations/2',
      '/dashboard/1',
    ]);
    expect(after.favorites.find((p) => p.path === '/charts/22')!.at).toBe(
      before.favorites.find((p) => p.path === '/charts/22')!.at,
    );
  });

  it('UP2: only addresses inside the app are taken; a refused list changes nothing', async () => {
    const held = (await list(operator)).favorites;
    for (const path of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a b',
      '',
    ]) {
      const res = await put(operator, [{ path, title: 'x' }]);
      expect(res.status, path).toBe(400);
    }
    const tooMany = Array.from({ length: 31 }, (_, i) => ({
      path: `/stations/${i}`,
      title: `S${i}`,
    }));
    expect((await put(operator, tooMany)).status).toBe(400);
    expect((await put(operator, [{ path: '/x', title: '' }])).status).toBe(400);
    expect((await list(operator)).favorites).toEqual(held);
  });

  it('UP3: a visit moves its page to the top of the recent list, which keeps the last ten', async () => {
    const visit = (path: string) =>
      viewer.fetch(USER_PAGES_API.recent, {
        method: 'POST',
        body: JSON.stringify({ path, title: `Seite ${path}` }),
      });
    for (let i = 1; i <= 12; i++) expect((await visit(`/stations/${i}`)).status).toBe(200);
    await visit('/stations/5');
    const recent = (await list(viewer)).recent.map((p) => p.path);
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('/stations/5');
    expect(recent.filter((p) => p === '/stations/5')).toHaveLength(1);
    expect(recent).not.toContain('/stations/1');
    expect((await visit('https://evil.example/')).status).toBe(400);
  });

  it('UP4: a page keeps its subject beside its title; pages saved without one come back without', async () => {
    const pages = [
      { path: '/energy/2', title: 'Rohwasserpumpwerk Talaue', subject: 'Rohwasserpumpwerk Talaue' },
      { path: '/alerts', title: 'Störmeldungen' },
    ];
    expect((await put(operator, pages)).status).toBe(200);
    expect((await list(operator)).favorites.map(({ at: _, ...p }) => p)).toEqual(pages);
    const res = await operator.fetch(USER_PAGES_API.recent, {
      method: 'POST',
      body: JSON.stringify({ path: '/machines/AnaIn-1/datasheet', title: 'x', subject: 'Pumpe 1' }),
    });
    expect(res.status).toBe(200);
    expect((await list(operator)).recent[0]).toMatchObject({ subject: 'Pumpe 1' });
    expect((await put(operator, [{ path: '/alerts', title: 'x', subject: '' }])).status).toBe(400);
  });
});
