/**
 * Field plant over MQTT (issue 56 item 9), the field's counterpart of the simulated ingest:
 * devices → Mosquitto → the reference server on a plant file → the engine → station tabs.
 *
 *   npm run bench -- --only fieldMqtt [--no-build]
 *
 * A plant file with `stations` × `pvsPerStation` MQTT JSON PVs (AnaIn, 0 decimals, archived as
 * the plant file's default) is written to a temporary folder; a real Mosquitto
 * (tests/support/mosquitto.ts) and the reference server with PEGEL_PLANT_FILE start; a
 * publisher process of its own (bench/field-mqtt-publisher.ts, MQTT.js) plays the devices.
 * `tabs` tabs of one browser profile show stations 1…tabs; the first is in front.
 *
 * Per rate, one window:
 * - Device-to-pixel latency: each payload's value is its device time (ms mod 1,000,000), so a
 *   value text read in the front tab tells when it was published (the same clock: one
 *   machine). A MutationObserver on the value texts of the rows in view notes each new text;
 *   the first animation frame after it is the moment it is painted (when the text was written
 *   inside an animation frame, this frame is the next one: the figure errs late by at most one
 *   frame). The DOM-write time is kept beside it in the notes, and so is the server's part: a
 *   hub subscriber of the bench's own on the same PVs takes device time to the value's arrival.
 * - Server CPU per value: process_cpu_seconds_total of the server's /metrics over the window,
 *   divided by the samples its connectors delivered (pegel_field_samples_total). Includes
 *   everything the server does for them: MQTT decoding, the plant, the archive, the hub.
 * - Share reached: samples the server took in against values the publisher put on its socket;
 *   a rate the chain cannot carry shows here instead of as a flattering latency.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../src/contract/hubs.ts';
import type { PvValue } from '../src/contract/pv.ts';
import { MOSQUITTO, startMosquitto } from '../tests/support/mosquitto.ts';
import { benchHubConnection } from './harness/benchHub.ts';
import type { BenchServer } from './harness/context.ts';
import {
  defineScenario,
  NotReady,
  type FigureSamples,
  type FigureSpec,
} from './harness/scenario.ts';
import { percentile } from './harness/stats.ts';
import { waitForExpression } from './harness/waitForExpression.ts';

interface FieldMqttParams {
  rates: number[];
  windowMs: number;
  warmupMs: number;
  stations: number;
  pvsPerStation: number;
  tabs: number;
}

const FULL_RATES = [10_000, 50_000, 100_000];
const LATENCY_TARGET_RATE = 50_000;

export function plantYaml(brokerUrl: string, stations: number, pvsPerStation: number): string {
  const lines = ['stations:'];
  for (let s = 1; s <= stations; s++) {
    lines.push(
      `  - number: ${s}`,
      `    name: Feld ${s}`,
      `    connection: { type: mqtt, url: "${brokerUrl}" }`,
      '    pvs:',
    );
    for (let n = 1; n <= pvsPerStation; n++)
      lines.push(
        `      - { id: p${n}, kind: AnaIn, name: Messwert ${n}, decimals: 0, source: { topic: s${s}/p${n}, value: /v, timestamp: /ts } }`,
      );
  }
  return lines.join('\n') + '\n';
}

function figuresFor(rates: readonly number[]): FigureSpec[] {
  return rates.flatMap((r): FigureSpec[] => {
    const at = `at ${r.toLocaleString('en')} values/s`;
    return [
      {
        id: `latencyP50Ms${r}`,
        label: `Device-to-pixel latency p50 ${at}`,
        unit: 'ms',
        better: 'lower',
      },
      {
        id: `latencyP95Ms${r}`,
        label: `Device-to-pixel latency p95 ${at}`,
        unit: 'ms',
        better: 'lower',
        ...(r === LATENCY_TARGET_RATE ? { target: { op: '<=', value: 100 } as const } : {}),
      },
      {
        id: `serverCpuUsPerValue${r}`,
        label: `Server CPU per value ${at}`,
        unit: 'µs',
        better: 'lower',
        target: { op: '<=', value: 5 },
      },
      {
        id: `reachedPct${r}`,
        label: `Published values the server took in ${at}`,
        unit: '%',
        better: 'higher',
      },
    ];
  });
}

/** CPU seconds of a process so far (/proc/<pid>/stat utime + stime); 0 when it is gone. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The Mosquitto this process started (a child named mosquitto), for its CPU. */
export function ourMosquittoPid(): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'mosquitto' && ppid === process.pid) return Number(name);
    } catch {
      // gone between listing and reading
    }
  }
  return undefined;
}

