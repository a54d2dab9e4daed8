/** What a result was measured on: the machine, the runtimes and the code. */
import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, release, totalmem, type as osType } from 'node:os';
import { readFileSync } from 'node:fs';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  freeMemoryBytes: number;
  /** 1-minute load average when the run started: other work on a shared machine shows here. */
  loadAverage1m: number;
  os: string;
  node: string;
  browser: string | null;
  git: { commit: string; branch: string; dirty: boolean } | null;
}

function osName(): string {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(text)?.[1];
    if (pretty) return `${pretty} (${osType()} ${release()})`;
  } catch {
    // not Linux or no os-release: fall through
  }
  return `${osType()} ${release()}`;
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

function gitInfo(cwd: string): MachineInfo['git'] {
  try {
    return {
      commit: git(['rev-parse', 'HEAD'], cwd),
      branch: git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd),
      dirty: git(['status', '--porcelain', '--untracked-files=no'], cwd) !== '',
    };
  } catch {
    return null;
  }
}

export function machineInfo(cwd: string, browserVersion: string | null): MachineInfo {
  const cpu = cpus();
  return {
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryBytes: totalmem(),
    freeMemoryBytes: freemem(),
    loadAverage1m: loadavg()[0] ?? 0,
    os: osName(),
    node: process.version,
    browser: browserVersion,
    git: gitInfo(cwd),
  };
}
