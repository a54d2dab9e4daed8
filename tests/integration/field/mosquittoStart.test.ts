/**
 * The tests' broker (tests/support/mosquitto.ts) ends with the process that started it: a test
 * or bench process killed outright must not leave a broker behind holding its port and a core
 * beside the next run (MQ-S1). The plant server's own answer to the same is PS2.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { expect, test } from 'vitest';

/** The process runs (a zombie, ended and not yet reaped, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

test('MQ-S1: a process killed without stopping its broker takes the broker with it', async () => {
  const parent = spawn(process.execPath, ['--import', 'tsx', 'tests/support/mosquittoParent.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const parentGone = new Promise<void>((resolve) => parent.once('exit', () => resolve()));
  let pid = 0;
  try {
    const lines = createInterface({ input: parent.stdout! });
    const ready = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      parent.once('exit', (code) => reject(new Error(`the parent ended first (${code})`)));
    });
    expect(ready).toMatch(/^ready \d+$/);
    pid = Number(ready.split(' ')[1]);
    expect(running(pid)).toBe(true);
    parent.kill('SIGKILL');
    await parentGone;
    for (let waited = 0; running(pid) && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    expect(running(pid)).toBe(false);
  } finally {
    // A failure here must not leave the processes behind that the test is about.
    parent.kill('SIGKILL');
    if (pid && running(pid)) process.kill(pid, 'SIGKILL');
  }
}, 90_000);