export interface Publisher {
  pid: number | undefined;
  setRate(rate: number): void;
  count(): Promise<{ published: number; skipped: number }>;
  stop(): Promise<void>;
}

/** The devices' process (field-mqtt-publisher.ts): its rate set and its counts read on stdin. */
export function startPublisher(
  root: string,
  url: string,
  stations: number,
  pvsPerStation: number,
): Publisher {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'bench/field-mqtt-publisher.ts'),
      url,
      String(stations),
      String(pvsPerStation),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid,
    setRate: (rate) => child.stdin.write(`rate ${rate}\n`),
    count: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('publisher did not answer')), 30_000);
        waiting.push((line) => {
          clearTimeout(timer);
          const [, published, skipped] = line.split(' ');
          resolve({ published: Number(published), skipped: Number(skipped) });
        });
        child.stdin.write('count\n');
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.stdin.write('quit\n');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * In-page: observes the value texts of the rows in view; latencies (ms) when written and when
 * painted go to window.__fieldLatency. A string, so tsx adds nothing the page lacks.
 */
const OBSERVE = `(() => {
  const st = (window.__fieldLatency = { written: [], painted: [] });
  const back = (text, t) => {
    const digits = (text || '').replace(/\\D/g, '');
    if (!digits) return null;
    return (((t - Number(digits)) % 1e6) + 1e6) % 1e6;
  };
  const cells = [...document.querySelectorAll('.pv-row .pv-value-text')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
  });
  const mo = new MutationObserver((records) => {
    const t = Date.now();
    const seen = new Set();
    for (const rec of records) {
      const el = rec.target.nodeType === 1 ? rec.target : rec.target.parentElement;
      const cell = el && el.closest('.pv-value-text');
      if (cell) seen.add(cell);
    }
    const texts = [...seen].map((c) => c.textContent);
    for (const x of texts) {
      const l = back(x, t);
      if (l !== null) st.written.push(l);
    }
    requestAnimationFrame(() => {
      const p = Date.now();
      for (const x of texts) {
        const l = back(x, p);
        if (l !== null) st.painted.push(l);
      }
    });
  });
  for (const c of cells) mo.observe(c, { childList: true, characterData: true, subtree: true });
  window.__fieldLatencyStop = () => mo.disconnect();
  return cells.length;
})()`;

interface Latencies {
  written: number[];
  painted: number[];
}

async function serverCounters(server: BenchServer): Promise<{
  cpuS: number;
  samples: number;
  archiveRows: number;
  /** HTTP requests so far by `METHOD route`. */
  routes: Map<string, number>;
  hubFrames: number;
}> {
  const m = await server.metrics();
  return {
    cpuS: m.sum('process_cpu_seconds_total'),
    samples: m.sum('pegel_field_samples_total'),
    archiveRows: m.sum('pegel_archive_rows_total'),
    routes: m.find('pegel_http_requests_total').reduce((byRoute, sample) => {
      const key = `${sample.labels.method ?? '?'} ${sample.labels.route ?? '?'}`;
      return byRoute.set(key, (byRoute.get(key) ?? 0) + sample.value);
    }, new Map<string, number>()),
    hubFrames: m.sum('pegel_hub_frames_sent_total'),
  };
}

/** HTTP requests of `routes` (by `METHOD route`), all but `except`'s. */
function requestsOf(routes: ReadonlyMap<string, number>, except?: string): number {
  let n = 0;
  for (const [route, count] of routes) if (route !== except) n += count;
  return n;
}

