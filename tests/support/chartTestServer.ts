/**
 * The reference server in-process for chart and archive tests: buildServer with an
 * ArchivePlant, a fixed clock and a header-based AuthService (`x-test-user: editor|viewer`),
 * listening on a free port of 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Right } from '../../src/contract/auth.ts';
import { buildServer, type PlantServer } from '../../server/app.ts';
import type { AuthService, SessionUser } from '../../server/auth/service.ts';
import { readConfig } from '../../server/config.ts';
import { ArchivePlant } from './archivePlant.ts';

export const TEST_USERS: Record<string, SessionUser> = {
  editor: user(1, 'editor', ['editCharts']),
  viewer: user(2, 'viewer', []),
};

function user(userId: number, username: string, rights: Right[]): SessionUser {
  return {
    userId,
    username,
    role: rights.length ? 'operator' : 'viewer',
    rights: new Set(rights),
    stations: null,
    sessionId: `s${userId}`,
  };
}

export const headerAuth: AuthService = {
  userOf(request) {
    const name = request.headers['x-test-user'];
    return typeof name === 'string' ? (TEST_USERS[name] ?? null) : null;
  },
};

export interface ChartTestServer {
  url: string;
  server: PlantServer;
  plant: ArchivePlant;
  dataDir: string;
  /** Closes and builds the server again on the same data folder. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startChartTestServer(now: () => number): Promise<ChartTestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pegel-charts-'));
  const config = readConfig({ PEGEL_DATA_DIR: dataDir, PEGEL_DIST_DIR: join(dataDir, 'no-dist') });
  const plant = new ArchivePlant({ stations: 3 });
  const start = async () => {
    const server = await buildServer(config, {
      plant,
      auth: headerAuth,
      now,
      // Flushing is driven by the tests (archive.flush()).
      archive: { flushIntervalMs: 3_600_000 },
    });
    const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
    return { server, url };
  };
  const handle: ChartTestServer = {
    ...(await start()),
    plant,
    dataDir,
    async restart() {
      await handle.server.close();
      Object.assign(handle, await start());
    },
    async dispose() {
      await handle.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
