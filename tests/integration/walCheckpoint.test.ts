/**
 * The server's WAL under writes (issue 58 item 5, server/store/walCheckpointer.ts): the
 * checkpoint thread keeps the WAL from growing with what the server writes, and a restart
 * finds every row written before it. The writes are the archive's own: first reads of station
 * histories, tens of thousands of rows each, through the history thread and the slice queue.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PvRef } from '../../src/contract/pv.ts';
import type { PlantServer } from '../../server/app.ts';
import { TABLE_NAMES } from '../../server/archive/ArchiveStore.ts';
import { startInProcess, type InProcessServer } from '../support/inProcessServer.ts';

let running: InProcessServer | null = null;
afterEach(async () => {
  await running?.dispose();
  running = null;
});

const start = (dataDir?: string) =>
  startInProcess(
    { PEGEL_LOAD_STATIONS: '0' },
    // A checkpoint every 20 ms: the test waits for checkpoints, not for a second each.
    { ...(dataDir ? { dataDir } : {}), build: { walCheckpoint: { intervalMs: 20 } } },
  );

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The archived PVs of each station. */
function stations(server: PlantServer): PvRef[][] {
  return server.plant
    .pvNodes()
    .map((n) => n.pvs.filter((ref) => server.plant.config(ref)?.hasArchiveData))
    .filter((refs) => refs.length > 0);
}

function rowCounts(server: PlantServer): Record<string, number> {
  const db = server.context.db;
  return Object.fromEntries(
    Object.values(TABLE_NAMES).map((table) => [
      table,
      db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
    ]),
  );
}

describe('the WAL under writes', () => {
  it('WAL8: first reads of six stations leave the WAL the size of one station at most, and a restart has every row', async () => {
    running = await start();
    const { server, dataDir } = running;
    await until(() => server.checkpointer.state === 'idle');
    const wal = join(dataDir, 'pegel.sqlite-wal');
    const read = stations(server).slice(0, 6);
    expect(read).toHaveLength(6);
    const walSizes: number[] = [];
    for (const refs of read) {
      await server.archive.prepareOffThread(refs);
      // The next checkpoint that starts after these rows copies them all.
      const before = server.checkpointer.stats.count;
      await until(() => server.checkpointer.stats.count > before + 1);
      walSizes.push(statSync(wal).size);
    }
    expect(server.archive.threadJobs).toBe(6);
    for (const refs of read) for (const ref of refs) expect(server.archive.hasHistory(ref)).toBe(true);
    const dbSize = statSync(join(dataDir, 'pegel.sqlite')).size;
    const rows = rowCounts(server);
    expect(rows.archive_raw).toBeGreaterThan(100_000);
    // Six stations' rows are in the database file; the WAL, reused after each checkpoint,
    // never held much more than one station's.
    expect(Math.max(...walSizes)).toBeLessThan(dbSize / 2);
    expect(server.checkpointer.stats.failures).toBe(0);

    await running.stop();
    // The last checkpoint emptied the WAL; the closed connection removed it.
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    running = await start(dataDir);
    expect(rowCounts(running.server)).toEqual(rows);
    for (const refs of read)
      for (const ref of refs) expect(running.server.archive.hasHistory(ref)).toBe(true);
  });
});
