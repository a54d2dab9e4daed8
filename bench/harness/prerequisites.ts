/**
 * Checks a scenario makes before it measures, so a missing part of the product shows in
 * the report as "not yet measured: <what is missing>" instead of as a failure.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findWorkerReferences } from './bundleGraph.ts';
import { NotReady } from './scenario.ts';
import type { BenchContext, BenchServer } from './context.ts';
import { API } from '../../src/contract/paths.ts';
import { HUBS } from '../../src/contract/hubs.ts';
import type { PvNode } from '../../src/contract/pv.ts';

/** 'missing' (404), 'unauthorized' (401/403: there, but needs a session) or 'ok'. */
export type HubStatus = 'missing' | 'unauthorized' | 'ok';

export async function hubStatus(baseUrl: string, hubPath: string, cookie = ''): Promise<HubStatus> {
  const res = await fetch(new URL(`${hubPath}/negotiate?negotiateVersion=1`, baseUrl), {
    method: 'POST',
    headers: cookie ? { cookie } : {},
  });
  await res.arrayBuffer();
  if (res.status === 404) return 'missing';
  if (res.status === 401 || res.status === 403) return 'unauthorized';
  return 'ok';
}

/** Throws NotReady unless the hub answers negotiate for a signed-in session. */
export async function requireHub(
  baseUrl: string,
  hubPath: string,
  cookie: string | null,
): Promise<void> {
  const status = await hubStatus(baseUrl, hubPath, cookie ?? '');
  if (status === 'missing') throw new NotReady(`the server has no hub at ${hubPath} yet`);
  if (status === 'unauthorized')
    throw new NotReady(
      cookie
        ? `${hubPath} refused the bench session`
        : `${hubPath} needs a session and no sign-in helper exists yet (tests/support/login.ts)`,
    );
}

/** Built worker chunks in dist/ (the engine); throws NotReady when there is none. */
export function requireEngineChunk(distDir: string): string[] {
  const chunks = findWorkerReferences(distDir);
  if (chunks.length === 0) throw new NotReady('dist/ holds no engine worker chunk yet');
  return chunks;
}

/** Throws NotReady unless a source folder of the product exists and is not empty. */
export function requireSource(root: string, folder: string, what: string): void {
  const dir = join(root, folder);
  if (!existsSync(dir) || readdirSync(dir).length === 0)
    throw new NotReady(`${what} (${folder}) is not built yet`);
}

/**
 * The load plant's stations with their PVs, once the PV hub answers for the bench session:
 * what every scenario that leases load PVs starts from. Throws NotReady without the hub and
 * fails when the plant has no station.
 */
export async function requirePvPlant(ctx: BenchContext, server: BenchServer): Promise<PvNode[]> {
  await requireHub(server.url, HUBS.pv, await ctx.cookieHeader(server));
  const nodes = await ctx.fetchJson<PvNode[]>(API.pv.nodes, server);
  if (nodes.length === 0) throw new Error(`${API.pv.nodes} returned no stations`);
  return nodes;
}
