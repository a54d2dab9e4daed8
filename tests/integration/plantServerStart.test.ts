/**
 * The test support's server start: a start that fails leaves no server behind. A server left
 * running after a start that took longer than its limit held its port and a core until it was
 * found and killed by hand (seen on a loaded machine, where starts take longer).
 */
import { readdirSync, readFileSync } from 'node:fs';
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
