/**
 * Alarms across a server restart in the browser (README "Alarms across a restart", rules AL3
 * of workers/SPEC.md and of server/hubs/SPEC.md): a tab open on the current list while the
 * real server restarts shows the same alarms and the same header count afterwards, less an
 * acknowledged leak alarm whose zone is dry after the start (no message tells the tab: it is
 * no longer in FetchAllPendingAlerts); the conditions still true are not raised again — rule
 * AR-E1.
 */
import type { Page } from '@playwright/test';
import { expect, testOnPlant } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvListEntry } from '../../src/contract/plant.ts';
import type { PvConfig, PvLimitConfig } from '../../src/contract/pv.ts';
import { ACTION_EXTRA_API, PV_ACTION_API } from '../../src/contract/actions.ts';
import { ALERT_API, type Alert, type AlertListResult } from '../../src/contract/alerts.ts';
import { LEAKAGE_API } from '../../src/contract/leakage.ts';

// No pump fails by chance: the alarms are the test's own. A leak is detected at once.
const test = testOnPlant({
  PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
  PEGEL_LEAK_DETECTION_MS: '0',
});

const conn = (page: Page) => page.locator('.shell-header .conn');
const rows = (page: Page) => page.locator('.alert-scroll .alert-row[data-alert-id]');
const banner = (page: Page) => page.locator('.alarm-banner-count');

async function post<T>(api: SignedIn, path: string, body: unknown): Promise<T> {
  const res = await api.fetch(path, { method: 'POST', body: JSON.stringify(body) });
  expect(res.ok, `${path}: HTTP ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** Level and pressure PVs with a bottom limit, and their limits. */
async function limitedPvs(api: SignedIn): Promise<{ config: PvConfig; limits: PvLimitConfig[] }[]> {
  const all = (await (await api.fetch(API.pv.all)).json()) as PvListEntry[];
  const refs = all.filter((p) => p.pvRef.type === 'AnaIn').map((p) => p.pvRef);
  const configs = await post<PvConfig[]>(api, API.pv.configs, refs);
  const found: { config: PvConfig; limits: PvLimitConfig[] }[] = [];
  for (const config of configs) {
    if (!config.domainConfig || config.anaLimitConfig?.lower == null) continue;
    const limits = await post<PvLimitConfig[]>(api, ACTION_EXTRA_API.limitConfigs, [config.pvRef]);
    if (limits.some((l) => l.pvLimitRef.limitType === 'Bottom')) found.push({ config, limits });
    if (found.length === 4) break;
  }
  return found;
}

/**
 * A standing alarm of the PV's bottom limit: set to the top of its range (the value is always
 * under it and never back above it by the hysteresis), without delay, the other limits off.
 * `again` sends the limits as they are now, so the server checks the value against them.
 */
async function standBelow(
  api: SignedIn,
  pv: { config: PvConfig; limits: PvLimitConfig[] },
  again = false,
) {
  const next = pv.limits.map((l) =>
    l.pvLimitRef.limitType === 'Bottom'
      ? { ...l, limit: pv.config.domainConfig!.max, delayTime: 0, notSet: false }
      : { ...l, notSet: true },
  );
  const answer = await post<{ status: string }>(api, PV_ACTION_API.setAnaInLimits, {
    oldValues: again ? next : pv.limits,
    newValues: next,
  });
  expect(answer.status).toBe('Success');
}

test('AR-E1: a tab open across a server restart shows the same alarms and header count afterwards; nothing still true is raised again', async ({
  page,
  plant,
}) => {
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  const pvs = await limitedPvs(api);
  expect(pvs.length).toBeGreaterThanOrEqual(4);
  for (const pv of pvs.slice(0, 3)) await standBelow(api, pv);
  // One of them acknowledged: it stays (active) and must stay acknowledged.
  const range = () =>
    `start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date(Date.now() + 60_000).toISOString()}&limit=100`;
  const list = async () =>
    ((await (await api.fetch(`${ALERT_API.list}?${range()}`)).json()) as AlertListResult).alerts;
  const ours = (a: Alert, among: typeof pvs) =>
    among.some((pv) => a.pvRef?.type === pv.config.pvRef.type && a.pvRef.nr === pv.config.pvRef.nr);
  const raised = (await list()).filter((a) => ours(a, pvs));
  expect(raised).toHaveLength(3);
  await post(api, ALERT_API.ack, { ids: [raised[0]!.id] });
  // A leak, acknowledged: the restart's simulated zone is dry, so it clears and leaves the list.
  const admin = await signInHttp(plant.url, 'admin');
  await post(admin, LEAKAGE_API.simulateLeak, { pipeLeakageId: 1, flow: 40 });
  await expect
    .poll(async () => (await list()).find((a) => a.source?.type === 'PipeLeakage')?.id, {
      timeout: 30_000,
    })
    .toBeDefined();
  const leak = (await list()).find((a) => a.source?.type === 'PipeLeakage')!;
  await post(api, ALERT_API.ack, { ids: [leak.id] });

  // The tab's list and header. A dial-up station may fail to connect now and then: its alarm
  // is counted like any other, so the counts are read, not assumed.
  await signIn(page, 'operator', '/alerts');
  for (const a of [...raised, leak])
    await expect(page.locator(`[data-alert-id="${a.id}"]`)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator(`[data-alert-id="${leak.id}"]`)).not.toHaveClass(/is-pending/);
  const shown = async () => {
    const list = await rows(page).evaluateAll((els) =>
      els.map(
        (e) =>
          [Number(e.getAttribute('data-alert-id')), e.classList.contains('is-pending')] as const,
      ),
    );
    return new Map(list);
  };
  const pendingIn = (m: Map<number, boolean>) => [...m.values()].filter(Boolean).length;
  const header = async (m: Map<number, boolean>) =>
    expect(banner(page)).toHaveText(`${pendingIn(m)} unquittierte Meldungen`);
  const before = await shown();
  await header(before);

  await plant.stop();
  await expect(conn(page)).not.toHaveAttribute('data-connection', 'connected', {
    timeout: 30_000,
  });
  await plant.restart();
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 60_000 });

  // The server checks the values against the same limits again: still crossed, not raised.
  const again = await signInHttp(plant.url, 'operator');
  for (const pv of pvs.slice(0, 3)) await standBelow(again, pv, true);
  // A new alarm after those: once the tab shows it, it has had every message before it.
  await standBelow(again, pvs[3]!);
  let marker = 0;
  await expect
    .poll(async () => (marker = (await list()).find((a) => ours(a, [pvs[3]!]))?.id ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await expect(page.locator(`[data-alert-id="${marker}"]`)).toHaveCount(1, { timeout: 30_000 });
  const after = await shown();
  // Every alarm of before is there as it was, less the acknowledged leak that cleared.
  for (const [id, pending] of before)
    if (id !== leak.id) expect(after.get(id), `alert ${id}`).toBe(pending);
  expect(after.has(leak.id)).toBe(false);
  // What is new was raised after the restart, and none of it for a limit still crossed.
  const added = [...after.keys()].filter((id) => !before.has(id));
  expect(added).toContain(marker);
  const now = await list();
  for (const id of added)
    expect(
      ours(
        now.find((a) => a.id === id)!,
        pvs.slice(0, 3),
      ),
    ).toBe(false);
  // The header: the count before, plus what was raised since.
  expect(pendingIn(after)).toBe(
    pendingIn(before) - (before.get(leak.id) ? 1 : 0) + added.filter((id) => after.get(id)).length,
  );
  await header(after);
  expect(after.get(raised[0]!.id)).toBe(false);
});