/** The routes asked most between two reads, a second each: `GET /api/x 5.0/s; …`. */
function busiestRoutes(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  seconds: number,
): string {
  const asked = [...after.entries()]
    .map(([route, n]) => [route, (n - (before.get(route) ?? 0)) / seconds] as const)
    .filter(([, perSec]) => perSec > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return asked.length ? asked.map(([r, n]) => `${r} ${n.toFixed(1)}/s`).join('; ') : 'none';
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export default defineScenario<FieldMqttParams>({
  id: 'fieldMqtt',
  title: 'Field plant: Mosquitto → server → engine → tabs',
  order: 70,
  figures: figuresFor(FULL_RATES),
  quick: {
    rates: [10_000],
    windowMs: 5000,
    warmupMs: 2000,
    stations: 10,
    pvsPerStation: 1000,
    tabs: 2,
  },
  full: {
    rates: FULL_RATES,
    windowMs: 10_000,
    warmupMs: 3000,
    stations: 10,
    pvsPerStation: 1000,
    tabs: 5,
  },
  async run(ctx, p) {
    if (ctx.plant === 'fake') throw new NotReady('the field plant needs the reference server');
    if (!existsSync(MOSQUITTO))
      throw new NotReady(`no Mosquitto at ${MOSQUITTO} (sudo apt-get install -y mosquitto)`);
    const broker = await startMosquitto();
    ctx.defer(() => broker.dispose());
    const dir = mkdtempSync(join(tmpdir(), 'pegel-bench-field-'));
    ctx.defer(() => rmSync(dir, { recursive: true, force: true }));
    const plantFile = join(dir, 'plant.yaml');
    writeFileSync(plantFile, plantYaml(broker.url, p.stations, p.pvsPerStation));
    const server = await ctx.startServer(
      { stations: 0, pvsPerStation: 0, updatesPerSec: 0 },
      { PEGEL_PLANT_FILE: plantFile },
    );
    const end = Date.now() + 60_000;
    while ((await server.metrics()).sum('pegel_field_station_up') < p.stations) {
      if (Date.now() > end) throw new Error('the field stations did not connect within 60 s');
      await sleep(200);
    }
    const brokerPid = ourMosquittoPid();
    const publisher = startPublisher(ctx.root, broker.url, p.stations, p.pvsPerStation);
    ctx.defer(() => publisher.stop());
    // Every PV gets a first value, so the rows show numbers before the tabs open.
    publisher.setRate(10_000);
    await sleep(Math.max(2000, (p.stations * p.pvsPerStation) / 10));

    const tabs = await ctx.openTabs(1, '/stations/1', { server });
    for (let s = 2; s <= p.tabs; s++) await tabs.open(1, `/stations/${s}`);
    const front = tabs.pages[0]!;
    // A full-HD window: more value texts in view, more latency samples per window.
    await front.setViewportSize({ width: 1920, height: 1080 });
    await front.bringToFront();
    await waitForExpression(
      front,
      `[...document.querySelectorAll('.pv-row .pv-value-text')].filter((e) => /\\d/.test(e.textContent)).length >= 5`,
      { timeout: 60_000 },
    );

    // The server with the tabs open and no value arriving: what it spends whatever the rate
    // (timers, the hub, /metrics), so the notes can give the cost a value adds on top. Two
    // things run on for seconds after the tabs showed their values and the values stopped:
    // the archive's pass over the values that came before (each PV's first value makes its
    // row), and the tabs' service workers fetching the build's files for their caches. The
    // window waits for a second with neither (30 s at most), or it measures them (10.9 % of a
    // core at 1,596 rows a second; 21.5 asset requests a second).
    publisher.setRate(0);
    await sleep(2000);
    const settled = (c: Awaited<ReturnType<typeof serverCounters>>) =>
      `${c.archiveRows} ${requestsOf(c.routes, 'GET /metrics')}`;
    for (let waited = 0, last = ''; waited < 30_000; waited += 1000) {
      const now = settled(await serverCounters(server));
      if (now === last) break;
      last = now;
      await sleep(1000);
    }
    const idle0 = await serverCounters(server);
    const tIdle = performance.now();
    await sleep(5000);
    const idle1 = await serverCounters(server);
    const idleSeconds = (performance.now() - tIdle) / 1000;
    const idleCpuPerS = (idle1.cpuS - idle0.cpuS) / idleSeconds;

    // Where the time goes: a hub subscriber of the bench's own on station 1's first PVs (the
    // rows in the front tab) takes the server's part, device time to the value leaving the hub.
    const hubLatency: number[] = [];
    let hubRecording = false;
    const record = (values: readonly PvValue[]) => {
      if (!hubRecording) return;
      const t = Date.now();
      for (const v of values) hubLatency.push(t - v.timestamp);
    };
    const hub = benchHubConnection(server.url, HUBS.pv, await ctx.cookieHeader(server));
    hub.on(HUB_MESSAGES.newValues, (values: PvValue[]) => record(values));
    hub.on(HUB_MESSAGES.newValue, (value: PvValue) => record([value]));
    await hub.start();
    ctx.defer(() => hub.stop());
    await hub.invoke(
      HUB_METHODS.pv.subscribeToPvs,
      Array.from({ length: 20 }, (_, i) => `ai${100_001 + i}`),
    );

    const figures: Record<string, FigureSamples> = {};
    const notes: string[] = [
      // The archive's pass over values that came before (a PV's first value, its raw value a
      // minute on) is work the idle window may hold: its rows say whether it did.
      `The server with no value arriving: ${(100 * idleCpuPerS).toFixed(1)} % of a core, ${Math.round((idle1.archiveRows - idle0.archiveRows) / idleSeconds).toLocaleString('en')} archive rows written, ${Math.round((idle1.samples - idle0.samples) / idleSeconds).toLocaleString('en')} values taken in, ${((requestsOf(idle1.routes) - requestsOf(idle0.routes)) / idleSeconds).toFixed(1)} HTTP requests and ${((idle1.hubFrames - idle0.hubFrames) / idleSeconds).toFixed(1)} hub frames sent a second (${busiestRoutes(idle0.routes, idle1.routes, idleSeconds)}).`,
    ];
    for (const rate of p.rates) {
      publisher.setRate(rate);
      await sleep(p.warmupMs);
      const cells = await front.evaluate<number>(OBSERVE);
      hubLatency.length = 0;
      hubRecording = true;
      const brokerCpu0 = cpuSecondsOf(brokerPid);
      const publisherCpu0 = cpuSecondsOf(publisher.pid);
      const load0 = loadavg()[0]!;
      const pub0 = await publisher.count();
      const srv0 = await serverCounters(server);
      const t0 = performance.now();
      await sleep(p.windowMs);
      const pub1 = await publisher.count();
      const srv1 = await serverCounters(server);
      const seconds = (performance.now() - t0) / 1000;
      hubRecording = false;
      const brokerPct = (100 * (cpuSecondsOf(brokerPid) - brokerCpu0)) / seconds;
      const publisherPct = (100 * (cpuSecondsOf(publisher.pid) - publisherCpu0)) / seconds;
      const lat = await front.evaluate<Latencies>(
        `(() => { window.__fieldLatencyStop(); return window.__fieldLatency; })()`,
      );
      const load1 = loadavg()[0]!;
      const published = pub1.published - pub0.published;
      const skipped = pub1.skipped - pub0.skipped;
      const samples = srv1.samples - srv0.samples;
      const cpuUs = ((srv1.cpuS - srv0.cpuS) * 1e6) / Math.max(1, samples);
      const addedUs =
        ((srv1.cpuS - srv0.cpuS - idleCpuPerS * seconds) * 1e6) / Math.max(1, samples);
      const reached = (100 * samples) / Math.max(1, published);
      const set = (id: string, value: number) => {
        if (Number.isFinite(value)) figures[`${id}${rate}`] = { value: [value] };
      };
      if (lat.painted.length > 0) {
        set('latencyP50Ms', percentile(lat.painted, 50));
        set('latencyP95Ms', percentile(lat.painted, 95));
      }
      set('serverCpuUsPerValue', cpuUs);
      set('reachedPct', reached);
      const note =
        `${rate.toLocaleString('en')}/s asked: published ${Math.round(published / seconds).toLocaleString('en')}/s` +
        ` (skipped ${skipped.toLocaleString('en')}), the server took in ${Math.round(samples / seconds).toLocaleString('en')}/s` +
        ` (${reached.toFixed(1)} %) at ${((100 * (srv1.cpuS - srv0.cpuS)) / seconds).toFixed(0)} % of a core` +
        ` = ${cpuUs.toFixed(2)} µs per value (${addedUs.toFixed(2)} above idle),` +
        ` archive rows written ${Math.round((srv1.archiveRows - srv0.archiveRows) / seconds).toLocaleString('en')}/s;` +
        ` Mosquitto ${brokerPct.toFixed(0)} %, publisher ${publisherPct.toFixed(0)} % of a core; latency in the front tab over ${cells} value texts,` +
        ` ${lat.painted.length} changes: painted p50 ${percentile(lat.painted, 50).toFixed(0)} ms,` +
        ` p95 ${percentile(lat.painted, 95).toFixed(0)} ms (DOM written p50 ${percentile(lat.written, 50).toFixed(0)},` +
        ` p95 ${percentile(lat.written, 95).toFixed(0)} ms; out of the server's hub p50 ${percentile(hubLatency, 50).toFixed(0)},` +
        ` p95 ${percentile(hubLatency, 95).toFixed(0)} ms); load average ${load0.toFixed(1)} → ${load1.toFixed(1)}`;
      ctx.log(`  ${note}`);
      notes.push(note);
    }
    publisher.setRate(0);
    notes.push(
      `${p.stations} stations × ${p.pvsPerStation} MQTT JSON PVs (archived), one Mosquitto, the publisher (MQTT.js, QoS 0) in a process of its own; ${p.tabs} tabs on stations 1-${p.tabs}, latency from the front one.`,
      "Latency: device time (in the payload) to the first animation frame after the value's text changed in the front tab; the server sends field values in batches at least 50 ms apart (PEGEL_FIELD_FLUSH_MS, server/field/SPEC.md FV), which this includes.",
      'Server CPU per value: process_cpu_seconds_total over the window divided by pegel_field_samples_total (MQTT decoding, plant, archive and hub together).',
    );
    return { figures, notes };
  },
});
