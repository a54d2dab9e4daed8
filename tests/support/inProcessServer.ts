/**
 * The reference server built in this process with real sign-in (demo accounts with the test
 * password and TOTP secret), listening on a free port: for suites that need the route and hub
 * tables (`buildServer().routes`, `hubs.server.methodTable()`) and real sessions at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, type BuildOptions, type PlantServer } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from './plantServer.ts';

export interface InProcessServer {
  server: PlantServer;
  url: string;
  dataDir: string;
  /** Closes the server and keeps its data folder (a restart starts on it again). */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export interface InProcessOptions {
  /** Starts on this data folder (a restart) instead of a new one. */
  dataDir?: string;
  /** What buildServer is given besides; the simulator is left unstarted unless it says. */
  build?: BuildOptions;
}

export async function startInProcess(
  env: Record<string, string> = {},
  options: InProcessOptions = {},
): Promise<InProcessServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pegel-inproc-'));
  // Tests sign the same account in more than once in a 30 s step (see tests/support/login.ts);
  // sign-in reads this while the server is built.
  const replay = process.env.PEGEL_TOTP_ALLOW_REPLAY;
  process.env.PEGEL_TOTP_ALLOW_REPLAY = '1';
  const server = await buildServer(
    readConfig({
      PEGEL_DATA_DIR: dataDir,
      PEGEL_DIST_DIR: join(dataDir, 'dist'),
      PEGEL_HISTORY_DAYS: '0',
      PEGEL_DEMO_PASSWORD: DEMO_PASSWORD,
      PEGEL_DEMO_TOTP_SECRET: DEMO_TOTP_SECRET,
      PEGEL_RATE_SIGNIN_PER_MIN: '0',
      ...env,
    }),
    { manualPlant: true, ...options.build },
  ).finally(() => {
    if (replay === undefined) delete process.env.PEGEL_TOTP_ALLOW_REPLAY;
    else process.env.PEGEL_TOTP_ALLOW_REPLAY = replay;
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    server,
    url: `http://127.0.0.1:${address.port}`,
    dataDir,
    async stop() {
      await server.close();
    },
    async dispose() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
