/**
 * Server push bench (issue 13): can the reference server push `updatesPerSec` PV values a
 * second to ONE client connection that subscribed `pvs` PVs, as the engine's shared-worker
 * connection does in the wide-ingest scenario?
 *
 *   npx tsx bench/server-push.ts [updatesPerSec=250000] [pvs=100000] [seconds=10]
 *
 * Starts the server in load mode the way the bench suite does, signs in, connects one
 * official @microsoft/signalr client (JSON, WebSockets), subscribes every PV in batches of
 * SPEC §9's 1024 with `SubscribeToPvs` (as workers/SubscriptionBatcher.ts does), then
 * counts the values of `newValues` per second against pegel_hub_values_sent_total.
 * The client runs in this process on the same cores: its CPU is printed too.
 *
 * PEGEL_PUSH_PROFILE=<dir> writes a V8 CPU profile of the server there (harness/cpuProfilePreload.mjs;
 * NODE_OPTIONS refuses --cpu-prof).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import * as signalR from '@microsoft/signalr';
import { HUBS, HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../src/contract/hubs.ts';
import { pvKey } from '../src/contract/keys.ts';
import type { PvValue } from '../src/contract/pv.ts';
import { makePvNr } from '../src/domain/pvRef.ts';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { positiveArg } from './harness/cliArgs.ts';
import { DEFAULT_LOAD, loadEnv, type LoadSettings } from './harness/context.ts';
import { scrapeMetrics } from './harness/prometheus.ts';
import { SERVER_METRICS } from './harness/serverMetrics.ts';
import { BENCH_USER, defaultCookieProvider } from './harness/signIn.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const rate = positiveArg(2, 250_000);
const pvs = positiveArg(3, 100_000);
const seconds = positiveArg(4, 10);
const WARMUP_MS = 3_000;

/** 200 PVs per station, as the bench's DEFAULT_LOAD (500 × 200 = 100,000). */
const pvsPerStation = Math.min(DEFAULT_LOAD.pvsPerStation, pvs);
const load: LoadSettings = {
  stations: Math.ceil(pvs / pvsPerStation),
  pvsPerStation,
  updatesPerSec: rate,
};

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3 (state); utime is field 14, stime field 15.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** The server child: the one process whose parent is this one and that runs server/main.ts. */
function serverPid(): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/main.ts'))
        return Number(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error('server process not found');
}

