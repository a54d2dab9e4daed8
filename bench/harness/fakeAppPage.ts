/**
 * The page the fake plant serves for every other path: a stand-in for a Pegel tab that
 * speaks the hub protocol itself (one connection per tab) and implements
 * window.__pegelBench, so the Pegel side of the scenarios can be checked without the app.
 * Station pages (`/stations/<n>`) subscribe that station's PVs.
 */
export const FAKE_APP_PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<title>fake Pegel tab</title><pre id="out">…</pre>
<script type="module">
const RS = '\\x1e';
const stats = { valuesApplied: 0, frames: 0, dataPathMsPerFrame: [], latenciesMs: [], since: performance.now(), firstValueMs: null };
window.__pegelBench = {
  snapshot: () => ({ valuesApplied: stats.valuesApplied, frames: stats.frames, dataPathMsPerFrame: stats.dataPathMsPerFrame.slice(),
    latenciesMs: stats.latenciesMs.slice(), windowMs: performance.now() - stats.since, firstValueMs: stats.firstValueMs }),
  reset: () => { stats.valuesApplied = 0; stats.frames = 0; stats.dataPathMsPerFrame = []; stats.latenciesMs = []; stats.since = performance.now(); },
};
const m = /^\\/stations\\/(\\d+)/.exec(location.pathname);
if (m) {
  const nodes = await (await fetch('/api/Pv/getallpvnodes')).json();
  const node = nodes.find((n) => n.stationNumber === Number(m[1])) ?? nodes[0];
  const prefix = { AnaIn: 'ai', DigiIn: 'di' };
  const keys = node.pvs.map((r) => (prefix[r.type] ?? 'ai') + r.nr);
  const neg = await (await fetch('/hubs/pv/negotiate?negotiateVersion=1', { method: 'POST' })).json();
  const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/hubs/pv?id=' + encodeURIComponent(neg.connectionToken));
  const out = document.getElementById('out');
  ws.onopen = () => ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
  ws.onmessage = (e) => {
    for (const part of String(e.data).split(RS)) {
      if (!part) continue;
      const msg = JSON.parse(part);
      if (msg.type === undefined) ws.send(JSON.stringify({ type: 1, invocationId: '0', target: 'SubscribeToPvs', arguments: [keys] }) + RS);
      if (msg.type === 1 && msg.target === 'newValues') {
        const t0 = performance.now();
        const values = msg.arguments[0];
        stats.frames++;
        stats.valuesApplied += values.length;
        const last = values[values.length - 1];
        out.textContent = last.pvRef.nr + ': ' + last.doubleValue;
        if (stats.firstValueMs === null) stats.firstValueMs = performance.now();
        const now = Date.now();
        for (const v of values) if (stats.latenciesMs.length < 20000) stats.latenciesMs.push(now - v.timestamp);
        stats.dataPathMsPerFrame.push(performance.now() - t0);
      }
    }
  };
}
</script>`;
