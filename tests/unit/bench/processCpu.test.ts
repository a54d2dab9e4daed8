/** bench/harness/processCpu.ts: where a machine's CPU went over a window, by process role. */
import { describe, expect, it } from 'vitest';
import { cpuByRole, readProcessCpu } from '../../../bench/harness/processCpu.ts';

describe('processCpu', () => {
  it('PCPU1: shares of one core per role; a process that started in the window counts from zero', () => {
    const before = new Map([
      [1, { role: 'server' as const, seconds: 10 }],
      [2, { role: 'renderer' as const, seconds: 4 }],
      [3, { role: 'renderer' as const, seconds: 1 }],
    ]);
    const after = new Map([
      [1, { role: 'server' as const, seconds: 11 }],
      [2, { role: 'renderer' as const, seconds: 4.5 }],
      [3, { role: 'renderer' as const, seconds: 1.5 }],
      [4, { role: 'gpu' as const, seconds: 0.2 }],
    ]);
    expect(cpuByRole(before, after, 2)).toEqual({ server: 50, renderer: 50, gpu: 10 });
  });

  it('PCPU2: this process reads as the bench, with a CPU time that grows', () => {
    const first = readProcessCpu().get(process.pid);
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    const second = readProcessCpu().get(process.pid);
    expect(x).toBeGreaterThan(0);
    expect(first?.role).toBe('bench');
    expect(second!.seconds).toBeGreaterThan(first!.seconds);
  });
});
