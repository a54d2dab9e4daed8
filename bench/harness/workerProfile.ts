/**
 * CPU of a worker target over a window, from a V8 CPU profile (CDP Profiler on the
 * worker's own session): busy time is the sampled time outside the "(idle)" node, and the
 * same profile names where that time went (self time per function). Page CDP sessions of
 * Playwright cannot reach a SharedWorker; this goes through the browser's raw CDP.
 */
import type { Page } from 'playwright-core';
import type { BrowserCdp, TargetInfo } from './BrowserCdp.ts';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface HotSpot {
  /** `function (file:line)`, or a V8 pseudo node such as "(garbage collector)". */
  name: string;
  selfMs: number;
  /** Share of the busy (non-idle) time, percent. */
  pct: number;
}

export interface WorkerCpu {
  wallMs: number;
  busyMs: number;
  /** Busy share of one core over the window, percent. */
  busyPct: number;
  /** Functions by self time, busiest first. */
  top: HotSpot[];
}

const IDLE = '(idle)';

function nameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || '(anonymous)';
  const file = url.slice(url.lastIndexOf('/') + 1).split('?')[0];
  return `${functionName || '(anonymous)'} (${file}:${lineNumber + 1})`;
}

/** Busy time and hot spots of a profile; `topN` functions by self time. */
export function summarizeProfile(profile: CpuProfile, topN = 12): WorkerCpu {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<string, number>();
  let busyUs = 0;
  // A sample's delta is the time since the previous sample: it is charged to this sample.
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    const dt = Math.max(0, deltas[i] ?? 0);
    if (!node || node.callFrame.functionName === IDLE) continue;
    busyUs += dt;
    const name = nameOf(node);
    selfUs.set(name, (selfUs.get(name) ?? 0) + dt);
  }
  const wallUs = Math.max(1, profile.endTime - profile.startTime);
  const top = [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topN)
    .map(([name, us]) => ({ name, selfMs: us / 1000, pct: busyUs ? (100 * us) / busyUs : 0 }));
  return { wallMs: wallUs / 1000, busyMs: busyUs / 1000, busyPct: (100 * busyUs) / wallUs, top };
}

/** The SharedWorker target whose URL contains `urlPart` (the engine's chunk by default). */
export async function findSharedWorker(
  cdp: BrowserCdp,
  urlPart = 'engine.worker',
): Promise<TargetInfo | null> {
  const targets = await cdp.targets();
  return targets.find((t) => t.type === 'shared_worker' && t.url.includes(urlPart)) ?? null;
}

type Send = <R>(method: string, params: Record<string, unknown>) => Promise<R>;

/** Runs `run` between Profiler.start and Profiler.stop of one CDP session. */
async function profileWith<T>(
  send: Send,
  run: () => Promise<T>,
  samplingUs: number,
): Promise<{ result: T; cpu: WorkerCpu; profile: CpuProfile }> {
  await send('Profiler.enable', {});
  await send('Profiler.setSamplingInterval', { interval: samplingUs });
  await send('Profiler.start', {});
  const stop = async () => {
    const { profile } = await send<{ profile: CpuProfile }>('Profiler.stop', {});
    await send('Profiler.disable', {}).catch(() => undefined);
    return profile;
  };
  let result: T;
  try {
    result = await run();
  } catch (err) {
    // Stopped in every case, so a failed run does not leave the profiler sampling.
    await stop().catch(() => undefined);
    throw err;
  }
  const profile = await stop();
  return { result, cpu: summarizeProfile(profile), profile };
}

/**
 * Profiles `targetId` while `run` runs; returns what `run` returned and the worker's CPU.
 * `samplingUs` is V8's sampling interval (the profiler's own cost grows as it shrinks).
 */
export async function profileWorker<T>(
  cdp: BrowserCdp,
  targetId: string,
  run: () => Promise<T>,
  samplingUs = 500,
): Promise<{ result: T; cpu: WorkerCpu; profile: CpuProfile }> {
  return cdp.withTarget(targetId, (sessionId) =>
    profileWith((method, params) => cdp.send(method, params, sessionId), run, samplingUs),
  );
}

/** As {@link profileWorker}, for a page's main thread (through the page's own CDP session). */
export async function profilePage<T>(
  page: Page,
  run: () => Promise<T>,
  samplingUs = 500,
): Promise<{ result: T; cpu: WorkerCpu; profile: CpuProfile }> {
  const session = await page.context().newCDPSession(page);
  try {
    const send: Send = async <R>(method: string, params: Record<string, unknown>) =>
      (await session.send(method as 'Profiler.start', params as never)) as R;
    return await profileWith(send, run, samplingUs);
  } finally {
    await session.detach().catch(() => undefined);
  }
}
