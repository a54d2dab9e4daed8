/**
 * Where a front tab's main thread goes, for a scenario's notes: a CPU profile over a window
 * of its own (the profiler's work would count in a cost window), 1 ms sampling, self time,
 * with the style recalculations and layouts of the same window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import type { BenchContext } from './context.ts';
import { profilePage, type WorkerCpu } from './workerProfile.ts';

/** A profile's eight busiest functions by self time, as a share of the busy time or in ms. */
export function topSelfTimes(cpu: WorkerCpu, as: 'share' | 'ms'): string {
  return cpu.top
    .slice(0, 8)
    .map(
      (h) => `${h.name} ${as === 'share' ? `${h.pct.toFixed(1)} %` : `${h.selfMs.toFixed(1)} ms`}`,
    )
    .join(', ');
}

/** One line for the notes: `what`, the busy share, style and layout rates, the top self times. */
export async function profileNote(
  ctx: BenchContext,
  what: string,
  page: Page,
  ms: number,
): Promise<string> {
  await page.bringToFront();
  const session = await ctx.probes.metricsSession(page);
  try {
    const before = await session.read();
    const t0 = Date.now();
    const { cpu } = await profilePage(page, () => sleep(ms), 1000);
    const after = await session.read();
    const perSec = (name: string) =>
      (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / (Date.now() - t0);
    const top = topSelfTimes(cpu, 'share');
    return (
      `${what}, front tab profiled ${ms / 1000} s: ${cpu.busyPct.toFixed(1)} % of a core sampled busy, ` +
      `${perSec('RecalcStyleCount').toFixed(0)} style recalcs/s, ${perSec('LayoutCount').toFixed(0)} layouts/s; ` +
      `self time of the busy time: ${top || 'none'} ("(program)" is the browser's own work: style, layout, paint)`
    );
  } finally {
    await session.close();
  }
}
