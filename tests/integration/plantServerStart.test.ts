/**
 * The test support's server start: a start that fails leaves no server behind (PS1), and
 * neither does a test or bench process killed without stopping its server (PS2). A server left
 * running held its port and a core until it was found and killed by hand (seen on a loaded
 * machine, where starts take longer, and after a bench tool whose output `head` cut short).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { expect, test } from 'vitest';
import { startPlantServer } from '../support/plantServer.ts';

/** Processes whose environment holds `name=value`. */
function processesWith(name: string, value: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1')
          .split('\0')
          .includes(`${name}=${value}`);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    });
}

test('PS1: a start past its limit fails and its server process is gone when it does', async () => {
  const name = 'PEGEL_TEST_START_MARK';
  const value = `${process.pid}-${Date.now()}`;
  const err = await startPlantServer({ env: { [name]: value }, startTimeoutMs: 1 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(String(err)).toMatch(/server did not start within 1 ms/);
  expect(processesWith(name, value)).toEqual([]);
});

test('PS2: a process killed without stopping its server takes the server with it', async () => {
  const name = 'PEGEL_TEST_START_MARK';
  const value = `${process.pid}-${Date.now()}-parent`;
  const parent = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/plantServerParent.ts', name, value],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const parentGone = new Promise<void>((resolve) => parent.once('exit', () => resolve()));
  try {
    const lines = createInterface({ input: parent.stdout! });
    const ready = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      parent.once('exit', (code) => reject(new Error(`the parent ended first (${code})`)));
    });
    expect(ready).toMatch(/^ready http:/);
    // The server, and the transform service tsx may have started beside it.
    expect(processesWith(name, value)).not.toEqual([]);
    parent.kill('SIGKILL');
    await parentGone;
    // The server's own shutdown closes its hubs and database; wait for it as long as a loaded
    // machine may take, then it must be gone.
    for (let waited = 0; processesWith(name, value).length > 0 && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(name, value)).toEqual([]);
  } finally {
    // A failure here must not leave the processes behind that the test is about.
    parent.kill('SIGKILL');
    for (const pid of processesWith(name, value)) process.kill(pid, 'SIGKILL');
  }
}, 90_000);
