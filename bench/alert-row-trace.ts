/**
 * `npx tsx bench/alert-row-trace.ts [alertsPerSec=20] [seconds=4]`: what one new alert costs
 * the current alert list (newest first, 1920 × 1080) from the engine's frame to pixels, in
 * the terms of a Chromium trace (devtools.timeline + invalidationTracking): DOM nodes added
 * and removed in the list, attribute and text writes, style recalcs and the elements each
 * recalculated, layouts and the objects each laid out, paints and their area, and the
 * main thread's script / style / layout time (CDP Performance metrics), per alert. Serves
 * the dist/ of the checkout it lives in. Prints figures, asserts nothing.
 */
import type { CDPSession } from 'playwright-core';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { profilePage } from './harness/workerProfile.ts';
import { largest, profileTable } from './harness/profileTable.ts';
import { sourceName } from './harness/sourceNames.ts';
import {
  alertFloodEnv,
  launchTraceBrowser,
  measureCostWindow,
  openAlertList,
} from './harness/alertList.ts';
import { recordTrace, type TraceEvent } from './harness/trace.ts';

const rate = Number(process.argv[2] ?? 20);
const seconds = Number(process.argv[3] ?? 4);
/** `cost`: the cost window only, no profile and no trace (for A/B runs). */
const costOnly = process.argv[4] === 'cost';

async function trace(cdp: CDPSession, ms: number): Promise<TraceEvent[]> {
  const { events } = await recordTrace(
    cdp,
    [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.invalidationTracking',
    ],
    () => new Promise((r) => setTimeout(r, ms)),
  );
  return events;
}

const MUTATIONS = `(() => {
  const c = { added: 0, removed: 0, attributes: 0, text: 0, tops: [] };
  window.__rowMutations = c;
  const list = document.querySelector('.alert-scroll');
  const count = (nodes) => { let n = 0; for (const node of nodes) { n++; if (node.querySelectorAll) n += node.querySelectorAll('*').length; } return n; };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') { c.added += count(r.addedNodes); c.removed += count(r.removedNodes); }
      else if (r.type === 'attributes') c.attributes++;
      else c.text++;
    }
  }).observe(list, { subtree: true, childList: true, attributes: true, characterData: true });
  const step = () => {
    const id = document.querySelector('.alert-row[data-index="0"]')?.dataset.alertId;
    if (id && c.tops[c.tops.length - 1] !== id) c.tops.push(id);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})()`;

