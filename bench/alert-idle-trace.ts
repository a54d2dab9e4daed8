/**
 * `npx tsx bench/alert-idle-trace.ts [rate=0] [seconds=5] [cost] [--settle=3] [--css=…]
 * [--no-audio]`: what the current alert list (newest first, 1920 × 1080) costs its tab while it
 * just stands open. The flood server first raises 20 alerts a second for 3 s, so the list and the remote alarms
 * waiting hold a screenful of unacknowledged alarms; then the server is started again on the
 * same data with `rate` new alerts a second (0: none, the idle page). After `--settle`
 * seconds, prints the main thread's CPU (CDP ThreadTime) and task time in ms/s over a window
 * of its own; then the running animations, and a 4 s trace (devtools.timeline, main thread
 * only): wall and thread time and count by event, the elements a style recalc touched and the
 * layout objects a layout found dirty (counts, no clock), paints by layer, the compositor's
 * layers with their reasons and the drawing commands in each one's picture (its clipRects: a
 * clip entered, one per clipped paint chunk), one second of what ran in order (port messages,
 * React's work, frames), and each function call and timer by callee (source-mapped). `cost`
 * prints the cost window only (A/B runs). `--profile[=seconds]` adds a V8 CPU profile of the
 * page over that many seconds (default 4) after the cost window: self and inclusive time per
 * function, named through the build's source maps, the project's own functions apart
 * (`--profile-out=<file>` writes it as JSON too).
 * `--renders[=seconds]` counts, over that many seconds (default 4), the components React
 * rendered (called) and mounted in each commit, by name, as React's devtools hook sees them
 * (`RENDER_COUNTER`); on a minified build the names are the minifier's, so build the side to
 * read with `npx vite build --minify false --outDir …`; on a build with React's profiling
 * client (`react-dom/client` aliased to `react-dom/profiling`) it adds each one's own render
 * time (`selfBaseDuration`). `--no-audio` removes Web Audio from the page, so the horn that
 * the list's unacknowledged alarms sound cannot (what the sound costs). Serves the dist/ of
 * the checkout it lives in, or the build in `PEGEL_DIST_DIR`. Prints figures, asserts nothing.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { startPlantServer } from '../tests/support/plantServer.ts';
import {
  alertFloodEnv,
  launchTraceBrowser,
  measureCostWindow,
  openAlertList,
} from './harness/alertList.ts';
import { sourceName } from './harness/sourceNames.ts';
import { recordTrace, type TraceEvent } from './harness/trace.ts';
import { profilePage } from './harness/workerProfile.ts';
import { profileTable } from './harness/profileTable.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rate = Number(positional[0] ?? 0);
const seconds = Number(positional[1] ?? 5);
const costOnly = positional[2] === 'cost';
/** `--settle=35`: seconds the page stands before the windows (the header's pulse lasts 30). */
/** `--css=<rules>`: a style sheet added to the page first, to try a change without a build. */
const css = process.argv.find((a) => a.startsWith('--css='))?.slice('--css='.length);
/** `--profile[=4]`: a source-mapped CPU profile of the page over that many seconds. */
const profileArg = process.argv.find((a) => a === '--profile' || a.startsWith('--profile='));
const profileS = profileArg ? Number(profileArg.split('=')[1] ?? 4) : 0;
/** `--profile-out=<file>`: the profile's JSON too (open it in the browser's devtools). */
const profileOut = process.argv.find((a) => a.startsWith('--profile-out='))?.slice(14);
/** `--renders[=4]`: components rendered per second, by name. */
const rendersArg = process.argv.find((a) => a === '--renders' || a.startsWith('--renders='));
const rendersS = rendersArg ? Number(rendersArg.split('=')[1] ?? 4) : 0;

/**
 * React's devtools hook, installed before the page's scripts: on each commit it walks the
 * fibers that changed (as the devtools do: a subtree whose child is the one of its last
 * commit was not visited) and counts the function components called (PerformedWork) or
 * mounted, by name, into `window.__renders` while `window.__countRenders` is set.
 */
