/**
 * One server for a test file: started before the file's tests, disposed after the last one.
 * The returned object is filled in `beforeAll`: read it inside tests and hooks (a file's own
 * `beforeAll` runs after this one), not while the file loads.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../src/contract/auth.ts';
import { startInProcess, type InProcessOptions, type InProcessServer } from './inProcessServer.ts';
import { signInHttp, type SignedIn } from './login.ts';
import {
  startPlantServer,
  type PlantServerHandle,
  type PlantServerOptions,
} from './plantServer.ts';

/**
 * The server with demo accounts signed in over HTTP, each role asked for once (one after the
 * other, as people would): `plant.server`, `plant.operator`, …
 */
export type SignedInServer<S, R extends Role> = { server: S } & Record<R, SignedIn>;

export function signedInServer<S extends { url: string; dispose(): Promise<void> }, R extends Role>(
  start: () => Promise<S>,
  roles: readonly R[],
  timeoutMs = 60_000,
): SignedInServer<S, R> {
  const ctx = {} as SignedInServer<S, R>;
  beforeAll(async () => {
    ctx.server = await start();
    for (const role of roles)
      (ctx as Record<R, SignedIn>)[role] = await signInHttp(ctx.server.url, role);
  }, timeoutMs);
  afterAll(async () => {
    await ctx.server?.dispose();
  });
  return ctx;
}

/** The reference server as a child process (tests/support/plantServer.ts). */
export const signedInPlant = <R extends Role>(
  roles: readonly R[],
  options: PlantServerOptions = {},
  timeoutMs?: number,
): SignedInServer<PlantServerHandle, R> =>
  signedInServer(() => startPlantServer(options), roles, timeoutMs);

/** The reference server built in this process (tests/support/inProcessServer.ts). */
export const signedInProcess = <R extends Role>(
  roles: readonly R[],
  env: Record<string, string> = {},
): SignedInServer<InProcessServer, R> => signedInServer(() => startInProcess(env), roles);

/**
 * The reference server built in this process, with no one signed in: for suites that bring
 * their own `auth.userOf` in `options.build`. Its `server`, `url` and `dataDir` are set before
 * the file's tests; the data folder is removed after them.
 */
export function inProcessPerFile(
  env: Record<string, string> = {},
  options: InProcessOptions = {},
): InProcessServer {
  const running = {} as InProcessServer;
  beforeAll(async () => {
    Object.assign(running, await startInProcess(env, options));
  }, 60_000);
  afterAll(async () => {
    await running.dispose?.();
  });
  return running;
}
