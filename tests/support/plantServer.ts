/**
 * Starts the real reference plant server as a child process on a free port with its own
 * data folder, as tests and the bench suite need it. Stop it with `stop()` (SIGTERM) or
 * `kill()` (SIGKILL, for crash tests); `restart()` starts it again on the same port and data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const DEMO_PASSWORD = 'Pegel-Test-2026';
/** Base32 TOTP secret shared by every demo account in tests. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface PlantServerHandle {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
  kill(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export interface PlantServerOptions {
  env?: Record<string, string>;
  port?: number;
  /** How long a start may take before it fails (the process is then killed). */
  startTimeoutMs?: number;
}

const START_TIMEOUT_MS = 60_000;

const ROOT = resolve(import.meta.dirname, '../..');

function launch(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  log: string[],
  startTimeoutMs = START_TIMEOUT_MS,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PEGEL_DATA_DIR: dataDir,
      PEGEL_DEMO_PASSWORD: DEMO_PASSWORD,
      PEGEL_DEMO_TOTP_SECRET: DEMO_TOTP_SECRET,
      // Tests sign the same account in many times within one 30 s TOTP step; replay
      // protection is tested on a server started with PEGEL_TOTP_ALLOW_REPLAY=0.
      PEGEL_TOTP_ALLOW_REPLAY: '1',
      // A quiet plant unless a test asks for more: no week of history, few pump failures.
      PEGEL_HISTORY_DAYS: '0',
      PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0.02',
      // Tests sign in far more often from one address than people do (HO7 tests the limit).
      PEGEL_RATE_SIGNIN_PER_MIN: '0',
      // The server ends when this process does, however it ends: it reads our end of its
      // standard input (PS2), which the system closes with us.
      PEGEL_EXIT_WITH_STDIN: '1',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // NOTE: a restart appends to the same log; only this launch's output may say it is ready.
  const from = log.length;
  const ready = new Promise<number>((resolvePort, reject) => {
    // A start that takes too long fails, and its process goes with it: a server left running
    // after a failed start would hold its port and CPU until the machine is restarted.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs} ms:\n${log.join('')}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(log.slice(from).join(''));
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log.join('')}`));
    });
  });
  return { child, ready };
}

function waitExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export async function startPlantServer(
  options: PlantServerOptions = {},
): Promise<PlantServerHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pegel-test-'));
  const env = options.env ?? {};
  const log: string[] = [];
  let { child, ready } = launch(options.port ?? 0, dataDir, env, log, options.startTimeoutMs);
  let port: number;
  try {
    port = await ready;
  } catch (err) {
    await waitExit(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const handle: PlantServerHandle = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => log.join(''),
    async stop() {
      child.kill('SIGTERM');
      await waitExit(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await waitExit(child);
    },
    async restart() {
      ({ child, ready } = launch(port, dataDir, env, log));
      await ready;
    },
    async dispose() {
      child.kill('SIGTERM');
      await waitExit(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
