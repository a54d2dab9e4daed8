/** The hubs inside the real server assembly (server/app.ts buildServer). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { readConfig } from '../../../server/config.ts';

const dirs: string[] = [];
function config() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pegel-hubs-'));
  dirs.push(dataDir);
  return readConfig({ PEGEL_DATA_DIR: dataDir, PEGEL_DIST_DIR: join(dataDir, 'no-dist') });
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('buildServer with hubs', () => {
  it('HS1: the hub routes exist over the plant, need a session (401) and show in /metrics', async () => {
    const server = await buildServer(config(), { manualPlant: true });
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/hubs/pv/negotiate?negotiateVersion=1',
      });
      expect(res.statusCode).toBe(401);
      const metrics = await server.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toContain('pegel_hub_connections{hub="pv"} 0');
      expect(metrics.body).toContain('pegel_hub_subscribed_keys{hub="station"} 0');
      expect(server.hubs.connectionCount()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
