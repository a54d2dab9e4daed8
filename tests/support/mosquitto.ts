/**
 * A real Mosquitto broker for the field plant's integration tests: its own config on a free
 * port of 127.0.0.1, started by the test and stopped after it. `restart()` starts it again on the
 * same port (a broker that went away and came back). The binary is PEGEL_MOSQUITTO or
 * /usr/sbin/mosquitto (the gate's first step installs Debian's mosquitto, scripts/fieldToolsPlan.mjs).
 * A broker ends with the process that started it, however that process ends (MQ-S1).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

export const MOSQUITTO = process.env.PEGEL_MOSQUITTO || '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';
const SETPRIV = '/usr/bin/setpriv';

/**
 * The broker's command line. Mosquitto cannot watch a pipe from its parent as the plant server
 * does (`PEGEL_EXIT_WITH_STDIN`), so it is started through util-linux's `setpriv --pdeathsig`,
 * which asks the kernel to send it SIGTERM when the process that started it ends, and then
 * runs it in its place (the same process): a test or bench process killed outright (SIGKILL,
 * a broken pipe, a crash) no longer leaves a broker holding its port. The signal follows the
 * starting thread, so a broker must be started from a process's main thread (Vitest's forks,
 * Playwright's workers, the bench tools), not from a worker thread. Without setpriv the
 * broker starts as before.
 */
function brokerCommand(conf: string): [string, string[]] {
  return existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'TERM', MOSQUITTO, '-c', conf]]
    : [MOSQUITTO, ['-c', conf]];
}

/**
 * A CA and a server certificate for 127.0.0.1 it signed, made with openssl in `dir`: for a TLS
 * broker the field plant must verify.
 */
export function testCertificates(dir: string): {
  caFile: string;
  certFile: string;
  keyFile: string;
} {
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Pegel test CA',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.pem'),
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    f('server.key'),
    '-out',
    f('server.csr'),
  );
  writeFileSync(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  ssl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    f('ext.cnf'),
    '-out',
    f('server.pem'),
  );
  return { caFile: f('ca.pem'), certFile: f('server.pem'), keyFile: f('server.key') };
}

export interface Mosquitto {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
  /** What the broker wrote so far (every packet with `logPackets`), across restarts. */
  log(): string;
  /** The broker's process id while it runs. */
  pid(): number | undefined;
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

export interface MosquittoOptions {
  /** A TLS listener with this server certificate and key (PEM files). */
  tls?: { certFile: string; keyFile: string };
  /** Only these users, by name and password (mosquitto_passwd writes the password file). */
  users?: Record<string, string>;
  /** Logs every packet the broker receives and sends (`log_type all`), for `log()`. */
  logPackets?: boolean;
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  if (!existsSync(MOSQUITTO))
    throw new Error(
      `The field plant's tests need Mosquitto at ${MOSQUITTO}. Run:\n  sudo apt-get install -y mosquitto`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'pegel-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  const lines = [`listener ${port} 127.0.0.1`, 'persistence false'];
  // Run as root (CI), Mosquitto drops to its own user, which cannot read the test's files.
  if (process.getuid?.() === 0) lines.push(`user ${userInfo().username}`);
  if (options.tls) lines.push(`certfile ${options.tls.certFile}`, `keyfile ${options.tls.keyFile}`);
  if (options.users) {
    const passwords = join(dir, 'passwords');
    writeFileSync(passwords, '');
    for (const [user, password] of Object.entries(options.users))
      execFileSync(MOSQUITTO_PASSWD, ['-b', passwords, user, password]);
    lines.push('allow_anonymous false', `password_file ${passwords}`);
  } else lines.push('allow_anonymous true');
  // stderr: stdout is block-buffered into a pipe, and a quiet broker's lines would wait there.
  if (options.logPackets) lines.push('log_dest stderr', 'log_type all');
  writeFileSync(conf, lines.join('\n') + '\n');
  let child: ChildProcess | null = null;
  let output = '';

  const launch = async () => {
    const [command, args] = brokerCommand(conf);
    const proc = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
    url: `${options.tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${port}`,
    stop,
    async restart() {
      await stop();
      await launch();
    },
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => output,
    pid: () => (child?.exitCode === null ? child.pid : undefined),
  };
}
