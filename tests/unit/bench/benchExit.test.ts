/**
 * The bench exits by itself once it has written its results (issue 58 item 6): small bench
 * commands run in a child process and must end on its own, without exitWhenDone having to
 * name a handle left open: server-stall (a reference server, sign-ins, archive reads) and
 * alarm-figures (the engine's alarm-performance path in process, which the suite's
 * alarmPerformance scenario measures the same way: harness/alarmEngine.ts).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFT_OPEN } from '../../../bench/harness/exit.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('bench exit', () => {
  it('BX1: a bench command leaves no handle open after writing its results', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/server-stall.ts', '2', '1', '1', '1'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(out).toContain('load mode window 1');
    expect(err).not.toContain(LEFT_OPEN);
    expect(code).toBe(0);
  }, 300_000);

  it("BX2: the engine path of the alarm performance leaves no timer behind (its archive pages' 10-minute sweep)", async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/alarm-figures.ts', '2000', '1'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(out).toContain('engineCachedMedianMs');
    expect(err).not.toContain(LEFT_OPEN);
    expect(code).toBe(0);
  }, 300_000);
});