const RENDER_COUNTER = `(() => {
  const counts = new Map();
  const ms = new Map();
  const commits = new Map();
  window.__renders = counts;
  window.__renderMs = ms;
  window.__commits = commits;
  // Which commits ran in an animation frame's callback (the frame gate's flushSync).
  let inFrame = false;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) =>
    raf((t) => {
      inFrame = true;
      try {
        cb(t);
      } finally {
        inFrame = false;
      }
    });
  let kind = '';
  const name = (f) => {
    const t = f.type;
    if (!t) return null;
    if (typeof t === 'function') return t.displayName || t.name || '(anonymous)';
    if (typeof t === 'object') {
      const inner = t.type || t.render;
      if (inner) return 'memo/forwardRef ' + (inner.displayName || inner.name || '(anonymous)');
    }
    return null;
  };
  const walk = (next, prev) => {
    const n = name(next);
    if (n && (prev === null || (next.flags & 1) === 1)) {
      const k = kind + (prev === null ? 'mount ' : '') + n;
      counts.set(k, (counts.get(k) || 0) + 1);
      if (typeof next.selfBaseDuration === 'number')
        ms.set(k, (ms.get(k) || 0) + next.selfBaseDuration);
    }
    if (prev !== null && next.child === prev.child) return;
    for (let c = next.child; c; c = c.sibling) walk(c, c.alternate);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root, priority) {
      if (!window.__countRenders) return;
      // 1: immediate (flushSync, a store's update in a microtask), 3: normal (a task).
      kind = (inFrame ? 'frame' : 'p' + priority) + ': ';
      commits.set(kind, (commits.get(kind) || 0) + 1);
      const cur = root.current;
      for (let c = cur.child; c; c = c.sibling) walk(c, c.alternate);
    },
  };
})();`;
/** `--no-audio`: the page without Web Audio, so the horn cannot sound (what the sound costs). */
const noAudio = process.argv.includes('--no-audio');
const NO_AUDIO = 'delete window.AudioContext; delete window.webkitAudioContext;';
const settleS = Number(
  process.argv.find((a) => a.startsWith('--settle='))?.slice('--settle='.length) ?? 3,
);

async function trace(cdp: CDPSession, ms: number): Promise<TraceEvent[]> {
  const { events } = await recordTrace(
    cdp,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc'],
    () => new Promise((r) => setTimeout(r, ms)),
  );
  return events;
}

// The list fills first; `env` is the object the server's restart launches with.
const env = alertFloodEnv(20);
const server = await startPlantServer({ env });
await new Promise((r) => setTimeout(r, 3000));
await server.stop();
env.PEGEL_ALERT_FLOOD_PER_SEC = String(rate);
await server.restart();

