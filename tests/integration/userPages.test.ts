/**
 * Favorites and recently visited pages per user, stored on the server (SPEC §2) — rules
 * UP1..UP3: the list is the user's own and in the user's order, only app addresses are taken,
 * and the recent list keeps the last ten visits without repeats.
 */
import { describe, expect, it } from 'vitest';
import { signedInProcess } from '../support/serverPerFile.ts';
import { USER_PAGES_API, type UserPages } from '../../src/contract/userPages.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';

const plant = signedInProcess(['operator', 'viewer']);

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
    expect((await put(plant.operator, pages)).status).toBe(200);
    const again = await signInHttp(plant.server.url, 'operator');
    expect((await list(again)).favorites.map((p) => p.path)).toEqual([
      '/stations/2',
      '/dashboard/1',
      '/charts/22',
    ]);
    expect((await list(plant.viewer)).favorites).toEqual([]);
    // Reordered: the stored times stay with their pages.
    const before = await list(plant.operator);
    await put(plant.operator, [pages[2], pages[0], pages[1]]);
    const after = await list(plant.operator);
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
    const held = (await list(plant.operator)).favorites;
    for (const path of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a b',
      '',
    ]) {
      const res = await put(plant.operator, [{ path, title: 'x' }]);
      expect(res.status, path).toBe(400);
    }
    const tooMany = Array.from({ length: 31 }, (_, i) => ({
      path: `/stations/${i}`,
      title: `S${i}`,
    }));
    expect((await put(plant.operator, tooMany)).status).toBe(400);
    expect((await put(plant.operator, [{ path: '/x', title: '' }])).status).toBe(400);
    expect((await list(plant.operator)).favorites).toEqual(held);
  });

  it('UP3: a visit moves its page to the top of the recent list, which keeps the last ten', async () => {
    const visit = (path: string) =>
      plant.viewer.fetch(USER_PAGES_API.recent, {
        method: 'POST',
        body: JSON.stringify({ path, title: `Seite ${path}` }),
      });
    for (let i = 1; i <= 12; i++) expect((await visit(`/stations/${i}`)).status).toBe(200);
    await visit('/stations/5');
    const recent = (await list(plant.viewer)).recent.map((p) => p.path);
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
    expect((await put(plant.operator, pages)).status).toBe(200);
    expect((await list(plant.operator)).favorites.map(({ at: _, ...p }) => p)).toEqual(pages);
    const res = await plant.operator.fetch(USER_PAGES_API.recent, {
      method: 'POST',
      body: JSON.stringify({ path: '/machines/AnaIn-1/datasheet', title: 'x', subject: 'Pumpe 1' }),
    });
    expect(res.status).toBe(200);
    expect((await list(plant.operator)).recent[0]).toMatchObject({ subject: 'Pumpe 1' });
    expect((await put(plant.operator, [{ path: '/alerts', title: 'x', subject: '' }])).status).toBe(
      400,
    );
  });
});
