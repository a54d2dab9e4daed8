/**
 * Where the field plant's server CPU goes under MQTT load: the fieldMqtt scenario's chain
 * (bench/field-mqtt.ts) without the browser, for profiling and quick before/after figures.
 *
 *   npx tsx bench/field-mqtt-profile.ts [rate=50000] [windowMs=10000] [--cpu-prof=<dir>]
 *     [--subscribers=5]
 *
 * Mosquitto, the reference server on the scenario's plant file (10 stations × 1,000 MQTT JSON
 * PVs) and the publisher process start as in the scenario; instead of 5 tabs, 5 hub
 * subscribers of this process take stations 1-5 (1,000 PVs each). After a 4 s warm-up, one
 * window prints the values published and taken in per second, the server's share of a core, its CPU per
 * value (process_cpu_seconds_total / pegel_field_samples_total; the kernel's part of it:
 * process_cpu_system_seconds_total), the server's part of the latency (device time to a
 * subscriber's arrival, p50/p95) and the load average. With
 * --cpu-prof the server runs under `node --cpu-prof` and writes its profile into <dir> when it
 * ends (the whole run: read the last window's samples). With --syscalls, `perf stat` counts the
 * server's system calls, reads and context switches over the window (counts, per value: how
 * often the server wakes for the values, which a loaded machine does not distort as it does
 * times).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../src/contract/hubs.ts';
import { startMosquitto } from '../tests/support/mosquitto.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../tests/support/plantServer.ts';
import type { PvValue } from '../src/contract/pv.ts';
import { cpuSecondsOf, ourMosquittoPid, plantYaml, startPublisher } from './field-mqtt.ts';
import { percentile } from './harness/stats.ts';
import { benchHubConnection } from './harness/benchHub.ts';
import { scrapeMetrics } from './harness/prometheus.ts';
import { defaultCookieProvider } from './harness/signIn.ts';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
// --stations=1 --pvs=10000: the same values over one broker socket (a station's share in a hold).
const STATIONS = Number(option('stations') ?? 10);
const PVS = Number(option('pvs') ?? 1000);
const profDir = option('cpu-prof');
// --subscribers=0 leaves the hub's fan-out out, to tell its share from the rest.
const SUBSCRIBERS = Number(option('subscribers') ?? 5);
const syscalls = args.includes('--syscalls');
// The values' first minute: the archive takes each PV's first raw value (and makes its row).
const warmupMs = Number(option('warmup') ?? 4000);
const [rate = 50_000, windowMs = 10_000] = args.filter((a) => !a.startsWith('--')).map(Number);
/** `perf stat` on the server's process until stop(): the counts by event name. */
function perfStat(pid: number) {
  const events = [
    'raw_syscalls:sys_enter',
    'syscalls:sys_enter_read',
    'syscalls:sys_enter_writev',
    'syscalls:sys_enter_epoll_pwait',
    'syscalls:sys_enter_futex',
    'syscalls:sys_enter_madvise',
    'syscalls:sys_enter_mprotect',
    'syscalls:sys_enter_mmap',
    'syscalls:sys_enter_munmap',
    'page-faults',
    'context-switches',
  ];
  const child = spawn('perf', ['stat', '-x', ',', '-e', events.join(','), '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.once('error', () => {});
  return {
    async stop(): Promise<Record<string, number>> {
      child.kill('SIGINT');
      await exited;
      const counts: Record<string, number> = {};
      for (const line of out.split('\n')) {
        const [count, , event] = line.split(',');
        if (event && count && /^\d+$/.test(count)) counts[event] = Number(count);
      }
      return counts;
    },
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const broker = await startMosquitto();
const dir = mkdtempSync(join(tmpdir(), 'pegel-bench-fieldprof-'));
writeFileSync(join(dir, 'plant.yaml'), plantYaml(broker.url, STATIONS, PVS));
const server = spawn(
  process.execPath,
  [
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    '--import',
    'tsx',
    'server/main.ts',
  ],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PEGEL_DATA_DIR: dir,
      PEGEL_DEMO_PASSWORD: DEMO_PASSWORD,
      PEGEL_DEMO_TOTP_SECRET: DEMO_TOTP_SECRET,
      PEGEL_TOTP_ALLOW_REPLAY: '1',
      PEGEL_HISTORY_DAYS: '0',
      PEGEL_RATE_SIGNIN_PER_MIN: '0',
      PEGEL_RATE_HEAVY_PER_MIN: '0',
      PEGEL_PLANT_FILE: join(dir, 'plant.yaml'),
      // Ends with this tool, however it ends (server/main.ts).
      PEGEL_EXIT_WITH_STDIN: '1',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const url = await new Promise<string>((res, rej) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /listening on (http:\/\/[^:\s]+:\d+)/.exec(out);
    if (m) res(m[1]!);
  });
  server.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
});
const counters = async () => {
  const m = await scrapeMetrics(url);
  return {
    cpuS: m.sum('process_cpu_seconds_total'),
    systemS: m.sum('process_cpu_system_seconds_total'),
    samples: m.sum('pegel_field_samples_total'),
    up: m.sum('pegel_field_station_up'),
    archiveRows: m.sum('pegel_archive_rows_total'),
    archiveS: m.sum('pegel_archive_append_seconds_total'),
  };
};
while ((await counters()).up < STATIONS) await sleep(200);

const provider = await defaultCookieProvider(ROOT);
const cookie = provider ? await provider(url) : null;
// The server's part of the latency: device time (the payload's ts, the value's timestamp) to
// the value's arrival at a subscriber, over the window.
const hubLatency: number[] = [];
let recording = false;
const record = (values: readonly PvValue[]) => {
  if (!recording) return;
  const t = Date.now();
  for (const v of values) hubLatency.push(t - v.timestamp);
};
const hubs = [];
for (let s = 1; s <= SUBSCRIBERS; s++) {
  const hub = benchHubConnection(url, HUBS.pv, cookie);
  hub.on(HUB_MESSAGES.newValues, (values: PvValue[]) => record(values));
  hub.on(HUB_MESSAGES.newValue, (value: PvValue) => record([value]));
  await hub.start();
  const ids = Array.from(
    { length: Math.min(PVS, 1000) },
    (_, i) => `ai${(1 + ((s - 1) % STATIONS)) * 100_000 + 1 + i}`,
  );
  await hub.invoke(HUB_METHODS.pv.subscribeToPvs, ids);
  hubs.push(hub);
}

const publisher = startPublisher(ROOT, broker.url, STATIONS, PVS);
publisher.setRate(rate);
await sleep(warmupMs);
const a = await counters();
const pub0 = await publisher.count();
const load0 = loadavg()[0]!;
// The chain's other two processes: a broker or publisher near a full core is the limit, not the server.
const brokerPid = ourMosquittoPid();
const brokerCpu0 = cpuSecondsOf(brokerPid);
const publisherCpu0 = cpuSecondsOf(publisher.pid);
const t0 = performance.now();
recording = true;
const perf = syscalls && server.pid !== undefined ? perfStat(server.pid) : null;
await sleep(windowMs);
const counted = await perf?.stop();
recording = false;
const pub1 = await publisher.count();
const b = await counters();
const seconds = (performance.now() - t0) / 1000;
const brokerPct = (100 * (cpuSecondsOf(brokerPid) - brokerCpu0)) / seconds;
const publisherPct = (100 * (cpuSecondsOf(publisher.pid) - publisherCpu0)) / seconds;
const samples = b.samples - a.samples;
console.log(
  `${rate.toLocaleString('en')}/s asked: published ${Math.round((pub1.published - pub0.published) / seconds).toLocaleString('en')}/s` +
    ` (skipped ${Math.round((pub1.skipped - pub0.skipped) / seconds).toLocaleString('en')}/s),` +
    ` took in ${Math.round(samples / seconds).toLocaleString('en')}/s` +
    ` at ${((100 * (b.cpuS - a.cpuS)) / seconds).toFixed(0)} % of a core` +
    ` = ${(((b.cpuS - a.cpuS) * 1e6) / Math.max(1, samples)).toFixed(2)} µs per value` +
    ` (${(((b.systemS - a.systemS) * 1e6) / Math.max(1, samples)).toFixed(2)} of it in the kernel);` +
    ` Mosquitto ${brokerPct.toFixed(0)} %, publisher ${publisherPct.toFixed(0)} % of a core;` +
    ` device to hub subscriber p50 ${percentile(hubLatency, 50).toFixed(0)}, p95 ${percentile(hubLatency, 95).toFixed(0)} ms;` +
    ` load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `archive rows written ${Math.round((b.archiveRows - a.archiveRows) / seconds).toLocaleString('en')}/s`,
);
if (counted) {
  const per = (n: number | undefined) =>
    n === undefined
      ? '?'
      : `${Math.round(n / seconds).toLocaleString('en')}/s (${(n / Math.max(1, samples)).toFixed(3)} per value)`;
  console.log(
    `system calls ${per(counted['raw_syscalls:sys_enter'])}, reads ${per(counted['syscalls:sys_enter_read'])},` +
      ` writes ${per(counted['syscalls:sys_enter_writev'])} (writev), epoll waits ${per(counted['syscalls:sys_enter_epoll_pwait'])},` +
      ` context switches ${per(counted['context-switches'])}, page faults ${per(counted['page-faults'])};` +
      ` futex ${per(counted['syscalls:sys_enter_futex'])}, madvise ${per(counted['syscalls:sys_enter_madvise'])},` +
      ` mprotect ${per(counted['syscalls:sys_enter_mprotect'])}, mmap ${per(counted['syscalls:sys_enter_mmap'])}, munmap ${per(counted['syscalls:sys_enter_munmap'])}`,
  );
}

// Completeness: the devices stop, and after the server has read what is on its way, every value
// published since the start has been taken in (a hold between batches drops nothing).
publisher.setRate(0);
let drained = await counters();
for (let i = 0; i < 50; i++) {
  await sleep(200);
  const now = await counters();
  if (now.samples === drained.samples && i >= 5) break;
  drained = now;
}
const total = await publisher.count();
console.log(
  `all told: published ${total.published.toLocaleString('en')}, taken in ${drained.samples.toLocaleString('en')}` +
    ` (${total.published === drained.samples ? 'every one' : `${(total.published - drained.samples).toLocaleString('en')} missing`})`,
);
await publisher.stop();
for (const hub of hubs) await hub.stop();
const exited = new Promise((r) => server.once('exit', r));
server.kill('SIGINT');
await exited;
await broker.dispose();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