const browser = await launchTraceBrowser();
try {
  const list = await openAlertList(browser, server.url, {
    css,
    settleMs: settleS * 1000,
    initScript:
      [rendersS > 0 ? RENDER_COUNTER : '', noAudio ? NO_AUDIO : ''].filter(Boolean).join('\n') ||
      undefined,
  });
  const { context, page } = list;
  const cdp = await context.newCDPSession(page);
  const { rowsBefore, rowsAfter, secs, d } = await measureCostWindow(list, seconds);
  const perSec = (k: string) => ((d(k) * 1000) / secs).toFixed(1);
  const costLine = `rate ${rate}/s, rows ${rowsBefore} → ${rowsAfter}; main thread ms/s: CPU ${perSec('ThreadTime')}, task ${perSec('TaskDuration')}, script ${perSec('ScriptDuration')}, style ${perSec('RecalcStyleDuration')}, layout ${perSec('LayoutDuration')}; style recalcs ${(d('RecalcStyleCount') / secs).toFixed(1)}/s, layouts ${(d('LayoutCount') / secs).toFixed(1)}/s`;
  console.log(costLine);
  if (rendersS > 0) {
    const rows0 = await list.rowCount();
    await page.evaluate(() => {
      (window as unknown as { __countRenders: boolean }).__countRenders = true;
    });
    await page.waitForTimeout(rendersS * 1000);
    const { commits, counts, ms } = await page.evaluate(() => {
      const w = window as unknown as {
        __countRenders: boolean;
        __commits: Map<string, number>;
        __renders: Map<string, number>;
        __renderMs: Map<string, number>;
      };
      w.__countRenders = false;
      return {
        commits: [...w.__commits.entries()].map(([k, n]) => `${k}${n}`).join(', '),
        counts: [...w.__renders.entries()],
        ms: Object.fromEntries(w.__renderMs),
      };
    });
    const added = Math.max(1, (await list.rowCount()) - rows0);
    console.log(
      `components rendered over ${rendersS} s, ${added} new alerts, commits ${commits} (per new alert: renders, and their own render time on a profiling build):\n` +
        counts
          .sort((a, b) => b[1] - a[1])
          .slice(0, 40)
          .map(
            ([k, n]) =>
              `  ${(n / added).toFixed(1).padStart(7)} ${k in ms ? `${((ms[k]! * 1000) / added).toFixed(0).padStart(6)} µs` : ''}  ${k}`,
          )
          .join('\n'),
    );
  }
  if (profileS > 0) {
    const { profile } = await profilePage(page, () => page.waitForTimeout(profileS * 1000), 200);
    console.log(`CPU profile over ${profileS} s at ${rate}/s:\n${profileTable(profile, 40)}`);
    if (profileOut) writeFileSync(profileOut, JSON.stringify(profile));
  }
  if (!costOnly) {
    const animations = await page.evaluate(() =>
      document
        .getAnimations()
        .map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          const pseudo = (a.effect as KeyframeEffect | null)?.pseudoElement ?? '';
          return `${(a as CSSAnimation).animationName ?? a.id} on ${target?.className ?? '?'}${pseudo}`;
        })
        .join('; '),
    );
    console.log(`running animations: ${animations || 'none'}`);
    const traceMs = 4000;
    const events = await trace(cdp, traceMs);
    const main = events.find(
      (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
    );
    const onMain = (e: TraceEvent) => !main || (e.pid === main.pid && e.tid === main.tid);
    const complete = events.filter((e) => (e.ph === 'X' || e.ph === 'B') && onMain(e));
    const byName = new Map<string, { ms: number; cpu: number; n: number }>();
    for (const e of complete) {
      const s = byName.get(e.name) ?? { ms: 0, cpu: 0, n: 0 };
      s.ms += (e.dur ?? 0) / 1000;
      s.cpu += (e.tdur ?? 0) / 1000;
      s.n++;
      byName.set(e.name, s);
    }
    const per = traceMs / 1000;
    // Thread time beside wall time: on a loaded machine a frame waits for a core, and only
    // its thread time says what it cost.
    console.log(
      `main thread, ${per} s trace, by event (ms/s inclusive: wall, thread; count/s; thread ms each):\n` +
        [...byName.entries()]
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 24)
          .map(
            ([k, s]) =>
              `  ${(s.ms / per).toFixed(1).padStart(7)} ${(s.cpu / per).toFixed(1).padStart(7)}  ${(s.n / per).toFixed(1).padStart(6)}/s ${(s.cpu / s.n).toFixed(2).padStart(6)}  ${k}`,
          )
          .join('\n'),
    );
    // What a frame touched, by count (no clock): elements restyled, layout objects laid out.
    const sumArg = (name: string, pick: (a: Record<string, unknown>) => unknown) => {
      const xs = complete
        .filter((e) => e.name === name)
        .map((e) => Number(pick(e.args ?? {}) ?? 0));
      return { n: xs.length, sum: xs.reduce((a, b) => a + b, 0) };
    };
    const restyled = sumArg('UpdateLayoutTree', (a) => a.elementCount);
    const dirty = sumArg(
      'Layout',
      (a) => (a.beginData as { dirtyObjects?: number } | undefined)?.dirtyObjects,
    );
    const total = sumArg(
      'Layout',
      (a) => (a.beginData as { totalObjects?: number } | undefined)?.totalObjects,
    );
    console.log(
      `per recalc ${(restyled.sum / Math.max(1, restyled.n)).toFixed(0)} elements restyled; per layout ${(dirty.sum / Math.max(1, dirty.n)).toFixed(0)} of ${(total.sum / Math.max(1, total.n)).toFixed(0)} objects dirty`,
    );
    const callees = new Map<string, number>();
    for (const e of complete)
      if (e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'FireAnimationFrame') {
        const data = e.args?.data as
          | {
              functionName?: string;
              url?: string;
              lineNumber?: number;
              columnNumber?: number;
              timerId?: number;
            }
          | undefined;
        const k = `${e.name}: ${
          data?.url
            ? // A trace's positions count from 1, a source map's lines from 1 and columns from 0.
              sourceName(
                data.functionName ?? '',
                data.url,
                (data.lineNumber ?? 1) - 1,
                (data.columnNumber ?? 1) - 1,
              )
            : (data?.functionName ?? data?.timerId ?? '?')
        }`;
        callees.set(k, (callees.get(k) ?? 0) + 1);
      }
    await cdp.send('DOM.enable');
    await cdp.send('DOM.getDocument', { depth: 0 });
    /** `tag.class` of a node by its backend id (a trace's nodeId, a layer's backendNodeId). */
    const describe = async (backendNodeId: number | undefined): Promise<string> => {
      if (!backendNodeId) return '';
      const { nodeIds } = (await cdp
        .send('DOM.pushNodesByBackendIdsToFrontend', { backendNodeIds: [backendNodeId] })
        .catch(() => ({ nodeIds: [] as number[] }))) as { nodeIds: number[] };
      if (!nodeIds[0]) return `#${backendNodeId}`;
      const d = (await cdp.send('DOM.describeNode', { nodeId: nodeIds[0] }).catch(() => null)) as {
        node: { localName: string; nodeName: string; attributes?: string[]; pseudoType?: string };
      } | null;
      if (!d) return `#${backendNodeId}`;
      const attrs = d.node.attributes ?? [];
      const at = attrs.indexOf('class');
      const cls = at >= 0 ? `.${attrs[at + 1]!.trim().replace(/\s+/g, '.')}` : '';
      return `${d.node.localName || d.node.nodeName}${d.node.pseudoType ? `::${d.node.pseudoType}` : ''}${cls}`;
    };
    const paints = new Map<string, { n: number; area: number }>();
    for (const e of complete)
      if (e.name === 'Paint') {
        const data = e.args?.data as
          { clip?: number[]; nodeId?: number; layerId?: number } | undefined;
        const clip = data?.clip ?? [];
        const w =
          clip.length >= 8
            ? Math.max(clip[0]!, clip[2]!, clip[4]!, clip[6]!) -
              Math.min(clip[0]!, clip[2]!, clip[4]!, clip[6]!)
            : 0;
        const h =
          clip.length >= 8
            ? Math.max(clip[1]!, clip[3]!, clip[5]!, clip[7]!) -
              Math.min(clip[1]!, clip[3]!, clip[5]!, clip[7]!)
            : 0;
        const k = `${await describe(data?.nodeId)} ${w.toFixed(0)}×${h.toFixed(0)}`;
        const s = paints.get(k) ?? { n: 0, area: 0 };
        s.n++;
        paints.set(k, s);
      }
    console.log(
      'paints (count/s):\n' +
        [...paints.entries()]
          .sort((a, b) => b[1].n - a[1].n)
          .slice(0, 12)
          .map(([k, s]) => `  ${(s.n / per).toFixed(1).padStart(6)}/s  ${k}`)
          .join('\n'),
    );
    await cdp.send('LayerTree.enable');
    const layers = await new Promise<
      {
        layerId: string;
        backendNodeId?: number;
        width: number;
        height: number;
        drawsContent: boolean;
      }[]
    >((r) =>
      cdp.once('LayerTree.layerTreeDidChange', (e) => r((e as { layers?: never[] }).layers ?? [])),
    );
    const described: string[] = [];
    /** Drawing commands by name in a layer's picture (clipRect: a clip entered, one per chunk). */
    const commands = async (layerId: string): Promise<string> => {
      const made = (await cdp.send('LayerTree.makeSnapshot', { layerId }).catch(() => null)) as {
        snapshotId: string;
      } | null;
      if (!made) return '';
      const { commandLog } = (await cdp.send('LayerTree.snapshotCommandLog', {
        snapshotId: made.snapshotId,
      })) as { commandLog: { method: string }[] };
      await cdp.send('LayerTree.releaseSnapshot', { snapshotId: made.snapshotId });
      const count = (m: string) => commandLog.filter((c) => c.method === m).length;
      return ` {${commandLog.length} commands: clipRect ${count('clipRect')}, drawTextBlob ${count('drawTextBlob')}}`;
    };
    for (const l of layers) {
      const what = await describe(l.backendNodeId);
      const reasons = (await cdp
        .send('LayerTree.compositingReasons', { layerId: l.layerId })
        .catch(() => ({ compositingReasonIds: [] }))) as { compositingReasonIds?: string[] };
      const drawn = l.drawsContent ? await commands(l.layerId) : '';
      described.push(
        `  ${l.width}×${l.height}${l.drawsContent ? ' draws' : ''} ${what} [${(reasons.compositingReasonIds ?? []).join(', ')}]${drawn}`,
      );
    }
    console.log(`layers (${layers.length}):\n${described.join('\n')}`);
    // One second of the main thread in order: what ran, and the frames it led to.
    const timed = complete
      .filter((e) => e.ts !== undefined && (e.dur ?? 0) >= 100)
      .filter((e) =>
        [
          'FunctionCall',
          'FireAnimationFrame',
          'TimerFire',
          'ProxyMain::BeginMainFrame',
          'ResourceReceiveResponse',
          'EventDispatch',
        ].includes(e.name),
      )
      .sort((a, b) => a.ts! - b.ts!);
    const from = timed[Math.floor(timed.length / 3)]?.ts ?? 0;
    console.log(
      'one second in order (ms from its start, duration ms):\n' +
        timed
          .filter((e) => e.ts! >= from && e.ts! < from + 1e6)
          .map((e) => {
            const data = e.args?.data as
              | { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }
              | undefined;
            const what =
              e.name === 'FunctionCall' && data?.url
                ? sourceName(
                    data.functionName ?? '',
                    data.url,
                    (data.lineNumber ?? 1) - 1,
                    (data.columnNumber ?? 1) - 1,
                  )
                : '';
            return `  ${((e.ts! - from) / 1000).toFixed(1).padStart(7)} ${((e.dur ?? 0) / 1000).toFixed(1).padStart(5)}  ${e.name} ${what}`;
          })
          .join('\n'),
    );
    console.log(
      'calls, timers and frame callbacks (count/s):\n' +
        [...callees.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 16)
          .map(([k, n]) => `  ${(n / per).toFixed(1).padStart(6)}/s  ${k}`)
          .join('\n'),
    );
  }
  await context.close();
} finally {
  await browser.close();
  await server.dispose();
}