const server = await startPlantServer({ env: alertFloodEnv(rate) });
const browser = await launchTraceBrowser();
try {
  const list = await openAlertList(browser, server.url, { settleMs: 2000 });
  const { context, page, rowCount } = list;
  const cdp = await context.newCDPSession(page);
  // The cost first, in a window of its own: neither the trace nor the observers below count.
  const { rowsBefore, rowsAfter, secs, d } = await measureCostWindow(list, seconds);
  const costAlerts = Math.max(1, rowsAfter - rowsBefore);
  const us = (k: string) => ((d(k) * 1e6) / costAlerts).toFixed(0);
  const costLine = `main thread per new row (cost window, ${costAlerts} rows), µs: task ${us('TaskDuration')}, script ${us('ScriptDuration')}, style ${us('RecalcStyleDuration')}, layout ${us('LayoutDuration')}; ms/s: task ${((d('TaskDuration') * 1000) / secs).toFixed(0)}, style recalcs ${(d('RecalcStyleCount') / secs).toFixed(0)}/s, layouts ${(d('LayoutCount') / secs).toFixed(0)}/s`;
  if (costOnly) {
    console.log(costLine);
    await browser.close();
    await server.dispose();
    process.exit(0);
  }
  const animations = await page.evaluate(() =>
    document
      .getAnimations()
      .map((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return `${(a as CSSAnimation).animationName ?? a.id} on ${target?.className ?? '?'}`;
      })
      .join('; '),
  );
  const p0 = await rowCount();
  const { profile } = await profilePage(page, () => page.waitForTimeout(3000), 200);
  const profiled = Math.max(1, (await rowCount()) - p0);
  await page.evaluate(MUTATIONS);
  const rows1 = await rowCount();
  const events = await trace(cdp, 2000);
  const rows2 = await rowCount();
  const mut = (await page.evaluate('window.__rowMutations')) as {
    added: number;
    removed: number;
    attributes: number;
    text: number;
    tops: string[];
  };
  const alerts = Math.max(1, rows2 - rows1);
  const per = (n: number) => (n / alerts).toFixed(1);

  // The page's main thread only (the trace holds the compositor's and raster threads too).
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const complete = events.filter(
    (e) => (e.ph === 'X' || e.ph === 'B') && (!main || (e.pid === main.pid && e.tid === main.tid)),
  );
  const styles = complete.filter((e) => e.name === 'UpdateLayoutTree');
  const elements = styles.reduce(
    (s, e) => s + Number((e.args?.elementCount as unknown) ?? e.args?.data?.elementCount ?? 0),
    0,
  );
  const layouts = complete.filter((e) => e.name === 'Layout');
  const dirty = layouts.reduce((s, e) => s + Number(e.args?.beginData?.dirtyObjects ?? 0), 0);
  const total = layouts.reduce((s, e) => s + Number(e.args?.beginData?.totalObjects ?? 0), 0);
  const partial = layouts.filter((e) => e.args?.beginData?.partialLayout === true).length;
  const paints = complete.filter((e) => e.name === 'Paint');
  const area = paints.reduce((s, e) => {
    const clip = e.args?.data?.clip as number[] | undefined;
    if (!clip || clip.length < 8) return s;
    const xs = [clip[0]!, clip[2]!, clip[4]!, clip[6]!];
    const ys = [clip[1]!, clip[3]!, clip[5]!, clip[7]!];
    return s + (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
  }, 0);
  const invalidations = new Map<string, number>();
  for (const e of events)
    if (e.name.endsWith('InvalidationTracking') || e.name === 'ScheduleStyleInvalidationTracking') {
      const reason = String(e.args?.data?.reason ?? e.args?.data?.changedAttribute ?? '');
      const k = `${e.name}${reason ? ` (${reason})` : ''}`;
      invalidations.set(k, (invalidations.get(k) ?? 0) + 1);
    }
  const frames = events.filter((e) => e.name === 'DrawFrame' || e.name === 'Commit').length;

  console.log(
    `alerts/s at the server: ${rate}; cost window ${secs.toFixed(1)} s, ${costAlerts} new rows; trace window ${alerts} new rows`,
  );
  console.log(`top row changed ${mut.tops.length} times`);
  console.log(
    `per alert: DOM nodes added ${per(mut.added)}, removed ${per(mut.removed)}, attribute writes ${per(mut.attributes)}, text writes ${per(mut.text)}`,
  );
  console.log(
    `per alert: style recalcs ${per(styles.length)} (elements ${per(elements)}), layouts ${per(layouts.length)} (dirty objects ${per(dirty)}, of ${per(total)}; partial ${partial}/${layouts.length}), paints ${per(paints.length)} (area ${per(area)} px²); frames/commits in trace ${frames}`,
  );
  console.log(costLine);
  console.log(
    'invalidations:',
    largest(invalidations, 12, (k, n) => `${k} ${n}`),
  );
  const byName = new Map<string, number>();
  for (const e of complete) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
  console.log(
    'main thread, trace time by event (ms, inclusive):',
    largest(byName, 16, (k, us) => `${k} ${(us / 1000).toFixed(0)}`, ', '),
  );
  const calls = new Map<string, number>();
  for (const e of complete)
    if (e.name === 'FunctionCall') {
      const data = e.args?.data as
        | { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }
        | undefined;
      const k = data?.url
        ? // A trace's positions count from 1, a profile's from 0.
          sourceName(
            data.functionName ?? '',
            data.url,
            (data.lineNumber ?? 1) - 1,
            (data.columnNumber ?? 1) - 1,
          )
        : (data?.functionName ?? '?');
      calls.set(k, (calls.get(k) ?? 0) + (e.dur ?? 0));
    }
  console.log(
    'main thread FunctionCall by callee (ms):',
    largest(calls, 10, (k, us) => `${k} ${(us / 1000).toFixed(0)}`),
  );
  console.log(`running animations: ${animations || 'none'}`);
  console.log(`CPU profile over ${profiled} new rows:\n${profileTable(profile)}`);
  await context.close();
} finally {
  await browser.close();
  await server.dispose();
}