/** Busy and total jiffies of the whole machine (every core), from /proc/stat. */
function machineJiffies(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

/** Values the hub wrote (pegel_hub_values_sent_total) and the plant generated. */
async function counters(url: string): Promise<{ sent: number; generated: number }> {
  const m = await scrapeMetrics(url);
  if (!m.has(SERVER_METRICS.valuesSent))
    throw new Error(`/metrics has no ${SERVER_METRICS.valuesSent}`);
  return {
    sent: m.sum(SERVER_METRICS.valuesSent, { hub: 'pv' }),
    generated: m.sum('pegel_simulator_updates_total'),
  };
}

async function subscribedKeys(url: string): Promise<number> {
  return (await scrapeMetrics(url)).sum(SERVER_METRICS.hubSubscriptions, { hub: 'pv' });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  const profileDir = process.env.PEGEL_PUSH_PROFILE;
  const env: Record<string, string> = { PEGEL_RATE_HEAVY_PER_MIN: '0', ...loadEnv(load) };
  if (profileDir) {
    const preload = new URL('./harness/cpuProfilePreload.mjs', import.meta.url).href;
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim();
    env.PEGEL_CPU_PROFILE_DIR = resolve(profileDir);
  }
  console.log(
    `server-push: ${fmt(rate)} updates/s over ${fmt(load.stations * load.pvsPerStation)} PVs ` +
      `(${load.stations} stations × ${load.pvsPerStation}), ${seconds} s after ${WARMUP_MS / 1000} s warm-up`,
  );
  const server = await startPlantServer({ env });
  let connection: signalR.HubConnection | null = null;
  try {
    const pid = serverPid();
    const cookies = await defaultCookieProvider(process.cwd());
    if (!cookies) throw new Error('no sign-in helper (tests/support/login.ts)');
    const cookie = await cookies(server.url);
    console.log(`  server pid ${pid} at ${server.url}, signed in as ${BENCH_USER}`);

    let received = 0;
    let closedWith: string | null = null;
    connection = new signalR.HubConnectionBuilder()
      .withUrl(server.url + HUBS.pv, {
        headers: { Cookie: cookie },
        transport: signalR.HttpTransportType.WebSockets,
      })
      .configureLogging(signalR.LogLevel.None)
      .build();
    connection.on(HUB_MESSAGES.newValues, (values: PvValue[]) => {
      received += values.length;
    });
    connection.onclose((err) => {
      closedWith = err?.message ?? 'closed without error';
    });
    await connection.start();

    const keys: string[] = [];
    for (let s = 1; s <= load.stations; s++)
      for (let p = 1; p <= load.pvsPerStation; p++)
        keys.push(pvKey({ type: 'AnaIn', nr: makePvNr(s, p) }));
    const subscribeStarted = Date.now();
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < keys.length; i += SUBSCRIPTION_BATCH_SIZE)
      calls.push(
        connection.invoke(
          HUB_METHODS.pv.subscribeToPvs,
          keys.slice(i, i + SUBSCRIPTION_BATCH_SIZE),
        ),
      );
    await Promise.all(calls);
    console.log(
      `  ${fmt(keys.length)} PVs subscribed in ${Date.now() - subscribeStarted} ms ` +
        `(server holds ${fmt(await subscribedKeys(server.url))})`,
    );
    await sleep(WARMUP_MS);

    const rows: {
      generated: number;
      sent: number;
      received: number;
      serverCpu: number;
      clientCpu: number;
      machine: number;
    }[] = [];
    let last = await counters(server.url);
    let lastReceived = received;
    let lastServerCpu = cpuSecondsOf(pid);
    let lastClient = process.cpuUsage();
    let lastMachine = machineJiffies();
    let lastAt = performance.now();
    console.log(
      '    s   generated/s   sent/s (server)   received/s (client)   server CPU   client CPU   machine busy',
    );
    for (let s = 1; s <= seconds && closedWith === null; s++) {
      await sleep(1000);
      // Every reading after the scrape: a busy server may answer /metrics late.
      const now = await counters(server.url);
      const at = performance.now();
      const dt = (at - lastAt) / 1000;
      const serverCpu = cpuSecondsOf(pid);
      const client = process.cpuUsage();
      const machine = machineJiffies();
      const row = {
        generated: (now.generated - last.generated) / dt,
        sent: (now.sent - last.sent) / dt,
        received: (received - lastReceived) / dt,
        serverCpu: (serverCpu - lastServerCpu) / dt,
        clientCpu: (client.user - lastClient.user + client.system - lastClient.system) / 1e6 / dt,
        machine: (machine.busy - lastMachine.busy) / Math.max(1, machine.total - lastMachine.total),
      };
      rows.push(row);
      console.log(
        `  ${String(s).padStart(3)}   ${fmt(row.generated).padStart(11)}   ${fmt(row.sent).padStart(15)}` +
          `   ${fmt(row.received).padStart(19)}   ${pct(row.serverCpu).padStart(10)}` +
          `   ${pct(row.clientCpu).padStart(10)}   ${pct(row.machine).padStart(12)}`,
      );
      last = now;
      lastReceived = received;
      lastServerCpu = serverCpu;
      lastClient = client;
      lastMachine = machine;
      lastAt = at;
    }

    const mean = (f: (r: (typeof rows)[number]) => number) =>
      rows.length === 0 ? 0 : rows.reduce((a, r) => a + f(r), 0) / rows.length;
    const sentPerSec = mean((r) => r.sent);
    const receivedPerSec = mean((r) => r.received);
    console.log('');
    console.log(`  offered rate          ${fmt(rate)} values/s`);
    console.log(
      `  generated (plant)     ${fmt(mean((r) => r.generated))} values/s  (${pct(mean((r) => r.generated) / rate)})`,
    );
    console.log(`  sent (server)         ${fmt(sentPerSec)} values/s  (${pct(sentPerSec / rate)})`);
    console.log(
      `  received (client)     ${fmt(receivedPerSec)} values/s  (${pct(receivedPerSec / rate)})`,
    );
    console.log(`  server process CPU    ${pct(mean((r) => r.serverCpu))} of one core`);
    console.log(`  client process CPU    ${pct(mean((r) => r.clientCpu))} of one core`);
    console.log(
      `  machine busy          ${pct(mean((r) => r.machine))} of all cores (other work included)`,
    );
    // On a shared machine the rate follows the CPU the server gets; its cost per value does not.
    const perValue = sentPerSec > 0 ? mean((r) => r.serverCpu) / sentPerSec : 0;
    console.log(
      `  server CPU per value  ${(perValue * 1e6).toFixed(2)} µs (one whole core: ` +
        `${perValue > 0 ? fmt(1 / perValue) : '–'} values/s)`,
    );
    console.log(
      `  connection            ${closedWith === null ? 'held' : `DROPPED: ${closedWith}`}`,
    );
    if (closedWith !== null) process.exitCode = 1;
  } finally {
    await connection?.stop().catch(() => undefined);
    await server.dispose();
  }
}

await main();
