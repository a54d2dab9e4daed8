/**
 * Where a machine's CPU went over a window, by process role (Linux /proc): the plant server,
 * the browser's processes by type, the bench itself. On a machine whose cores are all busy
 * this tells the tabs' own cost apart from what they wait for.
 */
import { readdirSync, readFileSync } from 'node:fs';

export type ProcessRole = 'server' | 'bench' | 'browser' | 'renderer' | 'gpu' | 'utility' | 'other';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SEC = 100;

function roleOf(pid: number, cmdline: string): ProcessRole {
  if (pid === process.pid) return 'bench';
  if (/\bserver\/main\.ts\b/.test(cmdline)) return 'server';
  if (/chrom(e|ium)/i.test(cmdline.split(' ')[0] ?? '')) {
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    if (!type) return 'browser';
    if (type === 'renderer') return 'renderer';
    if (type === 'gpu-process') return 'gpu';
    return 'utility';
  }
  return 'other';
}

/** CPU seconds used so far per pid with its role; processes that vanish mid-read are skipped. */
export function readProcessCpu(): Map<number, { role: ProcessRole; seconds: number }> {
  const out = new Map<number, { role: ProcessRole; seconds: number }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return out; // not Linux
  }
  for (const name of pids) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command's closing parenthesis; utime and stime are 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const pid = Number(name);
      out.set(pid, { role: roleOf(pid, cmdline), seconds: ticks / TICKS_PER_SEC });
    } catch {
      // gone between listing and reading
    }
  }
  return out;
}

/**
 * Share of one core each role used between two reads, percent. A process that started in
 * between counts from zero.
 */
export function cpuByRole(
  before: ReturnType<typeof readProcessCpu>,
  after: ReturnType<typeof readProcessCpu>,
  seconds: number,
): Partial<Record<ProcessRole, number>> {
  const out: Partial<Record<ProcessRole, number>> = {};
  for (const [pid, { role, seconds: used }] of after) {
    const delta = used - (before.get(pid)?.seconds ?? 0);
    if (delta > 0) out[role] = (out[role] ?? 0) + (100 * delta) / Math.max(0.001, seconds);
  }
  return out;
}
