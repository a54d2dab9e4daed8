/**
 * A real Mosquitto broker for the field plant's integration tests: its own config on a free
 * port of 127.0.0.1, started by the test and stopped after it. `restart()` starts it again on the
 * same port (a broker that went away and came back). The binary is PEGEL_MOSQUITTO or
 * /usr/sbin/mosquitto (the gate's first step installs Debian's mosquitto, scripts/fieldToolsPlan.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MOSQUITTO = process.env.PEGEL_MOSQUITTO || '/usr/sbin/mosquitto';

export interface Mosquitto {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startMosquitto(): Promise<Mosquitto> {
  if (!existsSync(MOSQUITTO))
    throw new Error(
      `The field plant's tests need Mosquitto at ${MOSQUITTO}. Run:\n  sudo apt-get install -y mosquitto`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'pegel-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', ''].join('\n'),
  );
  let child: ChildProcess | null = null;
  let output = '';

  const launch = async () => {
    const proc = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; i < 600; i++) {
      if (proc.exitCode !== null)
        throw new Error(`mosquitto exited with ${proc.exitCode}:\n${output}`);
      if (await accepts(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`mosquitto did not listen on ${port} within 30 s:\n${output}`);
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };

  await launch();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    stop,
    async restart() {
      await stop();
      await launch();
    },
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
