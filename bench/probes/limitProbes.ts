/**
 * In-page code of the machine-limit measurements, as JavaScript source strings.
 * NOTE: strings, not functions: tsx (esbuild keepNames) wraps inner functions in
 * `__name(...)`, which does not exist in the page. Each probe is an async expression taking
 * its arguments from `window.__args` and resolving to plain numbers.
 */

/** A realistic `newValues` invocation as the hub sends it: mostly analog, some digital values. */
export const FRAME_SOURCE = `
  window.makeNewValuesFrame = (count, seed) => {
    const values = [];
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      const nr = 100001 + ((i * 7919 + seed) % 100000);
      if (i % 5 === 4)
        values.push({ pvRef: { type: 'DigiIn', nr }, typeOfValue: 'BoolValue', boolValue: (i + seed) % 2 === 0, quality: 'Good', timestamp: now - (i % 1000) });
      else
        values.push({ pvRef: { type: 'AnaIn', nr }, typeOfValue: 'DoubleValue', doubleValue: Math.round(Math.sin(i + seed) * 1e6) / 1e3, quality: 'Good', timestamp: now - (i % 1000) });
    }
    return JSON.stringify({ type: 1, target: 'newValues', arguments: [values] }) + '\\x1e';
  };
`;

/** JSON.parse of SignalR text frames: bytes and PvValue objects per second. */
export const JSON_PARSE_PROBE = `(async () => {
  const { valuesPerFrame, durationMs } = window.__args;
  const frames = [0, 1, 2, 3].map((s) => window.makeNewValuesFrame(valuesPerFrame, s));
  const bytes = frames.map((f) => new TextEncoder().encode(f).byteLength);
  let parsedBytes = 0, parsedValues = 0, i = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < durationMs) {
    const k = i++ % frames.length;
    for (const part of frames[k].split('\\x1e')) {
      if (!part) continue;
      const msg = JSON.parse(part);
      parsedValues += msg.arguments[0].length;
    }
    parsedBytes += bytes[k];
    t = performance.now();
  }
  const s = (t - t0) / 1000;
  return { mbPerSec: parsedBytes / 1e6 / s, valuesPerSec: parsedValues / s, frameBytes: bytes[0] };
})()`;

/** Worker whose messages the limit probes count, echo or time. */
export const LIMIT_WORKER_SOURCE = `
onmessage = (e) => {
  const m = e.data;
  if (m.op === 'burst') {
    for (let i = 0; i < m.count; i++) postMessage({ key: 'ai100001', v: i, t: 1700000000000 + i });
    return;
  }
  if (m.op === 'echo') { postMessage(m, m.transfer ? [m.data.buffer] : []); return; }
};
`;

/** The same burst from a SharedWorker over its MessagePort: the engine's path to a tab. */
export const LIMIT_SHARED_WORKER_SOURCE = `
onconnect = (e) => {
  const port = e.ports[0];
  port.onmessage = (m) => {
    if (m.data.op === 'burst')
      for (let i = 0; i < m.data.count; i++) port.postMessage({ key: 'ai100001', v: i, t: 1700000000000 + i });
    else port.postMessage(m.data);
  };
};
`;

/**
 * Messages a worker sends back to back, delivered per second: `setup` starts the worker once,
 * `port` (an expression) is its end in the page, answered once with `ping` before the burst.
 */
const burstProbe = (setup: string, port: string, ping: string) => `(async () => {
  const { count } = window.__args;
  ${setup}
  const port = ${port};
  await new Promise((r) => { port.onmessage = r; port.postMessage(${ping}); });
  return await new Promise((resolve) => {
    let got = 0;
    const t0 = performance.now();
    port.onmessage = () => {
      if (++got === count) resolve({ messagesPerSec: count / ((performance.now() - t0) / 1000) });
    };
    port.postMessage({ op: 'burst', count });
  });
})()`;

/** SharedWorker-to-tab postMessage: small messages delivered per second. */
export const SHARED_POST_MESSAGE_PROBE = burstProbe(
  "if (!window.__limitShared) { window.__limitShared = new SharedWorker('/limit-shared-worker.js'); window.__limitShared.port.start(); }",
  'window.__limitShared.port',
  "{ op: 'ping' }",
);

/** Worker-to-tab postMessage: small messages delivered per second. */
export const POST_MESSAGE_PROBE = burstProbe(
  '',
  "window.__limitWorker ??= new Worker('/limit-worker.js')",
  "{ op: 'echo', data: new Float64Array(1) }",
);

/** Structured clone in-thread, and copy vs transfer round trips to a worker, for a Float64Array. */
export const CLONE_PROBE = `(async () => {
  const { elements, rounds, transferRounds } = window.__args;
  const w = window.__limitWorker ??= new Worker('/limit-worker.js');
  const bytes = elements * 8;
  const fresh = () => { const a = new Float64Array(elements); for (let i = 0; i < elements; i++) a[i] = i * 0.5; return a; };
  let a = fresh();
  let t0 = performance.now();
  for (let i = 0; i < rounds; i++) structuredClone(a);
  const cloneS = (performance.now() - t0) / 1000;
  const roundTrip = (transfer) => new Promise((resolve) => {
    w.onmessage = (e) => resolve(e.data.data);
    w.postMessage({ op: 'echo', data: a, transfer }, transfer ? [a.buffer] : []);
  });
  await roundTrip(false);
  t0 = performance.now();
  for (let i = 0; i < rounds; i++) await roundTrip(false);
  const copyS = (performance.now() - t0) / 1000;
  a = fresh();
  await roundTrip(true).then((d) => { a = d; });
  t0 = performance.now();
  for (let i = 0; i < transferRounds; i++) a = await roundTrip(true);
  const transferS = (performance.now() - t0) / 1000;
  return {
    cloneMbPerSec: (bytes * rounds) / 1e6 / cloneS,
    copyMbPerSec: (2 * bytes * rounds) / 1e6 / copyS,
    transferMbPerSec: (2 * bytes * transferRounds) / 1e6 / transferS,
    transferMsPerMessage: (transferS * 1000) / (2 * transferRounds),
  };
})()`;

/**
 * uPlot setData-to-drawn time for N points on a chart-sized canvas (software rendering).
 * Reading one pixel back in the draw hook makes Chromium rasterise the canvas, so the time
 * includes painting, not only recording the draw commands.
 */
export const UPLOT_PROBE = `(async () => {
  const { points, width, height } = window.__args;
  const xs = new Float64Array(points), ys = new Float64Array(points);
  const start = 1.7e9;
  const seed = Math.random();
  for (let i = 0; i < points; i++) { xs[i] = start + i * (31536000 / points); ys[i] = Math.sin(i / 5000 + seed) * 10 + ((i * 7919) % 100) / 50; }
  document.body.innerHTML = '<div id="chart"></div>';
  let drawn = null;
  const u = new uPlot({
    width, height,
    scales: { x: { time: true } },
    series: [{}, { label: 'value', stroke: '#1f5fbf', width: 1 }],
    hooks: { draw: [(u) => { if (!drawn) return; u.ctx.getImageData(0, 0, 1, 1); drawn(performance.now()); }] },
  }, [[start, start + 1], [0, 1]], document.getElementById('chart'));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const done = new Promise((r) => { drawn = r; });
  const t0 = performance.now();
  u.setData([xs, ys]);
  const t1 = await done;
  u.destroy();
  return { renderMs: t1 - t0 };
})()`;
